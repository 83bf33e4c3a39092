import type { Kysely } from 'kysely';

// Paid seats (issue 32): whether an event gives the money back when a paid seat is given up.
// The seat's order and its deadline to pay were already in 028 (registrations.order_id, pay_by).
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.alterTable('event_registration')
		.addColumn('refund_on_unregister', 'integer', (c) => c.notNull().defaultTo(0))
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('event_registration').dropColumn('refund_on_unregister').execute();
}
