import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { orderRow } from '../db/test-rows';
import { activeMembership, grantMemberships, isMember } from './membership';

// Membership periods on a migrated database of each engine: grants, extension, expiry.
const T0 = new Date('2026-01-10T12:00:00.000Z');
const at = (days: number) => new Date(T0.getTime() + days * 86_400_000);

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;

	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		await db
			.insertInto('users')
			.values({ id: 'u1', email: null, name: 'U', created_at: T0.toISOString() })
			.execute();
	});
	afterEach(() => test.destroy());

	async function paidOrder(id: string, productId: string) {
		await db.insertInto('orders').values(orderRow(id, 'paid')).execute();
		await db
			.insertInto('order_lines')
			.values({
				id: `${id}-l`,
				order_id: id,
				product_id: productId,
				name: 'M',
				unit_price_ore: 1,
				quantity: 1
			})
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
});
