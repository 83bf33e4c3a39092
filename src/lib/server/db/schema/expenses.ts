// Expense claims, their lines and the units they were submitted to.

/** status: see expenses/workflow.ts. */
export interface ExpenseClaimsTable {
	id: string;
	claimant_id: string;
	campus_id: string;
	unit_id: string;
	event_id: string | null;
	project_id: string | null;
	purpose: string;
	/** AES-256-GCM, "v1:<key id>:…"; null when not given yet or erased after payment. */
	payout_account: string | null;
	account_erased_at: string | null;
	status: string;
	advance_ore: number;
	total_ore: number;
	version: number;
	created_at: string;
	updated_at: string;
	submitted_at: string | null;
	decided_at: string | null;
	decided_by: string | null;
	paid_at: string | null;
	/** YYYY-MM-DD, the bookkeeping date of the payout. */
	payout_date: string | null;
	rejection_reason: string | null;
}

/** kind: receipt | mileage. */
export interface ExpenseLinesTable {
	id: string;
	claim_id: string;
	position: number;
	kind: string;
	/** YYYY-MM-DD. */
	date: string;
	description: string;
	merchant: string | null;
	merchant_key: string | null;
	amount_ore: number;
	currency: string | null;
	original_hundredths: number | null;
	distance_m: number | null;
	rate_ore_per_km: number | null;
	from_place: string | null;
	to_place: string | null;
	file_id: string | null;
}

/** The units a claim was submitted to (migration 023): whose approvers may open it. */
export interface ExpenseSubmittedUnitsTable {
	claim_id: string;
	unit_id: string;
	/** The first submission to the unit. */
	submitted_at: string;
}
