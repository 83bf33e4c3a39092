import type { Db } from '../db';
import { cartSummary, setCartQuantity } from './cart';
import type { ShopStore } from './types';

export function sqlShopStore(db: Db): ShopStore {
	return {
		async deleteExpiredReservations(now) {
			const result = await db
				.deleteFrom('cart_reservations')
				.where('expires_at', '<', now)
				.executeTakeFirst();
			return Number(result.numDeletedRows);
		},
		setCartQuantity: (input, now) => setCartQuantity(db, input, now),
		cartSummary: (cartId, now) => cartSummary(db, cartId, now)
	};
}
