import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServices, type Services } from '../app';
import { parseConfig } from '../config';
import { adminContext, userContext } from '../context';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { guarded } from './index';

// Reconciliation and cleanup on a real (in-memory) database with the real services: orders are
// placed through checkout, the simulator plays the provider whose callbacks never arrived.
const MIN = 60_000;
let test: TestDatabase;
let db: Db;
let app: Services;
let seq = 0;
const cron = adminContext('cron');

describe.each(ENGINES)('on %s', (engine) => {
	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		await seedDemo(db);
		await db.updateTable('products').set({ stock: 100, max_per_order: null }).execute();
		app = buildServices(
			db,
			parseConfig({ PAYMENT_SIMULATOR_ENABLED: 'true', LOG_LEVEL: 'silent' })
		);
	});
	afterEach(() => test.destroy());

	async function placeOrder(at: Date) {
		seq += 1;
		const user = { id: `buyer-${seq}`, email: null, name: '', isAnonymous: true };
		await db
			.insertInto('users')
			.values({ id: user.id, name: '', created_at: at.toISOString() })
			.execute();
		const ctx = userContext(user, `s-${seq}`);
		expect((await app.shop.addToCart(ctx, 'prod-mug', 2, at)).ok).toBe(true);
		const result = await app.checkout.placeOrder(
			ctx,
			{
				buyer: { name: 'Buyer', email: `b${seq}@example.org`, phone: '12345678' },
				expectedTotalOre: 2 * 14_900,
				locale: 'en',
				origin: 'http://shop.test'
			},
			at
		);
		if (!result.ok) throw new Error(result.reason);
		const order = await db
			.selectFrom('orders')
			.select(['id', 'provider_session_id'])
			.where('id', '=', result.orderId)
			.executeTakeFirstOrThrow();
		return { orderId: order.id, sessionId: order.provider_session_id! };
	}

	const setSession = (id: string, state: string) =>
		db.updateTable('payment_sessions').set({ state }).where('id', '=', id).execute();
	const statusOf = async (id: string) =>
		(await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
			.status;
	const eventCount = async (id: string) =>
		(await db.selectFrom('order_events').select('id').where('order_id', '=', id).execute()).length;
	const mails = async () =>
		(
			await db
				.selectFrom('mail_outbox')
				.select('id')
				.where('kind', '=', 'order-confirmation')
				.execute()
		).length;
	const held = async (id: string) =>
		(
			await db
				.selectFrom('cart_reservations')
				.select('id')
				.where('cart_id', '=', `order:${id}`)
				.execute()
		).length;

	describe('reconciliation', () => {
		it('settles what the callbacks left open: paid, cancelled, still waiting, abandoned', async () => {
			const t0 = new Date();
			const paid = await placeOrder(t0);
			const aborted = await placeOrder(t0);
			const waiting = await placeOrder(t0);
			await setSession(paid.sessionId, 'AUTHORIZED');
			await setSession(aborted.sessionId, 'ABORTED');

			// Too young to be asked about: nothing happens.
			expect((await app.payments.reconcile(cron, new Date(t0.getTime() + 2 * MIN))).checked).toBe(
				0
			);

			const report = await app.payments.reconcile(cron, new Date(t0.getTime() + 6 * MIN));
			expect(report).toMatchObject({ checked: 3, changed: 2 });
			expect(await statusOf(paid.orderId)).toBe('paid');
			expect(await statusOf(aborted.orderId)).toBe('cancelled');
			expect(await statusOf(waiting.orderId)).toBe('pending');
			expect(await held(aborted.orderId)).toBe(0);
			expect(await held(waiting.orderId)).toBe(1);
			expect(await mails()).toBe(1);

			// Past the abandon point the open payment is cancelled at the provider and the order released.
			const later = await app.payments.reconcile(cron, new Date(t0.getTime() + 26 * MIN));
			expect(later).toMatchObject({ cancelled: 1 });
			expect(await statusOf(waiting.orderId)).toBe('cancelled');
			expect(await held(waiting.orderId)).toBe(0);
			const events = await db
				.selectFrom('order_events')
				.select(['to_status', 'actor'])
				.where('order_id', '=', waiting.orderId)
				.orderBy('at')
				.execute();
			expect(events.at(-1)).toEqual({ to_status: 'cancelled', actor: 'reconcile:cron' });
		});

		it('captures an order left authorized by a failed capture', async () => {
			const t0 = new Date();
			const order = await placeOrder(t0);
			await setSession(order.sessionId, 'AUTHORIZED');
			await app.orders.applyPaymentState(cron, order.orderId, 'AUTHORIZED', 'test', t0);
			expect(await statusOf(order.orderId)).toBe('authorized');
			const report = await app.payments.reconcile(cron, new Date(t0.getTime() + 6 * MIN));
			expect(report.captured).toBe(1);
			expect(await statusOf(order.orderId)).toBe('paid');
			expect(await mails()).toBe(1);
		});

		it('two runs at once change every order once and send one e-mail per paid order', async () => {
			const t0 = new Date();
			const orders = await Promise.all([placeOrder(t0), placeOrder(t0), placeOrder(t0)]);
			await setSession(orders[0]!.sessionId, 'AUTHORIZED');
			await setSession(orders[1]!.sessionId, 'EXPIRED');
			const at = new Date(t0.getTime() + 26 * MIN);
			const [a, b] = await Promise.all([
				app.payments.reconcile(cron, at),
				app.payments.reconcile(cron, at)
			]);
			expect(a.changed + b.changed).toBe(3);
			expect(await statusOf(orders[0]!.orderId)).toBe('paid');
			expect(await statusOf(orders[1]!.orderId)).toBe('failed');
			expect(await statusOf(orders[2]!.orderId)).toBe('cancelled');
			expect(await eventCount(orders[0]!.orderId)).toBe(3);
			expect(await eventCount(orders[1]!.orderId)).toBe(2);
			expect(await eventCount(orders[2]!.orderId)).toBe(2);
			expect(await mails()).toBe(1);
		});
	});

	describe('cleanup', () => {
		it('two runs at once delete every expired reservation exactly once and keep active ones', async () => {
			const now = new Date();
			const rows = Array.from({ length: 500 }, (_, i) => ({
				id: `r${i}`,
				cart_id: `c${i}`,
				product_id: 'prod-sticker',
				quantity: 1,
				created_at: now.toISOString(),
				expires_at: new Date(now.getTime() + (i < 400 ? -MIN : MIN)).toISOString()
			}));
			await db.insertInto('cart_reservations').values(rows).execute();
			const [a, b] = await Promise.all([
				app.shop.cleanupExpiredReservations(cron, now),
				app.shop.cleanupExpiredReservations(cron, now)
			]);
			expect(a + b).toBe(400);
			expect((await db.selectFrom('cart_reservations').select('id').execute()).length).toBe(100);
		});
	});
});

describe('guarded', () => {
	it('does not start a run of a job while the last one is still going', async () => {
		let runs = 0;
		let release = () => {};
		const job = guarded('test', async () => {
			runs += 1;
			await new Promise<void>((r) => (release = r));
		});
		const first = job();
		await job();
		release();
		await first;
		expect(runs).toBe(1);
	});
});
