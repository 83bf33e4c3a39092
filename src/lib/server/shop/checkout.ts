// Checkout: turns the session's cart into a pending order and starts a payment for it. Prices
// come from the products table (member prices for members), never from the form; the form's
// total only confirms that the buyer saw the same cart. The provider session is created first
// and the order, its lines, its first event and the hand-over of the reservations are then
// written in one transaction, so a refused checkout leaves nothing behind but an open provider
// session, which is cancelled.
import { randomUUID } from 'node:crypto';
import type { Locale } from '$lib/i18n';
import { pickLocalized, type LocalizedText } from '../content/localize';
import { currentUser, type UserContext } from '../context';
import type { Db } from '../db';
import { storageUnavailable } from '../db/errors';
import { errorFields, log } from '../log';
import type { PaymentProvider } from '../payments/types';
import { isMember } from './membership';
import { recordOrderEvent } from './orders-sql';
import { ORDER_HOLD_MS } from './types';

export interface QuoteLine {
	productId: string;
	slug: string;
	name: LocalizedText;
	quantity: number;
	unitPriceOre: number;
	/** The list price when a member price applies, so the page can show the saving. */
	listPriceOre: number;
	lineTotalOre: number;
	isMembership: boolean;
	expiresAt: string;
}

export interface Quote {
	lines: QuoteLine[];
	totalOre: number;
	isMember: boolean;
	/** A membership is for an account: an anonymous buyer must sign in first. */
	needsAccount: boolean;
	/** The cart had lines whose reservation ran out. */
	hasExpired: boolean;
}

export type CheckoutRefusal =
	'empty' | 'expired' | 'cart_changed' | 'sign_in' | 'payment_unavailable';

export interface Buyer {
	name: string;
	email: string;
	phone: string;
}

export type CheckoutResult =
	{ ok: true; orderId: string; redirectUrl: string } | { ok: false; reason: CheckoutRefusal };

/** The cart of a user is keyed by the user's id; an order's held reservations by this. */
export const orderCartId = (orderId: string) => `order:${orderId}`;

async function quoteCart(
	db: Db,
	user: { id: string; isAnonymous: boolean },
	locale: Locale,
	now: Date
): Promise<Quote> {
	const at = now.toISOString();
	const member = !user.isAnonymous && (await isMember(db, user.id, now));
	const rows = await db
		.selectFrom('cart_reservations')
		.innerJoin('products', 'products.id', 'cart_reservations.product_id')
		.leftJoin('membership_plans', 'membership_plans.product_id', 'products.id')
		.select((e) => [
			'products.id',
			'products.slug',
			'products.name_no',
			'products.name_en',
			'products.price_ore',
			'products.member_price_ore',
			'membership_plans.product_id as plan',
			e.fn.sum<number>('cart_reservations.quantity').as('quantity'),
			e.fn.min<string>('cart_reservations.expires_at').as('expires_at')
		])
		.where('cart_reservations.cart_id', '=', user.id)
		.where('cart_reservations.expires_at', '>=', at)
		.where('products.active', '=', 1)
		.groupBy(['products.id', 'membership_plans.product_id'])
		.orderBy('products.slug')
		.execute();
	const lines = rows.map((r) => {
		const quantity = Number(r.quantity);
		const unitPriceOre = member && r.member_price_ore !== null ? r.member_price_ore : r.price_ore;
		return {
			productId: r.id,
			slug: r.slug,
			name: pickLocalized(r, 'name', locale),
			quantity,
			unitPriceOre,
			listPriceOre: r.price_ore,
			lineTotalOre: unitPriceOre * quantity,
			isMembership: r.plan !== null,
			expiresAt: r.expires_at
		};
	});
	const expired = await db
		.selectFrom('cart_reservations')
		.select('id')
		.where('cart_id', '=', user.id)
		.where('expires_at', '<', at)
		.executeTakeFirst();
	return {
		lines,
		totalOre: lines.reduce((sum, l) => sum + l.lineTotalOre, 0),
		isMember: member,
		needsAccount: user.isAnonymous && lines.some((l) => l.isMembership),
		hasExpired: expired !== undefined
	};
}

class Refused extends Error {
	constructor(readonly reason: CheckoutRefusal) {
		super(reason);
	}
}

const sameLines = (a: QuoteLine[], b: QuoteLine[]) =>
	a.length === b.length &&
	a.every(
		(l, i) =>
			l.productId === b[i]?.productId &&
			l.quantity === b[i]?.quantity &&
			l.unitPriceOre === b[i]?.unitPriceOre
	);

/** Whether the moved reservations add up to exactly the quoted quantities, product by product. */
function holdsLines(moved: { product_id: string; quantity: number }[], lines: QuoteLine[]) {
	const held = new Map<string, number>();
	for (const r of moved) held.set(r.product_id, (held.get(r.product_id) ?? 0) + r.quantity);
	return held.size === lines.length && lines.every((l) => held.get(l.productId) === l.quantity);
}

