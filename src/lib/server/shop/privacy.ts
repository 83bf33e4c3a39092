// What the shop keeps about a buyer, for their data export and their account's deletion
// (identity/privacy.ts). Orders are bookkeeping records and stay; the buyer's name, e-mail address
// and phone number on them are what deletion takes away. Memberships stay with the anonymised
// account: they are the organisation's member count, and name nobody once the account is gone.
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db';

export interface ExportedOrder {
	id: string;
	status: string;
	createdAt: string;
	updatedAt: string;
	totalOre: number;
	buyer: { name: string; email: string; phone: string };
	locale: string | null;
	lines: { productId: string; name: string; unitPriceOre: number; quantity: number }[];
	history: { from: string | null; to: string; at: string }[];
}

export interface ExportedMembership {
	productId: string;
	orderId: string;
	startsAt: string;
	endsAt: string;
}

/** The buyer's orders with their lines and status history, and the memberships they bought. */
export async function buyerRecords(
	db: Db,
	userId: string
): Promise<{ orders: ExportedOrder[]; memberships: ExportedMembership[] }> {
	const orders = await db
		.selectFrom('orders')
		.selectAll()
		.where('user_id', '=', userId)
		.orderBy('created_at')
		.orderBy('id')
		.execute();
	const ids = orders.map((o) => o.id);
	const [lines, events, memberships] = await Promise.all([
		ids.length
			? db
					.selectFrom('order_lines')
					.selectAll()
					.where('order_id', 'in', ids)
					.orderBy('id')
					.execute()
			: [],
		ids.length
			? db
					.selectFrom('order_events')
					.select(['order_id', 'from_status', 'to_status', 'at'])
					.where('order_id', 'in', ids)
					.orderBy('at')
					.orderBy('id')
					.execute()
			: [],
		db
			.selectFrom('memberships')
			.select(['product_id', 'order_id', 'starts_at', 'ends_at'])
			.where('user_id', '=', userId)
			.orderBy('starts_at')
			.execute()
	]);
	return {
		orders: orders.map((o) => ({
			id: o.id,
			status: o.status,
			createdAt: o.created_at,
			updatedAt: o.updated_at,
			totalOre: o.total_ore,
			buyer: { name: o.buyer_name, email: o.buyer_email, phone: o.buyer_phone },
			locale: o.locale,
			lines: lines
				.filter((l) => l.order_id === o.id)
				.map((l) => ({
					productId: l.product_id,
					name: l.name,
					unitPriceOre: l.unit_price_ore,
					quantity: l.quantity
				})),
			history: events
				.filter((e) => e.order_id === o.id)
				.map((e) => ({ from: e.from_status, to: e.to_status, at: e.at }))
		})),
		memberships: memberships.map((m) => ({
			productId: m.product_id,
			orderId: m.order_id,
			startsAt: m.starts_at,
			endsAt: m.ends_at
		}))
	};
}

/**
 * Inside the deletion's transaction: the buyer's orders keep everything but who bought them, and
 * the cart's reservations are released. Returns the ids of the orders kept.
 */
export async function anonymiseBuyer(
	trx: Kysely<Database>,
	userId: string,
	name: string
): Promise<string[]> {
	const orders = await trx
		.selectFrom('orders')
		.select('id')
		.where('user_id', '=', userId)
		.orderBy('id')
		.execute();
	await trx
		.updateTable('orders')
		.set({ buyer_name: name, buyer_email: '', buyer_phone: '' })
		.where('user_id', '=', userId)
		.execute();
	await trx.deleteFrom('cart_reservations').where('cart_id', '=', userId).execute();
	return orders.map((o) => o.id);
}

/** How many orders of the buyer a deletion keeps. */
export async function countOrders(db: Db, userId: string): Promise<number> {
	const row = await db
		.selectFrom('orders')
		.select((eb) => eb.fn.countAll<number>().as('n'))
		.where('user_id', '=', userId)
		.executeTakeFirstOrThrow();
	return Number(row.n);
}
