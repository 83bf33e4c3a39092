import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Contact messages in the admin's inbox (contact/inbox.ts): a status (new → handled), who deals
// with it, a version for two people acting at once, and the replies sent to the sender.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	await db.schema
		.alterTable('contact_messages')
		.addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
		.execute();
	await db.schema.alterTable('contact_messages').addColumn('assignee_id', 'text').execute();
	await db.schema.alterTable('contact_messages').addColumn('handled_at', ts).execute();
	await db.schema
		.alterTable('contact_messages')
		.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
		.execute();
	await db.schema
		.createIndex('contact_messages_status')
		.on('contact_messages')
		.columns(['status', 'created_at'])
		.execute();
	await db.schema
		.createTable('contact_replies')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('message_id', 'text', (c) =>
			c.notNull().references('contact_messages.id').onDelete('cascade')
		)
		/** The staff member who wrote it; their id stays when the account is deleted. */
		.addColumn('author_id', 'text', (c) => c.notNull())
		.addColumn('body', 'text', (c) => c.notNull())
		/** The mail_outbox row that carried it. */
		.addColumn('mail_id', 'text')
		.addColumn('created_at', ts, (c) => c.notNull())
		.execute();
	await db.schema
		.createIndex('contact_replies_message')
		.on('contact_replies')
		.column('message_id')
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('contact_replies').execute();
	await db.schema.dropIndex('contact_messages_status').execute();
	for (const column of ['version', 'handled_at', 'assignee_id', 'status']) {
		await db.schema.alterTable('contact_messages').dropColumn(column).execute();
	}
}