export function checkoutService(
	db: Db,
	provider: PaymentProvider | null,
	options: { holdMs?: number } = {}
) {
	const holdMs = options.holdMs ?? ORDER_HOLD_MS;
	return {
		async quote(ctx: UserContext, locale: Locale, now = new Date()): Promise<Quote> {
			const user = currentUser(ctx);
			if (!user) {
				return { lines: [], totalOre: 0, isMember: false, needsAccount: false, hasExpired: false };
			}
			return quoteCart(db, user, locale, now);
		},

		/**
		 * Places the order and starts its payment. `expectedTotalOre` is the total the buyer was
		 * shown; `origin` is where the provider sends the buyer and its callbacks back to.
		 */
		async placeOrder(
			ctx: UserContext,
			input: { buyer: Buyer; expectedTotalOre: number; locale: Locale; origin: string },
			now = new Date()
		): Promise<CheckoutResult> {
			const user = currentUser(ctx);
			if (!user) return { ok: false, reason: 'empty' };
			const quote = await quoteCart(db, user, input.locale, now);
			if (quote.lines.length === 0) {
				return { ok: false, reason: quote.hasExpired ? 'expired' : 'empty' };
			}
			if (quote.needsAccount) return { ok: false, reason: 'sign_in' };
			if (quote.totalOre !== input.expectedTotalOre) return { ok: false, reason: 'cart_changed' };
			if (!provider) return { ok: false, reason: 'payment_unavailable' };

			const orderId = randomUUID();
			let session;
			try {
				session = await provider.createSession({
					id: orderId,
					totalOre: quote.totalOre,
					description: quote.lines.map((l) => `${l.quantity} × ${l.name.text}`).join(', '),
					returnUrl: `${input.origin}/api/checkout/return?orderId=${encodeURIComponent(orderId)}`,
					callbackUrl: `${input.origin}/api/payment/${provider.name}/callback`,
					buyer: input.buyer
				});
			} catch (error) {
				// Our own store failing (the simulator keeps its sessions in it) is not the provider's.
				if (storageUnavailable(error)) throw error;
				log.error('payment session could not be created', { orderId, ...errorFields(error) });
				return { ok: false, reason: 'payment_unavailable' };
			}

			const at = now.toISOString();
			try {
				await db.transaction().execute(async (trx) => {
					// Between the quote and here a reservation may have run out or a price changed.
					const current = await quoteCart(trx, user, input.locale, now);
					if (!sameLines(current.lines, quote.lines)) throw new Refused('cart_changed');
					await trx
						.insertInto('orders')
						.values({
							id: orderId,
							user_id: user.id,
							status: 'pending',
							provider: provider.name,
							provider_session_id: session.sessionId,
							cart_id: orderCartId(orderId),
							total_ore: quote.totalOre,
							buyer_name: input.buyer.name,
							buyer_email: input.buyer.email,
							buyer_phone: input.buyer.phone,
							locale: input.locale,
							created_at: at,
							updated_at: at
						})
						.execute();
					await trx
						.insertInto('order_lines')
						.values(
							quote.lines.map((l) => ({
								id: randomUUID(),
								order_id: orderId,
								product_id: l.productId,
								name: l.name.text,
								unit_price_ore: l.unitPriceOre,
								quantity: l.quantity
							}))
						)
						.execute();
					await recordOrderEvent(trx, {
						orderId,
						from: null,
						to: 'pending',
						actor: `checkout:${user.id}`,
						at
					});
					// The cart's reservations now belong to the order and last through the payment.
					const moved = await trx
						.updateTable('cart_reservations')
						.set({
							cart_id: orderCartId(orderId),
							expires_at: new Date(now.getTime() + holdMs).toISOString()
						})
						.where('cart_id', '=', user.id)
						.where('expires_at', '>=', at)
						.where(
							'product_id',
							'in',
							quote.lines.map((l) => l.productId)
						)
						.returning(['product_id', 'quantity'])
						.execute();
					// On PostgreSQL the quote above does not lock what it read: a concurrent checkout
					// of the same cart (a double submit) or the cleanup of expired reservations may
					// have taken the rows since. The order stands only if it holds what it sells.
					if (!holdsLines(moved, quote.lines)) throw new Refused('cart_changed');
				});
			} catch (error) {
				await provider
					.cancel({ sessionId: session.sessionId, orderId })
					.catch((cancelError: unknown) => {
						log.warn('orphan payment session not cancelled', {
							sessionId: session.sessionId,
							...errorFields(cancelError)
						});
					});
				if (error instanceof Refused) return { ok: false, reason: error.reason };
				throw error;
			}
			return { ok: true, orderId, redirectUrl: session.redirectUrl };
		}
	};
}

export type CheckoutService = ReturnType<typeof checkoutService>;
