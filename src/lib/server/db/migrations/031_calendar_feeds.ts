import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// The personal calendar feed (issue 33, calendar/): one secret address per member, kept only as
// the SHA-256 hash of its token, like a session's secret. A new token replaces the row, so the old
// address is unknown at once. The user row is anonymised, not deleted, when an account is deleted:
// identity/privacy.ts deletes the feed itself; the cascade serves a user row that really goes.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('calendar_feeds')
		.addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
		.addColumn('token_hash', 'text', (c) => c.notNull().unique())
		.addColumn('created_at', timestampType(db), (c) => c.notNull())
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('calendar_feeds').execute();
}
