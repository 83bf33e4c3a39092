// The expense domain's words: its code→text tables, in the request's language unless a locale is
// given: a claim's status (the pages' short word, the PDF's, the e-mail its claimant gets on
// reaching it), the claim page's words that follow from its stored state alone (the audit trail,
// mileage and foreign-currency lines, the payout account's state, duplicate flags), and what the
// page says of an action refused or done. The pages are sent these texts by their loads
// (statusLabels, claimPageTexts, refusalMessage, doneMessage), so that they carry none of the
// messages themselves. The claim form's own words are form/words.ts.
import { z } from 'zod';
import { formatForeign, formatKm, formatRate } from '$lib/expenses/format';
import { CLAIM_STATUSES, type ClaimStatusName } from '$lib/expenses/statuses';
import { formatDate, formatPrice } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { trailTexts, type TrailEntry } from '../audit/trail-entry';
import type { DecisionName } from './decisions';
import type { ClaimDetail } from '.';

type Words = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** What a claimant's e-mail may say about their claim. */
export interface NoticeValues {
	purpose: string;
	claimant: string;
	unit: string;
	total: string;
	owed: string;
	reason: string;
	date: string;
}

type NoticeWords = (values: NoticeValues, options: { locale: Locale }) => string;

/** The claimant's e-mail on reaching a status: its kind in the outbox, subject and body. */
export interface Notice {
	kind: string;
	subject: NoticeWords;
	body: NoticeWords;
}

interface StatusWords {
	page: Words;
	pdf: Words;
	/** None where the claimant made the step themselves and needs no word of it. */
	notice: Notice | null;
}

const STATUS_WORDS: Record<ClaimStatusName, StatusWords> = {
	draft: { page: m.expense_page_status_draft, pdf: m.expense_pdf_status_draft, notice: null },
	submitted: {
		page: m.expense_page_status_submitted,
		pdf: m.expense_pdf_status_submitted,
		// It arrived, and what comes next.
		notice: {
			kind: 'expense-received',
			subject: m.expense_mail_received_subject,
			body: m.expense_mail_received_body
		}
	},
	awaiting_finance: {
		page: m.expense_page_status_awaiting_finance,
		pdf: m.expense_pdf_status_awaiting_finance,
		notice: {
			kind: 'expense-awaiting-finance',
			subject: m.expense_mail_awaiting_finance_subject,
			body: m.expense_mail_awaiting_finance_body
		}
	},
	approved: {
		page: m.expense_page_status_approved,
		pdf: m.expense_pdf_status_approved,
		notice: {
			kind: 'expense-approved',
			subject: m.expense_mail_approved_subject,
			body: m.expense_mail_approved_body
		}
	},
	rejected: {
		page: m.expense_page_status_rejected,
		pdf: m.expense_pdf_status_rejected,
		notice: {
			kind: 'expense-rejected',
			subject: m.expense_mail_rejected_subject,
			body: m.expense_mail_rejected_body
		}
	},
	paid: {
		page: m.expense_page_status_paid,
		pdf: m.expense_pdf_status_paid,
		notice: {
			kind: 'expense-paid',
			subject: m.expense_mail_paid_subject,
			body: m.expense_mail_paid_body
		}
	},
	withdrawn: {
		page: m.expense_page_status_withdrawn,
		pdf: m.expense_pdf_status_withdrawn,
		notice: null
	}
};

export { CLAIM_STATUSES };

export function isClaimStatus(value: unknown): value is ClaimStatusName {
	return typeof value === 'string' && (CLAIM_STATUSES as readonly string[]).includes(value);
}

/** The status's short word; a value that is no status is shown as it is. */
export function statusLabel(status: string, locale?: Locale): string {
	return isClaimStatus(status) ? STATUS_WORDS[status].page({}, { locale }) : status;
}

/** Every status in words, for a page to show the ones it lists. */
export function statusLabels(): Record<ClaimStatusName, string> {
	return Object.fromEntries(CLAIM_STATUSES.map((s) => [s, statusLabel(s)])) as Record<
		ClaimStatusName,
		string
	>;
}

/** The status as the claim's PDF prints it. */
export function statusText(status: ClaimStatusName, locale: Locale): string {
	return STATUS_WORDS[status].pdf({}, { locale });
}

/** The e-mail the claimant gets when their claim reaches `status`, if any. */
export function statusNotice(status: ClaimStatusName): Notice | null {
	return STATUS_WORDS[status].notice;
}

// The claim page: its trail, its lines and its account, in words.

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

// What the page says after an action: refused, or done and who was told.

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
	account_unreadable: m.expense_error_account_unreadable,
	confirm_required: m.expense_page_confirm_first
};

/** The localized `expense_error_<code>` of a refused action. */
export function refusalMessage(code: string): string {
	return (REFUSALS[code] ?? m.expense_error_invalid)();
}

const DONE: Record<DecisionName, () => string> = {
	submit: m.expense_page_done_submit,
	withdraw: m.expense_page_done_withdraw,
	approve: m.expense_page_done_approve,
	reject: m.expense_page_done_reject,
	pay: m.expense_page_done_pay
};

/** Who was told of a step, as its audit entry records it (expenses/mails.ts `Told`). */
const Told = z.object({
	group: z.enum(['approvers', 'finance', 'admins', 'claimant', 'nobody']),
	count: z.number().int().min(0)
});

/**
 * What the page says after an action went through (`?done=<action>`): what happened and who was
 * told, read from the step's audit entry (`details`: its `told` and the status it led to).
 */
export function doneMessage(action: DecisionName, details?: Record<string, unknown>): string {
	const done = DONE[action]();
	const told = Told.safeParse(details?.told);
	if (!told.success) return done;
	const { group, count } = told.data;
	const next = action === 'submit' || action === 'approve';
	const words = {
		approvers: () => m.expense_page_told_approvers({ count }),
		finance: () =>
			details?.to === 'awaiting_finance'
				? m.expense_page_told_finance_approve({ count })
				: m.expense_page_told_finance_pay({ count }),
		admins: () => m.expense_page_told_admins({ count }),
		claimant: () => m.expense_page_told_claimant(),
		nobody: () => (next ? m.expense_page_told_nobody() : m.expense_page_told_claimant_none())
	};
	return `${done} ${words[group]()}`;
}
