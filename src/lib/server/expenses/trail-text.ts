// The words of a claim's detail page that follow from its stored state alone (the status, the
// audit trail, mileage and foreign-currency lines, the payout account's state, duplicate flags), in the request's language: sent as text, so
// the page does not carry every message it might need.
import { formatForeign, formatKm, formatRate } from '$lib/expenses/format';
import { formatDate, formatPrice } from '$lib/format';
import { statusLabel } from './words';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { trailTexts, type TrailEntry } from '../audit/trail-entry';
import type { ClaimDetail } from '.';

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

/** The details a reader needs of a trail entry: the status it led to, a reason, a payout date. */
function trailDetails(details: Record<string, unknown>, locale: Locale): string[] {
	const out: string[] = [];
	if (typeof details.to === 'string' && details.to !== details.from) {
		out.push(m.expense_page_trail_status({ status: statusLabel(details.to) }));
	}
	if (typeof details.reason === 'string') {
		out.push(m.expense_page_trail_reason({ reason: details.reason }));
	}
	if (typeof details.payout_date === 'string') {
		out.push(m.expense_page_trail_payout({ date: formatDate(details.payout_date, locale) }));
	}
	return out;
}

/** A line's words beyond what was typed: the trip and its km × rate, or the amount abroad. */
function lineTexts(line: ClaimDetail['lines'][number], locale: Locale) {
	if (line.kind === 'mileage') {
		return {
			mileage: m.expense_page_mileage({ from: line.from ?? '', to: line.to ?? '' }),
			calc: m.expense_page_mileage_calc({
				km: formatKm(line.distanceM ?? 0, locale),
				rate: formatRate(line.rateOrePerKm ?? 0, locale)
			})
		};
	}
	if (line.currency && line.currency !== 'NOK' && line.originalHundredths !== null) {
		return {
			foreign: m.expense_page_foreign({
				amount: formatForeign(line.originalHundredths, locale),
				currency: line.currency
			})
		};
	}
	return {};
}

/** The detail page's texts of one claim. */
export function claimPageTexts(claim: ClaimDetail, locale: Locale) {
	const lineNumber = (lineId: string) => claim.lines.findIndex((l) => l.id === lineId) + 1;
	return {
		status: statusLabel(claim.status),
		account:
			claim.payoutAccount ??
			(claim.accountErased
				? m.expense_page_account_erased()
				: claim.accountUnreadable
					? m.expense_page_account_unreadable()
					: m.expense_page_account_missing()),
		duplicates: claim.duplicates.map((dup) => {
			const params = { number: lineNumber(dup.lineId), status: statusLabel(dup.otherStatus) };
			return {
				key: dup.lineId + dup.otherLineId,
				match: dup.match,
				otherClaimId: dup.otherClaimId,
				text:
					dup.match === 'same_file'
						? m.expense_page_duplicate_same_file(params)
						: m.expense_page_duplicate_same_receipt(params)
			};
		}),
		lines: Object.fromEntries(claim.lines.map((line) => [line.id, lineTexts(line, locale)])),
		/** The boxes an approver ticks to approve or to record the payout. */
		confirm: {
			approve: m.expense_page_approve_confirm({ owed: formatPrice(claim.totals.owedOre, locale) }),
			pay: m.expense_page_pay_confirm({ owed: formatPrice(claim.totals.owedOre, locale) })
		},
		trailTexts: trailTexts(m.expense_page_trail()),
		trail: claim.trail.map((entry): TrailEntry => ({
			id: entry.id,
			at: entry.at,
			// A system actor (`cron:…`) has no name.
			who: entry.actor.includes(':')
				? m.expense_page_system()
				: (claim.names.people[entry.actor] ?? entry.actor),
			action: entry.action,
			label: trailActionLabel(entry.action),
			details: trailDetails(entry.details, locale)
		}))
	};
}
