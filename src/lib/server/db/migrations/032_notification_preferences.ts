import type { Kysely } from 'kysely';

// Notifications people control (issue 33): a member's choice per kind of optional e-mail (a kind
// without a row is on), and on an outbox row the kind and recipient of such a mail, from which its
// delivery adds the one-click unsubscribe link and headers (the link itself is never stored).
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('notification_preferences')
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
		.addColumn('kind', 'text', (c) => c.notNull())
		.addColumn('enabled', 'integer', (c) => c.notNull())
		.addColumn('updated_at', 'text', (c) => c.notNull())
		.addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
		.execute();
	await db.schema.alterTable('mail_outbox').addColumn('notice_kind', 'text').execute();
	await db.schema.alterTable('mail_outbox').addColumn('notice_user_id', 'text').execute();
	await db.schema.alterTable('mail_outbox').addColumn('notice_locale', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	for (const column of ['notice_locale', 'notice_user_id', 'notice_kind']) {
		await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
	}
	await db.schema.dropTable('notification_preferences').execute();
}
