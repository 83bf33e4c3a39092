import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userContext } from '../context';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { userRow } from '../db/test-rows';
import { shopService } from '.';
import { sqlShopStore } from './sql';

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	const now = new Date('2026-11-23T12:00:00.000Z');
	const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
	const as = (id: string) =>
		userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, `s-${id}`);

	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		await seedDemo(db, now);
		for (const id of ['buyer', 'other']) await db.insertInto('users').values(userRow(id)).execute();
	});
	afterEach(() => test.destroy());

	describe("the header's cart summary", () => {
		it('counts items, not lines, and holds until the first line runs out', async () => {
			const shop = shopService(sqlShopStore(db));
			expect((await shop.addToCart(as('buyer'), 'prod-hoodie', 5, now)).ok).toBe(true);
			expect((await shop.addToCart(as('buyer'), 'prod-mug', 1, later(4))).ok).toBe(true);
			expect((await shop.addToCart(as('other'), 'prod-mug', 2, now)).ok).toBe(true);
			expect(await shop.cartSummary(as('buyer'), later(5))).toEqual({
				items: 6,
				heldUntil: later(15).toISOString()
			});
		});

		it('forgets lines whose hold has run out, and has nothing to say without a cart or a session', async () => {
			const shop = shopService(sqlShopStore(db));
			await shop.addToCart(as('buyer'), 'prod-hoodie', 2, now);
			await shop.addToCart(as('buyer'), 'prod-mug', 1, later(10));
			expect(await shop.cartSummary(as('buyer'), later(16))).toEqual({
				items: 1,
				heldUntil: later(25).toISOString()
			});
			expect(await shop.cartSummary(as('buyer'), later(26))).toBeNull();
			expect(await shop.cartSummary(as('other'), now)).toBeNull();
			expect(await shop.cartSummary(userContext(null, null), now)).toBeNull();
		});
	});
});
