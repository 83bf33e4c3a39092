import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { orderLineRow, orderRow } from '../db/test-rows';
import { adminContext } from '../context';
import { activeMembership, grantMemberships, isMember } from './membership';
import { ordersService } from './orders';
import { sqlOrderStore } from './orders-sql';

// Membership periods on a migrated database of each engine: grants, extension, expiry.
const T0 = new Date('2026-01-10T12:00:00.000Z');
const at = (days: number) => new Date(T0.getTime() + days * 86_400_000);

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;

	beforeEach(async () => {
		test = await testDatabase(engine, { poolMax: 20 });
		db = test.db;
		await db
			.insertInto('users')
			.values({ id: 'u1', email: null, name: 'U', created_at: T0.toISOString() })
			.execute();
	});
	afterEach(() => test.destroy());

	async function paidOrder(id: string, productId: string, status = 'paid') {
		await db.insertInto('orders').values(orderRow(id, status)).execute();
		await db
			.insertInto('order_lines')
			.values(orderLineRow(id, productId, 1, { name: 'M', unit_price_ore: 1 }))
			.execute();
	}

	describe('memberships', () => {
		it('nobody is a member before buying', async () => {
			expect(await isMember(db, 'u1', T0)).toBe(false);
			expect(await activeMembership(db, 'u1', T0)).toBeNull();
		});

		it('a semester grants six months from payment, once however often it is granted', async () => {
			await paidOrder('o1', 'membership-semester-student');
			expect(await grantMemberships(db, 'o1', T0)).toBe(1);
			expect(await grantMemberships(db, 'o1', T0)).toBe(0);
			expect(await activeMembership(db, 'u1', at(1))).toEqual({
				startsAt: T0.toISOString(),
				endsAt: '2026-07-10T12:00:00.000Z',
				period: 'semester',
				audience: 'student'
			});
		});

		it('a period bought while one runs starts when it ends, and the member sees the whole stretch', async () => {
			await paidOrder('o1', 'membership-semester-student');
			await grantMemberships(db, 'o1', T0);
			await paidOrder('o2', 'membership-year-regular');
			await grantMemberships(db, 'o2', at(30));
			expect((await activeMembership(db, 'u1', at(31)))?.endsAt).toBe('2027-07-10T12:00:00.000Z');
			expect(await isMember(db, 'u1', new Date('2027-07-10T11:59:59.000Z'))).toBe(true);
			expect(await isMember(db, 'u1', new Date('2027-07-10T12:00:00.000Z'))).toBe(false);
		});
	});

	describe('paid at the same moment', () => {
		const markPaid = (orderId: string) =>
			ordersService(sqlOrderStore(db)).markPaid(adminContext('test'), orderId, 'test', {}, T0);
		const periods = () =>
			db
				.selectFrom('memberships')
				.select(['starts_at', 'ends_at'])
				.where('user_id', '=', 'u1')
				.orderBy('starts_at')
				.execute();

		it('ten semesters paid at once for one buyer follow one another: five years, no overlap', async () => {
			const ids = Array.from({ length: 10 }, (_, i) => `o${i}`);
			for (const id of ids) await paidOrder(id, 'membership-semester-student', 'authorized');
			expect(await Promise.all(ids.map(markPaid))).toEqual(ids.map(() => true));
			const granted = await periods();
			expect(granted).toHaveLength(10);
			expect(granted[0]!.starts_at).toBe(T0.toISOString());
			for (let i = 1; i < granted.length; i++) {
				expect(granted[i]!.starts_at).toBe(granted[i - 1]!.ends_at);
			}
			expect((await activeMembership(db, 'u1', at(1)))?.endsAt).toBe('2031-01-10T12:00:00.000Z');
		});

		it('one order marked paid fifty times at once grants one period', async () => {
			await paidOrder('o1', 'membership-year-regular', 'authorized');
			const results = await Promise.all(Array.from({ length: 50 }, () => markPaid('o1')));
			expect(results.filter(Boolean)).toHaveLength(1);
			expect(await periods()).toEqual([
				{ starts_at: T0.toISOString(), ends_at: '2027-01-10T12:00:00.000Z' }
			]);
		});
	});
});
