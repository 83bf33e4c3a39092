// A claim action's outcome in words, in the request's language: the detail page is sent the
// text of what happened, not a table of every message it might need.
import { z } from 'zod';
import { m } from '$lib/paraglide/messages';
import type { DecisionName } from './decisions';

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
