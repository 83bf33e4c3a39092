import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// An account deleted at its owner's request (identity/privacy.ts) keeps its row, so that the
// orders and expense claims bookkeeping must keep still name a user: the row is anonymised (no
// e-mail, no password, the name "Deleted user") and stamped with when that happened.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('users').addColumn('deleted_at', timestampType(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
