import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userContext } from '../context';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { pauseAfter } from '../db/test-interleave';
import { simulatorProvider } from '../payments/simulator';
import { setCartQuantity } from './cart';
import { checkoutService, orderCartId } from './checkout';
import { sqlShopStore } from './sql';

// The cart and checkout over the real tables on each engine, with the simulator as the provider.
const TOKEN = 'a-callback-token-of-32-characters';
const NOW = new Date('2026-11-23T12:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const buyer = { name: 'Kari', email: 'kari@example.org', phone: '12345678' };
const ctx = userContext(
	{ id: 'u1', email: 'kari@example.org', name: 'Kari', isAnonymous: false },
	's1'
);

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;

	beforeEach(async () => {
		test = await testDatabase(engine, { poolMax: 12 });
		db = test.db;
		await seedDemo(db, NOW);
		await db
			.insertInto('users')
			.values({ id: 'u1', email: 'kari@example.org', name: 'Kari', created_at: NOW.toISOString() })
			.execute();
	});
	afterEach(() => test.destroy());

	const checkout = (on: Db = db) =>
		checkoutService(on, simulatorProvider(on, { callbackToken: TOKEN }));
	const place = (expectedTotalOre: number, at = NOW, on: Db = db) =>
		checkout(on).placeOrder(
			ctx,
			{ buyer, expectedTotalOre, locale: 'en', origin: 'http://shop.test' },
			at
		);
	const orders = () => db.selectFrom('orders').select(['id', 'status', 'total_ore']).execute();
	const reservations = () =>
		db
			.selectFrom('cart_reservations')
			.select(['cart_id', 'product_id', 'quantity', 'expires_at'])
			.orderBy('product_id')
			.orderBy('cart_id')
			.execute();

	it('a cart of two products becomes one pending order whose lines hold the stock through the payment', async () => {
		expect(
			(await setCartQuantity(db, { cartId: 'u1', productId: 'prod-mug', quantity: 2 }, NOW)).ok
		).toBe(true);
		expect(
			(await setCartQuantity(db, { cartId: 'u1', productId: 'prod-sticker', quantity: 3 }, NOW)).ok
		).toBe(true);
		const quote = await checkout().quote(ctx, 'en', NOW);
		expect(quote.totalOre).toBe(2 * 14_900 + 3 * 2_000);

		const result = await place(quote.totalOre);
		expect(result.ok).toBe(true);
		const orderId = result.ok ? result.orderId : '';
		expect(await orders()).toEqual([{ id: orderId, status: 'pending', total_ore: 35_800 }]);
		const lines = await db
			.selectFrom('order_lines')
			.select(['product_id', 'quantity', 'unit_price_ore'])
			.where('order_id', '=', orderId)
			.orderBy('product_id')
			.execute();
		expect(lines).toEqual([
			{ product_id: 'prod-mug', quantity: 2, unit_price_ore: 14_900 },
			{ product_id: 'prod-sticker', quantity: 3, unit_price_ore: 2_000 }
		]);
		const held = later(30 * 60_000).toISOString();
		expect(await reservations()).toEqual([
			{ cart_id: orderCartId(orderId), product_id: 'prod-mug', quantity: 2, expires_at: held },
			{ cart_id: orderCartId(orderId), product_id: 'prod-sticker', quantity: 3, expires_at: held }
		]);
		expect((await checkout().quote(ctx, 'en', NOW)).lines).toEqual([]);
	});

	it('a changed quantity after the quote refuses the order and leaves the cart as it is', async () => {
		await setCartQuantity(db, { cartId: 'u1', productId: 'prod-mug', quantity: 1 }, NOW);
		const quote = await checkout().quote(ctx, 'en', NOW);
		await setCartQuantity(db, { cartId: 'u1', productId: 'prod-mug', quantity: 2 }, NOW);
		expect(await place(quote.totalOre)).toEqual({ ok: false, reason: 'cart_changed' });
		expect(await orders()).toEqual([]);
		expect((await reservations()).map((r) => [r.cart_id, r.quantity])).toEqual([['u1', 2]]);
	});

	it('a double submit of one cart makes one order; the others are refused and their payments cancelled', async () => {
		await setCartQuantity(db, { cartId: 'u1', productId: 'prod-mug', quantity: 2 }, NOW);
		const results = await Promise.all(Array.from({ length: 10 }, () => place(29_800)));
		expect(results.filter((r) => r.ok)).toHaveLength(1);
		expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).not.toContain(
			'payment_unavailable'
		);
		expect(await orders()).toHaveLength(1);
		const sessions = await db.selectFrom('payment_sessions').select('state').execute();
		expect(sessions.filter((s) => s.state !== 'TERMINATED')).toHaveLength(1);
	});

	it('a second submit landing inside the first one’s transaction makes no second order', async () => {
		await setCartQuantity(db, { cartId: 'u1', productId: 'prod-mug', quantity: 2 }, NOW);
		const race = pauseAfter(db, 'insert', 'orders', () => place(29_800));
		const first = await place(29_800, NOW, race.db);
		const second = (await race.competitor()) as Awaited<ReturnType<typeof place>>;
		expect([first.ok, second.ok].filter(Boolean)).toHaveLength(1);
		const all = await orders();
		expect(all).toHaveLength(1);
		expect((await reservations()).map((r) => [r.cart_id, r.quantity])).toEqual([
			[orderCartId(all[0]!.id), 2]
		]);
	});

	it('a checkout racing the cleanup of its just-expired reservations either holds them or makes no order', async () => {
		await setCartQuantity(db, { cartId: 'u1', productId: 'prod-mug', quantity: 2 }, NOW);
		// The buyer submits in the reservation's last millisecond; the cleanup's clock is past it.
		const lastMoment = later(15 * 60_000);
		const cleanup = () =>
			sqlShopStore(db).deleteExpiredReservations(later(15 * 60_000 + 1).toISOString());
		const race = pauseAfter(db, 'insert', 'orders', cleanup);
		const result = await place(29_800, lastMoment, race.db);
		await race.competitor();
		const all = await orders();
		const left = await reservations();
		if (result.ok) {
			expect(all).toHaveLength(1);
			expect(left.map((r) => [r.cart_id, r.quantity])).toEqual([[orderCartId(result.orderId), 2]]);
		} else {
			expect(all).toEqual([]);
			expect(left).toEqual([]);
		}
	});

	it('a unit added while the checkout commits is the only thing left in the cart', async () => {
		await setCartQuantity(db, { cartId: 'u1', productId: 'prod-mug', quantity: 2 }, NOW);
		const add = () =>
			setCartQuantity(db, { cartId: 'u1', productId: 'prod-mug', quantity: 1, add: true }, NOW);
		// The add lands once the order has taken the cart's reservations, before it commits.
		const race = pauseAfter(db, 'update', 'cart_reservations', add);
		const result = await place(29_800, NOW, race.db);
		expect(result.ok).toBe(true);
		expect(await race.competitor()).toMatchObject({ ok: true });
		const orderId = result.ok ? result.orderId : '';
		expect((await reservations()).map((r) => [r.cart_id, r.quantity])).toEqual([
			[orderCartId(orderId), 2],
			['u1', 1]
		]);
	});
});
