import { sql, type Kysely } from 'kysely';

// What running the shop from the admin area needs:
// - the simulator's sessions remember what was captured and refunded, so a refund can be checked
//   against the captured amount as a real provider checks it; sessions of orders already paid
//   were captured in full (capture always took the whole amount);
// - orders by time: the admin's order list pages through them newest first and filters by date.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.alterTable('payment_sessions')
		.addColumn('captured_ore', 'integer', (c) => c.notNull().defaultTo(0))
		.execute();
	await db.schema
		.alterTable('payment_sessions')
		.addColumn('refunded_ore', 'integer', (c) => c.notNull().defaultTo(0))
		.execute();
	await sql`update payment_sessions set captured_ore = amount_ore
		where order_id in (select id from orders where status = 'paid')`.execute(db);
	await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropIndex('orders_created').execute();
	await db.schema.alterTable('payment_sessions').dropColumn('refunded_ore').execute();
	await db.schema.alterTable('payment_sessions').dropColumn('captured_ore').execute();
}
