// A claim's status in words, in the page's locale: all the list page needs, kept apart from the
// detail page's formatters so that the list sends only these.
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
