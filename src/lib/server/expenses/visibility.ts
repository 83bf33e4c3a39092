// Who may open a claim besides its claimant: whoever approves for a unit it was submitted to, so
// a claim that is, or was, in their queue (admins approve for every unit). Not the unit an
// unsubmitted edit names: a rejected claim edited to another unit has not reached that unit's
// approvers, nor its receipts and edits with it. The units are recorded at each submission
// (`expense_submitted_units`, migration 023). `access` in index.ts applies the rule to one claim
// (its page, PDF, receipts and every decision); `openableBy` is the same rule as SQL, for lists.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, Db } from '../db';

/** Whom a list of claims is for: their own claims, and those of the units they approve for. */
export interface ClaimViewer {
	userId: string;
	/** Approves for every unit. */
	admin: boolean;
	/** The units they are leader or finance of. */
	unitIds: string[];
}

/** In the submission's transaction: the claim is now in this unit's queue, and stays visible to it. */
export async function recordSubmission(
	trx: Kysely<Database>,
	claimId: string,
	unitId: string,
	at: Date
): Promise<void> {
	await trx
		.insertInto('expense_submitted_units')
		.values({ claim_id: claimId, unit_id: unitId, submitted_at: at.toISOString() })
		.onConflict((oc) => oc.columns(['claim_id', 'unit_id']).doNothing())
		.execute();
}

/** The units the claim was ever submitted to. */
export async function submittedUnits(db: Db, claimId: string): Promise<string[]> {
	const rows = await db
		.selectFrom('expense_submitted_units')
		.select('unit_id')
		.where('claim_id', '=', claimId)
		.orderBy('submitted_at')
		.execute();
	return rows.map((r) => r.unit_id);
}

/** The claims (table alias `alias`) the viewer may open, as a condition. */
export function openableBy(viewer: ClaimViewer, alias: string): RawBuilder<boolean> {
	const claimant = sql<boolean>`${sql.ref(`${alias}.claimant_id`)} = ${viewer.userId}`;
	if (!viewer.admin && viewer.unitIds.length === 0) return claimant;
	const units = viewer.admin ? sql`` : sql` and s.unit_id in (${sql.join(viewer.unitIds)})`;
	return sql<boolean>`(${claimant} or exists (select 1 from expense_submitted_units s
		where s.claim_id = ${sql.ref(`${alias}.id`)}${units}))`;
}
