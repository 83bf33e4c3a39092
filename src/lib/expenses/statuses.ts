// A claim's statuses in their order: one list for the domain's state machine
// (lib/server/expenses/workflow.ts) and the pages, which may not import server code.
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
