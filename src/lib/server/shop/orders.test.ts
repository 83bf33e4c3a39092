import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaymentState } from '$lib/schemas/payments';
import { adminContext, userContext } from '../context';
import type { Db } from '../db';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import type { OrderStatus } from '$lib/shop/statuses';
import { nextStatus, ordersService, type OrdersService } from './orders';
import { sqlOrderStore } from './orders-sql';
import { reserveStock } from './reservations';
import { orderLineRow, orderRow, productRow, reservationRow } from '../db/test-rows';

// The forward-only rule, alone and over the SQL adapter on a migrated database of each engine.
const STATES = PaymentState.options;
// 'shipped' is no status of ours: a stored value the list does not name (another version's) is final.
const STATUSES = ['pending', 'authorized', 'paid', 'cancelled', 'failed', 'shipped'] as const;

const EXPECTED: Record<(typeof STATUSES)[number], Record<PaymentState, string | null>> = {
	pending: {
		CREATED: null,
		AUTHORIZED: 'authorized',
		ABORTED: 'cancelled',
		TERMINATED: 'cancelled',
		EXPIRED: 'failed'
	},
	authorized: { CREATED: null, AUTHORIZED: null, ABORTED: null, TERMINATED: null, EXPIRED: null },
	paid: { CREATED: null, AUTHORIZED: null, ABORTED: null, TERMINATED: null, EXPIRED: null },
	cancelled: { CREATED: null, AUTHORIZED: null, ABORTED: null, TERMINATED: null, EXPIRED: null },
	failed: { CREATED: null, AUTHORIZED: null, ABORTED: null, TERMINATED: null, EXPIRED: null },
	shipped: { CREATED: null, AUTHORIZED: null, ABORTED: null, TERMINATED: null, EXPIRED: null }
};

const NOW = new Date('2026-11-23T09:00:00.000Z');
/** A reservation's hold from NOW until long after every test. */
const held = { from: NOW.toISOString(), until: '2999-01-01T00:00:00.000Z' };
const admin = adminContext('test');
const user = (id: string) =>
	userContext({ id, email: null, name: id, isAnonymous: false }, `session-${id}`);

