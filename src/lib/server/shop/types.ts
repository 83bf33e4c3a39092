// The shop port. Reservations hold stock for a cart for 15 minutes (expires_at); expired rows
// stop counting at once, and cleanup only removes them.

export const RESERVATION_TTL_MS = 15 * 60_000;

/**
 * Why a reservation was refused. `held`: not enough left now, but enough would be if other carts'
 * reservations ran out; `heldUntil` is when the first of them does.
 */
export type ReserveRejection =
	{ reason: 'not_found' | 'sold_out' | 'over_limit' } | { reason: 'held'; heldUntil: string };

export interface Reservation {
	id: string;
	cartId: string;
	productId: string;
	quantity: number;
	expiresAt: string;
}

export type ReserveResult =
	{ ok: true; reservation: Reservation } | ({ ok: false } & ReserveRejection);

/** What the header's cart link says: items (not lines) and the earliest end of a hold. */
export interface CartSummary {
	items: number;
	heldUntil: string;
}

export interface ShopStore {
	/** Deletes every reservation whose expires_at is earlier than `now`; returns how many. */
	deleteExpiredReservations(now: string): Promise<number>;
	/** How many items a cart holds now and until when the first of them stays held; null if none. */
	cartSummary(cartId: string, now: string): Promise<CartSummary | null>;
	/** Sets (or with `add`, raises) a cart's quantity of a product; 0 removes the line. Atomic. */
	setCartQuantity(
		input: { cartId: string; productId: string; quantity: number; add?: boolean },
		now: Date
	): Promise<ReserveResult | { ok: true; reservation: null }>;
}

/**
 * How long an order's reservations are held once checkout starts: longer than a provider lets a
 * payment stay open (the simulator 20 minutes, reconciliation cancels at 25), so stock is never
 * freed under a payment that can still be approved.
 */
export const ORDER_HOLD_MS = 30 * 60_000;
