// What the expense system keeps about a claimant, for their data export and their account's
// deletion (identity/privacy.ts; docs/decisions.md, 2026-11-24).
// - Paid claims are accounting records (bokføringsloven § 13, retention.ts): kept with their lines
//   and receipts; the payout account is erased at once, as it is needed only to pay.
// - Claims still under way (submitted, awaiting finance, approved) are kept as they are, so the
//   unit can still decide and pay what the organisation owes; the account is erased the moment
//   such a claim is paid or rejected (`eraseAccountIfClaimantDeleted`).
// - Everything else never reached the books (drafts, withdrawn, rejected): deleted with its lines,
//   its audit trail and its receipt files.
import type { Kysely } from 'kysely';
import { record } from '../audit';
import type { Database, Db } from '../db';
import type { ExpenseLine } from './types';
import { deleteClaims } from './retention';
import { STATUSES, waitingOn, type ClaimStatus } from './workflow';

const SUBJECT = 'expense_claim';
export const DELETION_ACTOR = 'system:account-deletion';

/**
 * Claims a deletion keeps untouched but for the account, until they are paid or rejected: those
 * still waiting on a leader or finance.
 */
export const OPEN_STATUSES: readonly ClaimStatus[] = STATUSES.filter(
	(s) => waitingOn('leader').includes(s) || waitingOn('finance').includes(s)
);
/** Claims a deletion removes: they never reached the books. */
export const UNBOOKED_STATUSES: readonly ClaimStatus[] = ['draft', 'withdrawn', 'rejected'];

type ClaimRow = Database['expense_claims'];

export interface ExportedClaim {
	id: string;
	status: string;
	unitId: string;
	campusId: string;
	eventId: string | null;
	projectId: string | null;
	purpose: string;
	/** In full in the owner's own export, masked in an admin's; null when none or erased. */
	payoutAccount: string | null;
	accountErasedAt: string | null;
	advanceOre: number;
	totalOre: number;
	createdAt: string;
	submittedAt: string | null;
	decidedAt: string | null;
	paidAt: string | null;
	payoutDate: string | null;
	rejectionReason: string | null;
	lines: Omit<ExpenseLine, 'id' | 'overLimit'>[];
}

/** The claimant's claims with their lines; `account` reads (or masks) a stored payout account. */
export async function claimantRecords(
	db: Db,
	userId: string,
	account: (claim: ClaimRow) => string | null
): Promise<ExportedClaim[]> {
	const claims = await db
		.selectFrom('expense_claims')
		.selectAll()
		.where('claimant_id', '=', userId)
		.orderBy('created_at')
		.orderBy('id')
		.execute();
	const ids = claims.map((c) => c.id);
	const lines = ids.length
		? await db
				.selectFrom('expense_lines')
				.selectAll()
				.where('claim_id', 'in', ids)
				.orderBy('position')
				.execute()
		: [];
	return claims.map((c) => ({
		id: c.id,
		status: c.status,
		unitId: c.unit_id,
		campusId: c.campus_id,
		eventId: c.event_id,
		projectId: c.project_id,
		purpose: c.purpose,
		payoutAccount: account(c),
		accountErasedAt: c.account_erased_at,
		advanceOre: c.advance_ore,
		totalOre: c.total_ore,
		createdAt: c.created_at,
		submittedAt: c.submitted_at,
		decidedAt: c.decided_at,
		paidAt: c.paid_at,
		payoutDate: c.payout_date,
		rejectionReason: c.rejection_reason,
		lines: lines
			.filter((l) => l.claim_id === c.id)
			.map((l) => ({
				kind: l.kind as ExpenseLine['kind'],
				date: l.date,
				description: l.description,
				merchant: l.merchant,
				amountOre: l.amount_ore,
				currency: l.currency,
				originalHundredths: l.original_hundredths,
				distanceM: l.distance_m,
				rateOrePerKm: l.rate_ore_per_km,
				from: l.from_place,
				to: l.to_place,
				fileId: l.file_id
			}))
	}));
}

/** How a deletion would treat the claimant's claims: kept paid, kept open, deleted. */
export async function claimCounts(
	db: Db,
	userId: string
): Promise<{ paid: number; open: number; unbooked: number }> {
	const rows = await db
		.selectFrom('expense_claims')
		.select(['status', (eb) => eb.fn.countAll<number>().as('n')])
		.where('claimant_id', '=', userId)
		.groupBy('status')
		.execute();
	const count = (statuses: readonly string[]) =>
		rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
	return {
		paid: count(['paid']),
		open: count(OPEN_STATUSES),
		unbooked: count(UNBOOKED_STATUSES)
	};
}

async function eraseAccounts(trx: Kysely<Database>, ids: string[], at: Date): Promise<number> {
	if (ids.length === 0) return 0;
	await trx
		.updateTable('expense_claims')
		.set({ payout_account: null, account_erased_at: at.toISOString() })
		.where('id', 'in', ids)
		.execute();
	for (const id of ids) {
		await record(trx, {
			actor: DELETION_ACTOR,
			subjectType: SUBJECT,
			subjectId: id,
			action: 'account_erased',
			at
		});
	}
	return ids.length;
}

/**
 * Inside the deletion's transaction: unbooked claims go (their receipt files are returned for the
 * files port to delete after the commit), paid ones lose their payout account, open ones stay.
 */
export async function forgetClaimant(
	trx: Kysely<Database>,
	userId: string,
	at: Date
): Promise<{ deleted: number; accountsErased: number; kept: number; fileIds: string[] }> {
	const claims = await trx
		.selectFrom('expense_claims')
		.select(['id', 'status', 'payout_account'])
		.where('claimant_id', '=', userId)
		.execute();
	const unbooked = claims.filter((c) => UNBOOKED_STATUSES.includes(c.status as ClaimStatus));
	const ids = unbooked.map((c) => c.id);
	let fileIds = await deleteClaims(trx, ids);
	const paidWithAccount = claims
		.filter((c) => c.status === 'paid' && c.payout_account !== null)
		.map((c) => c.id);
	const accountsErased = await eraseAccounts(trx, paidWithAccount, at);
	// A receipt on a kept claim (another line may name the same upload) stays with it.
	if (fileIds.length > 0) {
		const stillUsed = await trx
			.selectFrom('expense_lines')
			.select('file_id')
			.where('file_id', 'in', fileIds)
			.execute();
		const used = new Set(stillUsed.map((r) => r.file_id));
		fileIds = fileIds.filter((f) => !used.has(f)).sort();
	}
	return { deleted: ids.length, accountsErased, kept: claims.length - ids.length, fileIds };
}

/**
 * In the transaction that pays or rejects a claim: a deleted claimant's payout account goes now,
 * since nobody will correct or resubmit the claim and the payment no longer needs it.
 */
export async function eraseAccountIfClaimantDeleted(
	trx: Kysely<Database>,
	claim: Pick<ClaimRow, 'id' | 'claimant_id' | 'payout_account'>,
	to: ClaimStatus,
	at: Date
): Promise<void> {
	if ((to !== 'paid' && to !== 'rejected') || claim.payout_account === null) return;
	const claimant = await trx
		.selectFrom('users')
		.select('deleted_at')
		.where('id', '=', claim.claimant_id)
		.executeTakeFirst();
	if (claimant?.deleted_at) await eraseAccounts(trx, [claim.id], at);
}
