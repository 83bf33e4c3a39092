// What the expenses service hands out: a claim, its lines, and why it refused.
import type { z } from 'zod';
import type { AuditRecord } from '../audit';
import type { Duplicate } from './duplicates';
import type { ReceiptFile } from './listing';
import type { ClaimTotals } from './money';
import type { ClaimNames } from './names';
import type { Authority, ClaimAction, ClaimStatus, Refusal } from './workflow';

export type ExpenseRefusal =
	| Refusal
	| 'not_found'
	| 'invalid'
	| 'incomplete'
	| 'reason_required'
	| 'payout_date'
	| 'account_unreadable'
	| 'confirm_required';

export type Refused = { ok: false; reason: ExpenseRefusal; issues?: z.core.$ZodIssue[] };

export interface ExpenseLine {
	id: string;
	kind: 'receipt' | 'mileage';
	date: string;
	description: string;
	merchant: string | null;
	amountOre: number;
	currency: string | null;
	originalHundredths: number | null;
	distanceM: number | null;
	rateOrePerKm: number | null;
	from: string | null;
	to: string | null;
	fileId: string | null;
	/** Above the limit a leader may approve alone. */
	overLimit: boolean;
}

export interface ClaimSummary {
	id: string;
	claimantId: string;
	campusId: string;
	unitId: string;
	purpose: string;
	status: ClaimStatus;
	totals: ClaimTotals;
	version: number;
	createdAt: string;
	submittedAt: string | null;
	decidedAt: string | null;
	paidAt: string | null;
	payoutDate: string | null;
}

export interface ClaimDetail extends ClaimSummary {
	eventId: string | null;
	projectId: string | null;
	rejectionReason: string | null;
	/** In full for the claimant, masked for everyone else; null when not given or erased. */
	payoutAccount: string | null;
	accountErased: boolean;
	/** Stored, but the configured keys cannot decrypt it (a lost or wrong EXPENSE_ACCOUNT_KEY). */
	accountUnreadable: boolean;
	lines: ExpenseLine[];
	overLimit: boolean;
	/** Possible duplicates on other claims; only approvers see them. */
	duplicates: Duplicate[];
	trail: AuditRecord[];
	/** Names to print instead of ids (claimant, campus, unit, event, project, trail actors). */
	names: ClaimNames;
	/** The lines' receipt files by id: name, type and whether a thumbnail exists. */
	receipts: Record<string, ReceiptFile>;
	/** What the caller may do now. */
	actions: ClaimAction[];
	viewer: { isClaimant: boolean; authority: Authority };
}
