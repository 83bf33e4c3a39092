import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Every message the site sends, kept whatever the transport: without SMTP this table is the
// outbox an operator reads; with SMTP it is the record of what went out and what failed.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	await db.schema
		.createTable('mail_outbox')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('kind', 'text', (c) => c.notNull())
		.addColumn('to_address', 'text', (c) => c.notNull())
		.addColumn('subject', 'text', (c) => c.notNull())
		.addColumn('text_body', 'text', (c) => c.notNull())
		.addColumn('transport', 'text', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('sent_at', ts)
		.addColumn('error', 'text')
		.execute();
	await db.schema
		.createIndex('mail_outbox_to')
		.on('mail_outbox')
		.columns(['to_address', 'created_at'])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('mail_outbox').execute();
}
