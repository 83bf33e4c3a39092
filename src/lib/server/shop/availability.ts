// What is left to sell, as SQL: stock − active (unexpired) reservations − quantities of authorized,
// paid or refunding orders. One definition for the shop pages and the reservation check.
import { sql, type ExpressionBuilder } from 'kysely';
import type { OrderStatus } from '$lib/shop/statuses';
import type { Database } from '../db/schema';

/**
 * Order statuses whose lines hold stock. A refund under way still holds it: the stock comes back
 * once, when the provider has given the money back and the order is refunded.
 */
export const SOLD_STATUSES = ['authorized', 'paid', 'refunding'] as const satisfies OrderStatus[];

type ProductScope = ExpressionBuilder<Database, 'products'>;

/** Sum of reservations of the product still active at `now` (expires_at not earlier than now). */
export function reservedQuantity(eb: ProductScope, now: string) {
	return eb
		.selectFrom('cart_reservations')
		.select((r) => r.fn.coalesce(r.fn.sum<number>('cart_reservations.quantity'), r.lit(0)).as('q'))
		.whereRef('cart_reservations.product_id', '=', 'products.id')
		.where('cart_reservations.expires_at', '>=', now);
}

/**
 * When the first of the product's active reservations runs out (null when none is held): the
 * earliest moment units held in carts may come back. One index seek (product_id, expires_at).
 */
export function firstHoldEnd(eb: ProductScope, now: string) {
	return eb
		.selectFrom('cart_reservations')
		.select((r) => r.fn.min<string>('cart_reservations.expires_at').as('t'))
		.whereRef('cart_reservations.product_id', '=', 'products.id')
		.where('cart_reservations.expires_at', '>=', now);
}

/** Sum of the product's lines on orders that hold stock (SOLD_STATUSES). */
export function soldQuantity(eb: ProductScope) {
	return eb
		.selectFrom('order_lines')
		.innerJoin('orders', 'orders.id', 'order_lines.order_id')
		.select((r) => r.fn.coalesce(r.fn.sum<number>('order_lines.quantity'), r.lit(0)).as('q'))
		.whereRef('order_lines.product_id', '=', 'products.id')
		.where('orders.status', 'in', SOLD_STATUSES);
}

/** Available units from the three numbers; null stock means no limit. */
export function availableOf(stock: number | null, reserved: number | null, sold: number | null) {
	return stock === null ? null : Math.max(0, stock - Number(reserved ?? 0) - Number(sold ?? 0));
}

/**
 * Until when the last units are held in carts: the first hold's end when none is left to sell but
 * some are only reserved (they come back unless bought), else null (in stock, or truly sold out).
 */
export function heldUntil(
	stock: number | null,
	reserved: number | null,
	sold: number | null,
	firstHoldEnds: string | null
): string | null {
	if (stock === null || availableOf(stock, reserved, sold) !== 0) return null;
	return Number(reserved ?? 0) > 0 && stock - Number(sold ?? 0) > 0 ? firstHoldEnds : null;
}

/** The columns what a product has left is made from (`stockOf`), for a products query's select. */
export function stockColumns(eb: ProductScope, now: string) {
	return [
		reservedQuantity(eb, now).as('reserved'),
		soldQuantity(eb).as('sold'),
		firstHoldEnd(eb, now).as('first_hold_end')
	] as const;
}

/** What is left to sell (null: no limit) and until when the last units are held, from stockColumns. */
export function stockOf(r: {
	stock: number | null;
	reserved: unknown;
	sold: unknown;
	first_hold_end: string | null;
}): { available: number | null; heldUntil: string | null } {
	const reserved = Number(r.reserved ?? 0);
	const sold = Number(r.sold ?? 0);
	return {
		available: availableOf(r.stock, reserved, sold),
		heldUntil: heldUntil(r.stock, reserved, sold, r.first_hold_end)
	};
}

/** Whether a product with a stock limit has at most `n` left to sell at `now` (sold out included). */
export function atMostLeft(eb: ProductScope, now: string, n: number) {
	return eb.and([
		eb('products.stock', 'is not', null),
		eb(
			sql<number>`${eb.ref('products.stock')} - (${reservedQuantity(eb, now)}) - (${soldQuantity(eb)})`,
			'<=',
			n
		)
	]);
}
