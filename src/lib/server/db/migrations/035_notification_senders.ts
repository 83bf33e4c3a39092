import type { Kysely } from 'kysely';

// The notifications' senders (issue 33). A member follows a unit to hear when registration opens
// for its events (`unit_follows`, gone with the unit). On the outbox: `notice_key` names the
// occasion of a bulk notice (a reminder of one event to one member), unique so that a job run twice
// writes it once; `queued` marks a row the drain sends at the bounded rate rather than at once;
// `claimed_at` is the drain's lease on a row (and what it counts its rate by); `attempts` and
// `next_attempt_at` space out the retries of a failed one.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('unit_follows')
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
		.addColumn('unit_id', 'text', (c) => c.notNull().references('units.id').onDelete('cascade'))
		.addColumn('created_at', 'text', (c) => c.notNull())
		.addPrimaryKeyConstraint('unit_follows_pk', ['user_id', 'unit_id'])
		.execute();
	await db.schema.createIndex('unit_follows_unit').on('unit_follows').column('unit_id').execute();
	await db.schema.alterTable('mail_outbox').addColumn('notice_key', 'text').execute();
	await db.schema
		.alterTable('mail_outbox')
		.addColumn('queued', 'integer', (c) => c.notNull().defaultTo(0))
		.execute();
	await db.schema.alterTable('mail_outbox').addColumn('claimed_at', 'text').execute();
	await db.schema
		.alterTable('mail_outbox')
		.addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
		.execute();
	await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', 'text').execute();
	await db.schema
		.createIndex('mail_outbox_notice_key')
		.on('mail_outbox')
		.column('notice_key')
		.unique()
		.execute();
	await db.schema
		.createIndex('mail_outbox_queue')
		.on('mail_outbox')
		.columns(['queued', 'sent_at', 'created_at'])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropIndex('mail_outbox_queue').execute();
	await db.schema.dropIndex('mail_outbox_notice_key').execute();
	for (const column of ['next_attempt_at', 'attempts', 'claimed_at', 'queued', 'notice_key']) {
		await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
	}
	await db.schema.dropTable('unit_follows').execute();
}
