import type { Kysely } from 'kysely';

// A sealed message (the notice to a safety reporter) keeps its recipient encrypted with the site's
// keyring in to_address; the flag says so, for delivery to decrypt it and nothing else to read it.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.alterTable('mail_outbox')
		.addColumn('sealed', 'integer', (c) => c.notNull().defaultTo(0))
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('mail_outbox').dropColumn('sealed').execute();
}
