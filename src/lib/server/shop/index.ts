// What the shop pages call. A cart belongs to the session's user (anonymous or signed in).
import { currentUser, type AdminContext, type UserContext } from '../context';
import { Forbidden } from '../errors';
import type { ShopStore } from './types';

export type * from './types';

function cartIdOf(ctx: UserContext): string {
	const user = currentUser(ctx);
	if (!user) throw new Forbidden('A session is needed for a cart', 'no_session');
	return user.id;
}

export function shopService(store: ShopStore) {
	return {
		/** Housekeeping: expired reservations already stopped counting; this frees the rows. */
		async cleanupExpiredReservations(_ctx: AdminContext, now = new Date()): Promise<number> {
			return store.deleteExpiredReservations(now.toISOString());
		},

		/**
		 * The caller's cart at a glance (the header's link), or null: no session means no cart, and
		 * no question is asked.
		 */
		async cartSummary(ctx: UserContext, now = new Date()) {
			const user = currentUser(ctx);
			return user ? store.cartSummary(user.id, now.toISOString()) : null;
		},

		/** Reserves `quantity` more of a product for 15 minutes (the whole line is renewed). */
		addToCart(ctx: UserContext, productId: string, quantity: number, now = new Date()) {
			return store.setCartQuantity({ cartId: cartIdOf(ctx), productId, quantity, add: true }, now);
		},

		/** Sets a line's quantity; 0 removes it. */
		setLineQuantity(ctx: UserContext, productId: string, quantity: number, now = new Date()) {
			return store.setCartQuantity({ cartId: cartIdOf(ctx), productId, quantity }, now);
		}
	};
}

export type ShopService = ReturnType<typeof shopService>;
