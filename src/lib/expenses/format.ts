// What the expense pages print for statuses, trail actions, distances and foreign amounts, in the
// page's locale; shared by server and browser (the server's money.ts parses, this only shows).
import { formatPrice } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';

// The statuses are the domain's (expenses/workflow.ts), kept in a module the browser may load.
export { CLAIM_STATUSES, type ClaimStatusName } from './statuses';
import type { ClaimStatusName } from './statuses';
import { CLAIM_STATUSES } from './statuses';

const STATUS_LABELS: Record<ClaimStatusName, () => string> = {
	draft: m.expense_page_status_draft,
	submitted: m.expense_page_status_submitted,
	awaiting_finance: m.expense_page_status_awaiting_finance,
	approved: m.expense_page_status_approved,
	rejected: m.expense_page_status_rejected,
	paid: m.expense_page_status_paid,
	withdrawn: m.expense_page_status_withdrawn
};

export function isClaimStatus(value: unknown): value is ClaimStatusName {
	return typeof value === 'string' && (CLAIM_STATUSES as readonly string[]).includes(value);
}

export function statusLabel(status: string): string {
	return isClaimStatus(status) ? STATUS_LABELS[status]() : status;
}

const NUMBER_LOCALE: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };

/** Metres as kilometres with at most one decimal: "12,5" / "12.5". */
export function formatKm(distanceM: number, locale: Locale): string {
	return (distanceM / 1000).toLocaleString(NUMBER_LOCALE[locale], { maximumFractionDigits: 1 });
}

/** An amount in hundredths of a foreign currency, as a number with two decimals. */
export function formatForeign(hundredths: number, locale: Locale): string {
	return (hundredths / 100).toLocaleString(NUMBER_LOCALE[locale], {
		minimumFractionDigits: 2,
		maximumFractionDigits: 2
	});
}

/** Øre per kilometre as kroner per kilometre: "3,50 kr/km". */
export function formatRate(orePerKm: number, locale: Locale): string {
	return `${formatPrice(orePerKm, locale)}/km`;
}
