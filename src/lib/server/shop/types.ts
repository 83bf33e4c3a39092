// The shop port. Reservations hold stock for a cart for 15 minutes (expires_at); expired rows
// stop counting at once, and cleanup only removes them.

export const RESERVATION_TTL_MS = 15 * 60_000;

export interface ShopStore {
	/** Deletes every reservation whose expires_at is earlier than `now`; returns how many. */
	deleteExpiredReservations(now: string): Promise<number>;
}
