import type { AdminContext } from '../context';
import type { ShopStore } from './types';

export type * from './types';

export function shopService(store: ShopStore) {
	return {
		/** Housekeeping: expired reservations already stopped counting; this frees the rows. */
		async cleanupExpiredReservations(_ctx: AdminContext, now = new Date()): Promise<number> {
			return store.deleteExpiredReservations(now.toISOString());
		}
	};
}

export type ShopService = ReturnType<typeof shopService>;
