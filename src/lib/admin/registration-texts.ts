// The words of the organiser's registration pages: what an error or an outcome code of their
// forms means, and a registration's status.
import { m } from '$lib/paraglide/messages';

const ERRORS: Record<string, () => string> = {
	required: m.adminreg_error_required,
	datetime: m.adminreg_error_datetime,
	int: m.adminreg_error_int,
	money: m.adminreg_error_money,
	too_big: m.adminreg_error_too_big,
	question_both: m.adminreg_error_question_both,
	capacity_below_confirmed: m.adminreg_error_capacity_below_confirmed,
	pools_exceed_capacity: m.adminreg_error_pools_exceed_capacity,
	price_without_provider: m.adminreg_error_price_without_provider,
	closes_before_opens: m.adminreg_error_closes_before_opens,
	pool_in_use: m.adminreg_error_pool_in_use,
	pool_below_confirmed: m.adminreg_error_pool_below_confirmed,
	unknown_pool: m.adminreg_error_unknown_pool,
	unknown_user: m.adminreg_error_unknown_user,
	already_registered: m.adminreg_error_already_registered,
	pool_full: m.adminreg_error_pool_full,
	same_pool: m.adminreg_error_same_pool,
	not_registered: m.adminreg_error_not_registered
};

export const regErrorText = (code: string | undefined) =>
	(ERRORS[code ?? ''] ?? m.adminreg_error_invalid)();

const DONE: Record<string, () => string> = {
	saved: m.adminreg_saved,
	added_confirmed: m.adminreg_added_confirmed,
	added_waiting: m.adminreg_added_waiting,
	moved: m.adminreg_moved,
	removed: m.adminreg_removed,
	capacity: m.adminreg_capacity_saved
};

/** What a form did, in words (`sent:<n>`: a message to n people). */
export function regDoneText(code: string): string {
	if (code.startsWith('sent:')) return m.adminreg_message_sent({ count: code.slice(5) });
	return (DONE[code] ?? m.adminreg_saved)();
}

const STATUSES: Record<string, () => string> = {
	confirmed: m.adminreg_status_confirmed,
	waiting: m.adminreg_status_waiting,
	entered: m.adminreg_status_entered,
	cancelled: m.adminreg_status_cancelled
};

export const regStatusText = (status: string) => (STATUSES[status] ?? (() => status))();
