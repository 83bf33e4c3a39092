import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Safety reports (varsling, safety/): what a reporter wrote, the conversation after it, who of the
// safety role read or changed what, and who an admin gave that role. Nothing here names the
// reporter unless they chose to: no user, session, address or user agent column, by design. Text
// is encrypted with the site's keyring (crypto/keyring.ts), each value bound to its row.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	await db.schema
		.createTable('safety_reports')
		.addColumn('id', 'text', (c) => c.primaryKey())
		/** SHA-256 of the receipt code (100 random bits): the reporter's way back in. */
		.addColumn('receipt_hash', 'text', (c) => c.notNull().unique())
		/** argon2id of the passphrase the reporter chose. */
		.addColumn('passphrase_hash', 'text', (c) => c.notNull())
		/** Encrypted: what happened, and the name and e-mail the reporter chose to give (or null). */
		.addColumn('body', 'text', (c) => c.notNull())
		.addColumn('reporter_name', 'text')
		.addColumn('reporter_email', 'text')
		/** The unit it concerns, when the reporter named one. */
		.addColumn('unit_id', 'text', (c) => c.references('units.id').onDelete('set null'))
		/** The language the reporter wrote in: the follow-up e-mail's. */
		.addColumn('locale', 'text', (c) => c.notNull())
		/** new | in_review | closed */
		.addColumn('status', 'text', (c) => c.notNull())
		/** Raised by every change, so that two of the safety team are told instead of overwriting. */
		.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
		/** reporter | staff: who wrote last (the report itself counts as the reporter's). */
		.addColumn('last_message_by', 'text', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('updated_at', ts, (c) => c.notNull())
		.execute();
	await db.schema
		.createIndex('safety_reports_status')
		.on('safety_reports')
		.columns(['status', 'created_at'])
		.execute();

	await db.schema
		.createTable('safety_messages')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('report_id', 'text', (c) =>
			c.notNull().references('safety_reports.id').onDelete('cascade')
		)
		/** reporter | staff */
		.addColumn('author', 'text', (c) => c.notNull())
		/** The staff member who wrote it; null for the reporter. */
		.addColumn('staff_id', 'text')
		/** Encrypted. */
		.addColumn('body', 'text', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.execute();
	await db.schema
		.createIndex('safety_messages_report')
		.on('safety_messages')
		.columns(['report_id', 'created_at'])
		.execute();

	await db.schema
		.createTable('safety_access_log')
		/** audit/sortableId: sorts in the order written. */
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('report_id', 'text', (c) =>
			c.notNull().references('safety_reports.id').onDelete('cascade')
		)
		.addColumn('actor', 'text', (c) => c.notNull())
		/** read | status | reply */
		.addColumn('action', 'text', (c) => c.notNull())
		/** What changed, without the report's text: e.g. {"from":"new","to":"in_review"}. */
		.addColumn('details', 'text')
		.addColumn('at', ts, (c) => c.notNull())
		.execute();
	await db.schema
		.createIndex('safety_access_log_report')
		.on('safety_access_log')
		.columns(['report_id', 'id'])
		.execute();

	await db.schema
		.createTable('safety_grants')
		.addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
		.addColumn('granted_by', 'text', (c) => c.notNull())
		.addColumn('granted_at', ts, (c) => c.notNull())
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('safety_grants').execute();
	await db.schema.dropTable('safety_access_log').execute();
	await db.schema.dropTable('safety_messages').execute();
	await db.schema.dropTable('safety_reports').execute();
}
