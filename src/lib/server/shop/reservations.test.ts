import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { reserveStock } from './reservations';
import { orderLineRow, orderRow } from '../db/test-rows';

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	const now = new Date('2026-11-23T12:00:00.000Z');
	const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		await seedDemo(db, now);
		await db
			.updateTable('products')
			.set({ stock: 10, max_per_order: null })
			.where('id', '=', 'prod-mug')
			.execute();
	});
	afterEach(() => test.destroy());

	const reserve = (cartId: string, quantity = 1, productId = 'prod-mug', at = now) =>
		reserveStock(db, { cartId, productId, quantity }, at);
	const rows = async () =>
		Number(
			(
				await db
					.selectFrom('cart_reservations')
					.select((e) => e.fn.countAll().as('n'))
					.executeTakeFirstOrThrow()
			).n
		);

	describe('reserving stock', () => {
		it('200 simultaneous buyers of 10 units: exactly 10 reservations succeed', async () => {
			const results = await Promise.all(
				Array.from({ length: 200 }, (_, i) => reserve(`cart-${i}`))
			);
			expect(results.filter((r) => r.ok)).toHaveLength(10);
			// The other 190 are told the last units are held in carts, and may come back.
			expect(results.filter((r) => !r.ok && r.reason === 'held')).toHaveLength(190);
			expect(await rows()).toBe(10);
		});

		it('a reservation holds stock for 15 minutes and stops counting once expired, before any cleanup', async () => {
			const first = await reserve('cart-a', 10);
			expect(first.ok && first.reservation.expiresAt).toBe(later(15).toISOString());
			expect((await reserve('cart-b', 1, 'prod-mug', later(14))).ok).toBe(false);
			expect((await reserve('cart-b', 10, 'prod-mug', later(16))).ok).toBe(true);
			expect(await rows()).toBe(2);
		});

		it('lines of authorized or paid orders count as sold; pending ones do not', async () => {
			await db
				.insertInto('users')
				.values({
					id: 'u1',
					email: null,
					name: '',
					is_anonymous: 1,
					locale: null,
					password_hash: null,
					created_at: now.toISOString()
				})
				.execute();
			for (const [id, status, quantity] of [
				['o1', 'paid', 3],
				['o2', 'authorized', 2],
				['o3', 'pending', 4]
			] as const) {
				await db.insertInto('orders').values(orderRow(id, status)).execute();
				await db
					.insertInto('order_lines')
					.values(orderLineRow(id, 'prod-mug', quantity, { name: 'Mug' }))
					.execute();
			}
			expect((await reserve('cart-a', 6)).ok).toBe(false);
			expect((await reserve('cart-a', 5)).ok).toBe(true);
		});

		it('a product without a stock limit is never sold out, but the per-order limit holds per cart', async () => {
			// prod-sticker: stock null, at most 20 per order
			expect((await reserve('cart-a', 15, 'prod-sticker')).ok).toBe(true);
			expect(await reserve('cart-a', 6, 'prod-sticker')).toEqual({
				ok: false,
				reason: 'over_limit'
			});
			expect((await reserve('cart-a', 5, 'prod-sticker')).ok).toBe(true);
			expect((await reserve('cart-b', 20, 'prod-sticker')).ok).toBe(true);
		});

		it('the last units held only in other carts: refused as held, with when the first hold runs out; sold ones are sold out', async () => {
			await reserve('cart-a', 6, 'prod-mug', later(2));
			await reserve('cart-b', 4);
			// None left now; the earliest of the two holds (cart-b's, from `now`) ends first.
			expect(await reserve('cart-c', 1)).toEqual({
				ok: false,
				reason: 'held',
				heldUntil: later(15).toISOString()
			});
			// Asking for more than the holds could ever give back is plainly too many.
			expect(await reserve('cart-c', 11)).toEqual({ ok: false, reason: 'sold_out' });
			expect((await reserve('cart-c', 4, 'prod-mug', later(16))).ok).toBe(true);
		});

		it('an unknown or inactive product is not found, and nothing is written', async () => {
			await db.updateTable('products').set({ active: 0 }).where('id', '=', 'prod-hoodie').execute();
			expect(await reserve('cart-a', 1, 'prod-nope')).toEqual({ ok: false, reason: 'not_found' });
			expect(await reserve('cart-a', 1, 'prod-hoodie')).toEqual({ ok: false, reason: 'not_found' });
			expect(await reserve('cart-a', 11)).toEqual({ ok: false, reason: 'sold_out' });
			expect(await rows()).toBe(0);
		});
	});
});
