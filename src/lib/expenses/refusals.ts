// A refused claim action in words (the detail page only: kept apart so the list sends none).
import { m } from '$lib/paraglide/messages';

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
