// What the bookkeeping needs kept, and nothing longer. Claims and their receipts are accounting
// records: kept five years after the end of the financial year they were paid in (bokføringsloven
// § 13; the financial year is the calendar year). The payout account is needed only to pay, so it
// is erased a configured time after payment (default 13 months: a year's accounts closed, plus a
// month for late questions from the bank or the auditor). Claims that never reached payment
// (withdrawn, or rejected and left) are not bookkeeping material; their accounts go after the
// same months of silence and the claims after the same five-year rule, counted from the last change.
import type { Kysely } from 'kysely';
import { forget, record } from '../audit';
import type { Database, Db } from '../db';

const SUBJECT = 'expense_claim';
const ACTOR = 'system:expense-retention';

export interface RetentionResult {
	accountsErased: number;
	claimsDeleted: number;
	/** Receipt files of the deleted claims, for the files port to delete. */
	fileIds: string[];
}

function monthsBefore(now: Date, months: number): Date {
	const date = new Date(now);
	date.setUTCMonth(date.getUTCMonth() - months);
	return date;
}

export async function expenseRetention(
	db: Db,
	now: Date,
	options: { accountRetentionMonths: number }
): Promise<RetentionResult> {
	const accountCutoff = monthsBefore(now, options.accountRetentionMonths).toISOString();
	// Paid on 31 December 2020: that year's books close at its end, kept through 2025, deleted
	// from 1 January 2026. Everything paid before 1 January of (this year − 5) is due.
	const keepFrom = `${now.getUTCFullYear() - 5}-01-01`;
	const at = now.toISOString();

	return db.transaction().execute(async (trx) => {
		const erasable = await trx
			.selectFrom('expense_claims')
			.select(['id', 'status'])
			.where('payout_account', 'is not', null)
			.where((eb) =>
				eb.or([
					eb.and([eb('status', '=', 'paid'), eb('paid_at', '<=', accountCutoff)]),
					eb.and([
						eb('status', 'in', ['withdrawn', 'rejected']),
						eb('updated_at', '<=', accountCutoff)
					])
				])
			)
			.execute();
		for (const claim of erasable) {
			// The status it was read in: a rejected claim resubmitted meanwhile keeps its account.
			const result = await trx
				.updateTable('expense_claims')
				.set({ payout_account: null, account_erased_at: at })
				.where('id', '=', claim.id)
				.where('status', '=', claim.status)
				.where('payout_account', 'is not', null)
				.executeTakeFirst();
			if (Number(result.numUpdatedRows) === 1) {
				await record(trx, {
					actor: ACTOR,
					subjectType: SUBJECT,
					subjectId: claim.id,
					action: 'account_erased',
					at: now
				});
			}
		}

		const due = await trx
			.selectFrom('expense_claims')
			.select('id')
			.where((eb) =>
				eb.or([
					eb.and([eb('status', '=', 'paid'), eb('payout_date', '<', keepFrom)]),
					eb.and([
						eb('status', 'in', ['withdrawn', 'rejected']),
						eb('updated_at', '<', `${keepFrom}T00:00:00.000Z`)
					])
				])
			)
			.execute();
		const ids = due.map((c) => c.id);
		const fileIds = await deleteClaims(trx, ids);
		return { accountsErased: erasable.length, claimsDeleted: ids.length, fileIds };
	});
}

/**
 * Deletes claims with their lines and audit trails, in the caller's transaction; returns the
 * receipt files their lines named, for the files port to delete after the commit.
 */
export async function deleteClaims(trx: Kysely<Database>, ids: string[]): Promise<string[]> {
	if (ids.length === 0) return [];
	const files = await trx
		.selectFrom('expense_lines')
		.select('file_id')
		.distinct()
		.where('claim_id', 'in', ids)
		.where('file_id', 'is not', null)
		.orderBy('file_id')
		.execute();
	await trx.deleteFrom('expense_lines').where('claim_id', 'in', ids).execute();
	await trx.deleteFrom('expense_submitted_units').where('claim_id', 'in', ids).execute();
	await trx.deleteFrom('expense_claims').where('id', 'in', ids).execute();
	await forget(trx, SUBJECT, ids);
	return files.map((f) => f.file_id!);
}

/** How long an upload may wait for the claim it was picked for (a form left open, a lost tab). */
export const ABANDONED_UPLOAD_HOURS = 24;

/**
 * Receipt uploads no claim line names, older than a day: the form they were picked in was never
 * saved. A form re-shown after a validation error keeps its files by id, so they must outlive a
 * lunch break, not a day. The caller deletes them through the files port.
 */
export async function abandonedReceipts(db: Db, now: Date): Promise<string[]> {
	const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_HOURS * 3_600_000).toISOString();
	return unclaimedReceipts(db, { before: cutoff });
}

/** Receipt uploads no claim line names: those uploaded before `before`, or by `ownerId`. */
export async function unclaimedReceipts(
	db: Kysely<Database>,
	filter: { before?: string; ownerId?: string }
): Promise<string[]> {
	let query = db
		.selectFrom('files')
		.select('id')
		.where('purpose', '=', 'receipt')
		.where(({ not, exists, selectFrom }) =>
			not(
				exists(
					selectFrom('expense_lines')
						.select('expense_lines.id')
						.whereRef('expense_lines.file_id', '=', 'files.id')
				)
			)
		)
		.orderBy('id');
	if (filter.before !== undefined) query = query.where('created_at', '<', filter.before);
	if (filter.ownerId !== undefined) query = query.where('owner_id', '=', filter.ownerId);
	return (await query.execute()).map((r) => r.id);
}
