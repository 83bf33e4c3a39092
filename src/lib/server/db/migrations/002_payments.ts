import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Payment sessions of the local simulator provider, and the link from an order to the cart whose
// reservations it releases when it is cancelled or fails. Portable DDL, like 001.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	await db.schema
		.createTable('payment_sessions')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('order_id', 'text', (c) => c.notNull())
		.addColumn('state', 'text', (c) => c.notNull())
		.addColumn('amount_ore', 'integer', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('updated_at', ts, (c) => c.notNull())
		.execute();
	await db.schema
		.createIndex('payment_sessions_order')
		.on('payment_sessions')
		.column('order_id')
		.execute();
	// Nullable: orders created before checkout links carts, or without a cart, release nothing.
	await db.schema.alterTable('orders').addColumn('cart_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('orders').dropColumn('cart_id').execute();
	await db.schema.dropTable('payment_sessions').execute();
}
