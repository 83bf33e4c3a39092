// An order placed without a cart, inside another domain's transaction: one line for one thing that
// domain holds for the buyer (an event's seat, registration/), pending until paid through the
// order page's payment (payments/ payOrder). Its product is not sold in the shop (inactive, so no
// cart can reserve it); it only gives the line the product the orders table asks for.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { recordOrderEvent } from './orders-sql';

/**
 * The category of the products that only direct orders sell: the admin's catalogue and the event
 * editor's ticket choice leave them out, so none is put on sale by mistake.
 */
export const DIRECT_ORDER_CATEGORY = 'direct-order';

export interface DirectProduct {
	id: string;
	slug: string;
	unitId: string | null;
	name: { no: string; en: string };
}

export interface DirectOrder {
	userId: string;
	/** The provider the order will be paid through (orders.provider). */
	provider: string;
	product: DirectProduct;
	/** The line's name: the product's name in the buyer's language. */
	lineName: string;
	priceOre: number;
	buyer: { name: string; email: string; phone: string };
	locale: string | null;
	actor: string;
}

/** Writes the pending order, its line and its first event; returns the order's id. */
export async function placeDirectOrder(db: Db, order: DirectOrder, now: Date): Promise<string> {
	const at = now.toISOString();
	await db
		.insertInto('products')
		.values({
			id: order.product.id,
			slug: order.product.slug,
			unit_id: order.product.unitId,
			category: DIRECT_ORDER_CATEGORY,
			price_ore: order.priceOre,
			member_price_ore: null,
			stock: null,
			max_per_order: 1,
			image: null,
			featured: 0,
			active: 0,
			name_no: order.product.name.no,
			name_en: order.product.name.en,
			description_no: '',
			description_en: '',
			image_file_id: null,
			image_alt_no: null,
			image_alt_en: null
		})
		.onConflict((oc) => oc.column('id').doNothing())
		.execute();
	const orderId = randomUUID();
	await db
		.insertInto('orders')
		.values({
			id: orderId,
			user_id: order.userId,
			status: 'pending',
			provider: order.provider,
			provider_session_id: null,
			cart_id: null,
			total_ore: order.priceOre,
			buyer_name: order.buyer.name,
			buyer_email: order.buyer.email,
			buyer_phone: order.buyer.phone,
			locale: order.locale,
			created_at: at,
			updated_at: at
		})
		.execute();
	await db
		.insertInto('order_lines')
		.values({
			id: randomUUID(),
			order_id: orderId,
			product_id: order.product.id,
			name: order.lineName,
			unit_price_ore: order.priceOre,
			quantity: 1
		})
		.execute();
	await recordOrderEvent(db, { orderId, from: null, to: 'pending', actor: order.actor, at });
	return orderId;
}