describe('nextStatus', () => {
	for (const status of STATUSES) {
		for (const state of STATES) {
			it(`${status} + ${state} → ${EXPECTED[status][state] ?? 'no change'}`, () => {
				expect(nextStatus(status as OrderStatus, state)).toBe(EXPECTED[status][state]);
			});
		}
	}

	it('never moves an order backwards or out of a final status', () => {
		for (const status of ['paid', 'cancelled', 'failed'] as const) {
			for (const state of STATES) expect(nextStatus(status, state)).toBeNull();
		}
	});
});

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let orders: OrdersService;

	beforeEach(async () => {
		test = await testDatabase(engine, { poolMax: 20 });
		db = test.db;
		orders = ordersService(sqlOrderStore(db));
		await db
			.insertInto('users')
			.values(
				['u1', 'u2'].map((id) => ({
					id,
					email: `${id}@x.no`,
					name: id,
					created_at: NOW.toISOString()
				}))
			)
			.execute();
		await db.insertInto('products').values(productRow('p1')).execute();
	});
	afterEach(() => test.destroy());

	async function insertOrder(id: string, status: string, cartId: string | null = null) {
		await db
			.insertInto('orders')
			.values(orderRow(id, status, { provider_session_id: `s-${id}`, cart_id: cartId }))
			.execute();
	}

	const events = (orderId: string) =>
		db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).execute();

	describe('applyPaymentState over SQL', () => {
		for (const status of STATUSES) {
			for (const state of STATES) {
				const to = EXPECTED[status][state];
				it(`${status} + ${state}: ${to ? `becomes ${to} with one event` : 'unchanged, no event'}`, async () => {
					await insertOrder('o1', status);
					const result = await orders.applyPaymentState(admin, 'o1', state, 'callback:test', NOW);
					expect(result).toEqual({ status: to ?? status, changed: to !== null });
					const row = await db
						.selectFrom('orders')
						.selectAll()
						.where('id', '=', 'o1')
						.executeTakeFirst();
					expect(row?.status).toBe(to ?? status);
					const written = await events('o1');
					if (to) {
						expect(written).toHaveLength(1);
						expect(written[0]).toMatchObject({
							from_status: status,
							to_status: to,
							actor: 'callback:test',
							at: NOW.toISOString()
						});
						expect(row?.updated_at).toBe(NOW.toISOString());
					} else {
						expect(written).toHaveLength(0);
					}
				});
			}
		}

		it('applies a duplicate once: the second identical state is a no-op', async () => {
			await insertOrder('o1', 'pending');
			expect(await orders.applyPaymentState(admin, 'o1', 'AUTHORIZED', 'a')).toEqual({
				status: 'authorized',
				changed: true
			});
			expect(await orders.applyPaymentState(admin, 'o1', 'AUTHORIZED', 'a')).toEqual({
				status: 'authorized',
				changed: false
			});
			expect(await events('o1')).toHaveLength(1);
		});

		it('applies concurrent identical states once', async () => {
			await insertOrder('o1', 'pending');
			const results = await Promise.all(
				Array.from({ length: 10 }, () => orders.applyPaymentState(admin, 'o1', 'AUTHORIZED', 'a'))
			);
			expect(results.filter((r) => r.changed)).toHaveLength(1);
			expect(results.every((r) => r.status === 'authorized')).toBe(true);
			expect(await events('o1')).toHaveLength(1);
		});

		it('an authorization racing a cancellation and an expiry moves the order once, and its stock goes one way', async () => {
			await db.updateTable('products').set({ stock: 10 }).where('id', '=', 'p1').execute();
			await insertOrder('o1', 'pending', 'order:o1');
			await db
				.insertInto('order_lines')
				.values(orderLineRow('o1', 'p1', 3, { id: 'l1' }))
				.execute();
			await db
				.insertInto('cart_reservations')
				.values(reservationRow('r1', 'order:o1', 'p1', 3, held))
				.execute();
			const states = ['AUTHORIZED', 'ABORTED', 'EXPIRED'] as const;
			const results = await Promise.all(
				Array.from({ length: 51 }, (_, i) =>
					orders.applyPaymentState(admin, 'o1', states[i % 3]!, `caller-${i}`)
				)
			);
			expect(results.filter((r) => r.changed)).toHaveLength(1);
			const written = await events('o1');
			expect(written).toHaveLength(1);
			const final = written[0]!.to_status;
			expect(results.every((r) => r.status === final)).toBe(true);
			expect(await db.selectFrom('cart_reservations').select('id').execute()).toEqual([]);
			// Authorized: the three are sold; cancelled or failed: all ten are free again.
			const free = final === 'authorized' ? 7 : 10;
			expect(
				(await reserveStock(db, { cartId: 'c', productId: 'p1', quantity: free + 1 })).ok
			).toBe(false);
			expect((await reserveStock(db, { cartId: 'c', productId: 'p1', quantity: free })).ok).toBe(
				true
			);
		});

		it('ends the linked cart on cancel, fail (released) and authorize (sold), and keeps other carts', async () => {
			await insertOrder('o1', 'pending', 'cart-1');
			await insertOrder('o2', 'pending', 'cart-2');
			await insertOrder('o3', 'pending', 'cart-3');
			await db
				.insertInto('cart_reservations')
				.values(
					['cart-1', 'cart-2', 'cart-3', 'cart-other'].map((cart, i) =>
						reservationRow(`r${i}`, cart, 'p1', 1, held)
					)
				)
				.execute();
			await orders.applyPaymentState(admin, 'o1', 'ABORTED', 'a');
			await orders.applyPaymentState(admin, 'o2', 'EXPIRED', 'a');
			await orders.applyPaymentState(admin, 'o3', 'AUTHORIZED', 'a');
			const left = await db.selectFrom('cart_reservations').select('cart_id').execute();
			expect(left.map((r) => r.cart_id)).toEqual(['cart-other']);
		});

		it('fails loudly for an order that does not exist', async () => {
			await expect(orders.applyPaymentState(admin, 'nope', 'AUTHORIZED', 'a')).rejects.toThrow();
		});
	});

	describe('order lookups', () => {
		it('shows a user only their own order, and an admin context no order by user', async () => {
			await insertOrder('o1', 'pending');
			expect((await orders.getForUser(user('u1'), 'o1'))?.id).toBe('o1');
			expect(await orders.getForUser(user('u2'), 'o1')).toBeNull();
			expect(await orders.getForUser(userContext(null, null), 'o1')).toBeNull();
			expect(await orders.getForUser(admin, 'o1')).toBeNull();
			expect(await orders.getForUser(user('u1'), 'missing')).toBeNull();
		});

		it('finds an order by its provider session id', async () => {
			await insertOrder('o1', 'pending');
			expect((await orders.findBySessionId(admin, 's-o1'))?.id).toBe('o1');
			expect(await orders.findBySessionId(admin, 's-none')).toBeNull();
		});
	});
});
