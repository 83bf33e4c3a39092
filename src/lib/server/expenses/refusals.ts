// A claim action's outcome in words, in the request's language: the detail page is sent the
// text of what happened, not a table of every message it might need.
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
	account_unreadable: m.expense_error_account_unreadable
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

/** What the page says after an action went through (`?done=<action>`). */
export function doneMessage(action: DecisionName): string {
	return DONE[action]();
}
