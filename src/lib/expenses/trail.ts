// The words of a claim's audit trail (the detail page only: kept apart so the list sends none).
import { m } from '$lib/paraglide/messages';

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
