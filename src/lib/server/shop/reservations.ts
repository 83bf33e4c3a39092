// Reserving stock for a cart. The check and the insert are one SQL statement, so concurrent
// buyers can never reserve more than is left: N buyers of K units get exactly K. On SQLite that
// holds because one writer runs at a time. On PostgreSQL (READ COMMITTED) two such statements
// could each count the reservations committed before either began, so the product row is locked
// first: buyers of one product queue there, and each statement then sees its predecessors' rows.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db';
import { commitWithoutFlushWait, lockRows, typedValue } from '../db/dialect';
import { firstHoldEnd, reservedQuantity, soldQuantity } from './availability';
import {
	RESERVATION_TTL_MS,
	type Reservation,
	type ReserveRejection,
	type ReserveResult
} from './types';

export async function reserveStock(
	db: Db,
	input: { cartId: string; productId: string; quantity: number },
	now = new Date()
): Promise<ReserveResult> {
	const nowIso = now.toISOString();
	const reservation: Reservation = {
		id: randomUUID(),
		cartId: input.cartId,
		productId: input.productId,
		quantity: input.quantity,
		expiresAt: new Date(now.getTime() + RESERVATION_TTL_MS).toISOString()
	};
	const qty = input.quantity;
	if (!db.isTransaction) {
		return db.transaction().execute(async (trx) => {
			await commitWithoutFlushWait(trx);
			return reserveStock(trx, input, now);
		});
	}
	// Taken last in the transaction, so that buyers of one product queue for as short a time as
	// possible: this statement, the insert, the commit.
	await lockRows(db, db.selectFrom('products').select('id').where('id', '=', input.productId));

	const inserted = await db
		.insertInto('cart_reservations')
		.columns(['id', 'cart_id', 'product_id', 'quantity', 'created_at', 'expires_at'])
		.expression((eb) =>
			eb
				.selectFrom('products')
				.select([
					eb.val(reservation.id).as('id'),
					eb.val(reservation.cartId).as('cart_id'),
					'products.id as product_id',
					typedValue(db, qty, 'integer').as('quantity'),
					typedValue(db, nowIso, 'timestamp').as('created_at'),
					typedValue(db, reservation.expiresAt, 'timestamp').as('expires_at')
				])
				.where('products.id', '=', input.productId)
				.where('products.active', '=', 1)
				.where((w) =>
					w.or([
						w('products.stock', 'is', null),
						w(
							sql<number>`${w.ref('products.stock')} - (${reservedQuantity(w, nowIso)}) - (${soldQuantity(w)})`,
							'>=',
							qty
						)
					])
				)
				.where((w) =>
					w.or([
						w('products.max_per_order', 'is', null),
						w(
							sql<number>`(${cartQuantity(w, input.cartId, nowIso)}) + ${qty}`,
							'<=',
							w.ref('products.max_per_order')
						)
					])
				)
		)
		.executeTakeFirst();

	if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { ok: true, reservation };
	return { ok: false, ...(await whyRejected(db, input, nowIso)) };
}

function cartQuantity(eb: Parameters<typeof reservedQuantity>[0], cartId: string, now: string) {
	return reservedQuantity(eb, now).where('cart_reservations.cart_id', '=', cartId);
}

/** Only for the message: the decision itself was taken atomically above. */
async function whyRejected(
	db: Db,
	input: { cartId: string; productId: string; quantity: number },
	now: string
): Promise<ReserveRejection> {
	const product = await db
		.selectFrom('products')
		.select((eb) => [
			'max_per_order',
			'stock',
			cartQuantity(eb, input.cartId, now).as('in_cart'),
			soldQuantity(eb).as('sold'),
			firstHoldEnd(eb, now).as('first_hold_end')
		])
		.where('id', '=', input.productId)
		.where('active', '=', 1)
		.executeTakeFirst();
	if (!product) return { reason: 'not_found' };
	if (
		product.max_per_order !== null &&
		Number(product.in_cart ?? 0) + input.quantity > product.max_per_order
	) {
		return { reason: 'over_limit' };
	}
	// Enough would be left without the other carts' reservations: they may come back.
	const unsold = Number(product.stock ?? 0) - Number(product.sold ?? 0);
	if (product.first_hold_end && unsold - Number(product.in_cart ?? 0) >= input.quantity) {
		return { reason: 'held', heldUntil: product.first_hold_end };
	}
	return { reason: 'sold_out' };
}
