import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Messages sent through the contact form. The mail to the organisation goes through the mailer
// port (mail_outbox); mail_id links the two so an operator can see whether it went out.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	await db.schema
		.createTable('contact_messages')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('name', 'text', (c) => c.notNull())
		.addColumn('email', 'text', (c) => c.notNull())
		.addColumn('subject', 'text', (c) => c.notNull())
		.addColumn('message', 'text', (c) => c.notNull())
		.addColumn('locale', 'text', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('mail_id', 'text')
		.execute();
	await db.schema
		.createIndex('contact_messages_created')
		.on('contact_messages')
		.column('created_at')
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('contact_messages').execute();
}
