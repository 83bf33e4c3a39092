// What the expense pages print for statuses, trail actions, distances and foreign amounts, in the
// page's locale; shared by server and browser (the server's money.ts parses, this only shows).
import { formatPrice } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';

export const CLAIM_STATUSES = [
	'draft',
	'submitted',
	'awaiting_finance',
	'approved',
	'rejected',
	'paid',
	'withdrawn'
] as const;
export type ClaimStatusName = (typeof CLAIM_STATUSES)[number];

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

const ACTION_LABELS: Record<string, () => string> = {
	create: m.expense_page_action_create,
	edit: m.expense_page_action_edit,
	submit: m.expense_page_action_submit,
	withdraw: m.expense_page_action_withdraw,
	approve: m.expense_page_action_approve,
	reject: m.expense_page_action_reject,
	pay: m.expense_page_action_pay,
	account_revealed: m.expense_page_action_account_revealed,
	account_erased: m.expense_page_action_account_erased
};

/** A trail entry's action in words; an action added later shows as its code until it has one. */
export function trailActionLabel(action: string): string {
	return ACTION_LABELS[action]?.() ?? action;
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

const REFUSALS: Record<string, () => string> = {
	not_found: m.expense_error_not_found,
	wrong_status: m.expense_error_wrong_status,
	not_claimant: m.expense_error_not_claimant,
	not_approver: m.expense_error_not_approver,
	own_claim: m.expense_error_own_claim,
	finance_only: m.expense_error_finance_only,
	stale: m.expense_error_stale,
	reason_required: m.expense_error_reason_required,
	payout_date: m.expense_error_payout_date,
	incomplete: m.expense_error_incomplete,
	invalid: m.expense_error_invalid,
	account_unreadable: m.expense_error_account_unreadable
};

/** The localized `expense_error_<code>` of a refused action. */
export function refusalMessage(code: string): string {
	return (REFUSALS[code] ?? m.expense_error_invalid)();
}
