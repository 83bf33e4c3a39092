// The shop port. Reservations hold stock for a cart for 15 minutes (expires_at); expired rows
// stop counting at once, and cleanup only removes them.
import type { Locale } from '$lib/i18n';
import type { LocalizedText } from '../content/localize';

export const RESERVATION_TTL_MS = 15 * 60_000;

export type ReserveRejection = 'not_found' | 'sold_out' | 'over_limit';

export interface Reservation {
	id: string;
	cartId: string;
	productId: string;
	quantity: number;
	expiresAt: string;
}

export type ReserveResult =
	{ ok: true; reservation: Reservation } | { ok: false; reason: ReserveRejection };

export interface CartLine {
	productId: string;
	slug: string;
	name: LocalizedText;
	image: string | null;
	unitPriceOre: number;
	quantity: number;
	lineTotalOre: number;
	/** When the line's reservation runs out (ISO 8601). */
	expiresAt: string;
}

export interface ShopStore {
	/** Deletes every reservation whose expires_at is earlier than `now`; returns how many. */
	deleteExpiredReservations(now: string): Promise<number>;
	/** Sets (or with `add`, raises) a cart's quantity of a product; 0 removes the line. Atomic. */
	setCartQuantity(
		input: { cartId: string; productId: string; quantity: number; add?: boolean },
		now: Date
	): Promise<ReserveResult | { ok: true; reservation: null }>;
	cartLines(cartId: string, locale: Locale, now: Date): Promise<CartLine[]>;
}
