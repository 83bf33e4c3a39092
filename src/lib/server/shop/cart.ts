// The cart is the set of a session's active reservations, one row per product. Changing a line
// replaces its reservation inside one transaction: if the new quantity cannot be reserved, the
// old reservation stays exactly as it was.
import type { Db } from '../db';
import { commitWithoutFlushWait, lockRows } from '../db/dialect';
import { reserveStock } from './reservations';
import type { CartSummary, ReserveResult } from './types';

class Rejected extends Error {
	constructor(readonly result: ReserveResult) {
		super('rejected');
	}
}

async function activeQuantity(db: Db, cartId: string, productId: string, now: string) {
	const row = await db
		.selectFrom('cart_reservations')
		.select((e) => e.fn.coalesce(e.fn.sum<number>('quantity'), e.lit(0)).as('q'))
		.where('cart_id', '=', cartId)
		.where('product_id', '=', productId)
		.where('expires_at', '>=', now)
		.executeTakeFirstOrThrow();
	return Number(row.q);
}

/** Sets the cart's quantity of a product (0 removes it); `add` adds to what is there. */
export async function setCartQuantity(
	db: Db,
	input: { cartId: string; productId: string; quantity: number; add?: boolean },
	now = new Date()
): Promise<ReserveResult | { ok: true; reservation: null }> {
	const nowIso = now.toISOString();
	try {
		return await db.transaction().execute(async (trx) => {
			await commitWithoutFlushWait(trx);
			// Two changes to one cart (a double click) queue here, so that the quantity read below is
			// still the cart's when the line is replaced; buyers of the same product queue only for
			// the stock check itself (reservations.ts).
			await lockRows(trx, trx.selectFrom('users').select('id').where('id', '=', input.cartId));
			const current = input.add
				? await activeQuantity(trx, input.cartId, input.productId, nowIso)
				: 0;
			await trx
				.deleteFrom('cart_reservations')
				.where('cart_id', '=', input.cartId)
				.where('product_id', '=', input.productId)
				.execute();
			const quantity = current + input.quantity;
			if (quantity === 0) return { ok: true as const, reservation: null };
			const result = await reserveStock(
				trx,
				{ cartId: input.cartId, productId: input.productId, quantity },
				now
			);
			if (!result.ok) throw new Rejected(result);
			return result;
		});
	} catch (error) {
		if (error instanceof Rejected) return error.result;
		throw error;
	}
}

/** The items of a cart's active lines and the moment the first of them is no longer held. */
export async function cartSummary(
	db: Db,
	cartId: string,
	now: string
): Promise<CartSummary | null> {
	const row = await db
		.selectFrom('cart_reservations')
		.select((e) => [e.fn.sum<number>('quantity').as('items'), e.fn.min('expires_at').as('until')])
		.where('cart_id', '=', cartId)
		.where('expires_at', '>=', now)
		.executeTakeFirst();
	const items = Number(row?.items ?? 0);
	return items > 0 && row?.until ? { items, heldUntil: String(row.until) } : null;
}
