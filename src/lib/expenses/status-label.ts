// A claim's status in words, in the request's locale. The pages are sent the words by their
// loads (statusLabels), so that they carry none of these messages themselves.
import { m } from '$lib/paraglide/messages';
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

/** Every status in words, for a page to show the ones it lists. */
export function statusLabels(): Record<ClaimStatusName, string> {
	return Object.fromEntries(CLAIM_STATUSES.map((s) => [s, STATUS_LABELS[s]()])) as Record<
		ClaimStatusName,
		string
	>;
}
