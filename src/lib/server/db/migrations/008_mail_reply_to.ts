import type { Kysely } from 'kysely';

// Delivery now reads the message back from mail_outbox (it may be recorded inside another
// transaction and sent after the commit), so the row must carry everything that is sent.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('mail_outbox').addColumn('reply_to', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('mail_outbox').dropColumn('reply_to').execute();
}
