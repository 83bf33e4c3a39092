import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminContext, userContext } from '../context';
import type { Db } from '../db';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { ordersService } from '../shop/orders';
import { sqlOrderStore } from '../shop/orders-sql';
import { readCallbackSessionId } from './callback';
import { paymentsService, returnPath } from './index';
import { simulatorProvider } from './simulator';
import { orderLineRow, orderRow, productRow } from '../db/test-rows';
import { mailer } from '../mail';
import { reserveStock } from '../shop/reservations';

// Callback handling and the buyer's return over the simulator, on a database of each engine.
const TOKEN = 'a-callback-token-of-32-characters';
const admin = adminContext('callback:simulator');
const buyer = userContext({ id: 'u1', email: null, name: 'U', isAnonymous: false }, 's');

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let payments: ReturnType<typeof paymentsService>;

	beforeEach(async () => {
		test = await testDatabase(engine, { poolMax: 20 });
		db = test.db;
		const provider = simulatorProvider(db, { callbackToken: TOKEN });
		payments = paymentsService(
			provider,
			ordersService(sqlOrderStore(db)),
			mailer(db, null, { from: 'shop@example.org' })
		);
		await db
			.insertInto('users')
			.values({ id: 'u1', email: null, name: 'U', created_at: '2026-11-23T12:00:00.000Z' })
			.execute();
	});
	afterEach(() => test.destroy());

	async function orderWithSession(id: string, status = 'pending') {
		const { sessionId, redirectUrl } = await payments.provider.createSession({
			id,
			totalOre: 100,
			description: 'Test',
			returnUrl: 'http://shop.test/return',
			callbackUrl: 'http://shop.test/callback',
			buyer: { name: 'B', email: 'buyer@example.org', phone: '12345678' }
		});
		await db
			.insertInto('orders')
			.values(orderRow(id, status, { provider_session_id: sessionId }))
			.execute();
		return { sessionId, redirectUrl };
	}

	const setState = (sessionId: string, state: string) =>
		db.updateTable('payment_sessions').set({ state }).where('id', '=', sessionId).execute();

	describe('simulator provider', () => {
		it('creates a CREATED session for the order amount with its hosted page on this site', async () => {
			const { sessionId, redirectUrl } = await orderWithSession('sim-1');
			expect(redirectUrl).toBe(`/dev/pay/${sessionId}`);
			expect(await payments.provider.getSession({ sessionId, orderId: 'sim-1' })).toEqual({
				state: 'CREATED'
			});
			const row = await db
				.selectFrom('payment_sessions')
				.selectAll()
				.where('id', '=', sessionId)
				.executeTakeFirst();
			expect(row).toMatchObject({ order_id: 'sim-1', amount_ore: 100 });
		});

		it('captures only an authorized session and cancels an open one', async () => {
			const { sessionId } = await orderWithSession('sim-2');
			const ref = { sessionId, orderId: 'sim-2' };
			await expect(payments.provider.capture(ref, 100)).rejects.toThrow();
			await setState(sessionId, 'AUTHORIZED');
			await payments.provider.capture(ref, 100);
			await payments.provider.cancel(ref);
			expect(await payments.provider.getSession(ref)).toEqual({ state: 'TERMINATED' });
			await expect(payments.provider.cancel(ref)).rejects.toThrow();
		});

		it('knows no unknown session and refuses a stored state it does not know', async () => {
			expect(await payments.provider.getSession({ sessionId: 'nope', orderId: 'x' })).toBeNull();
			const { sessionId } = await orderWithSession('sim-3');
			await setState(sessionId, 'WEIRD');
			await expect(payments.provider.getSession({ sessionId, orderId: 'sim-3' })).rejects.toThrow();
		});

		it('verifies the callback token exactly', () => {
			expect(payments.provider.verifyCallback(TOKEN)).toBe(true);
			expect(payments.provider.verifyCallback('')).toBe(false);
			expect(payments.provider.verifyCallback(TOKEN + 'x')).toBe(false);
		});
	});

	describe('handleCallback', () => {
		it('refuses a wrong token before looking at the session', async () => {
			expect(await payments.handleCallback(admin, { token: 'wrong', sessionId: 'x' })).toEqual({
				success: false,
				message: 'Unauthorized'
			});
		});

		it('reports an unknown session', async () => {
			expect(await payments.handleCallback(admin, { token: TOKEN, sessionId: 'x' })).toEqual({
				success: false,
				message: 'Unknown session'
			});
		});

		it('an authorized payment is captured and the order paid, with the context actor', async () => {
			const { sessionId } = await orderWithSession('cb-1');
			await setState(sessionId, 'AUTHORIZED');
			expect(await payments.handleCallback(admin, { token: TOKEN, sessionId })).toEqual({
				success: true,
				message: 'Order updated',
				orderId: 'cb-1',
				status: 'paid'
			});
			expect(await payments.handleCallback(admin, { token: TOKEN, sessionId })).toMatchObject({
				success: true,
				message: 'No change',
				status: 'paid'
			});
			const events = await db
				.selectFrom('order_events')
				.select(['from_status', 'to_status', 'actor'])
				.where('order_id', '=', 'cb-1')
				.orderBy('at')
				// Both events may carry the same millisecond: authorized sorts before paid.
				.orderBy('to_status')
				.execute();
			expect(events).toEqual([
				{ from_status: 'pending', to_status: 'authorized', actor: 'callback:simulator' },
				{ from_status: 'authorized', to_status: 'paid', actor: 'callback:simulator' }
			]);
			const mails = await db
				.selectFrom('mail_outbox')
				.selectAll()
				.where('kind', '=', 'order-confirmation')
				.execute();
			expect(mails).toHaveLength(1);
			expect(mails[0]).toMatchObject({ to_address: 'buyer@example.org' });
		});

		it('a failed capture leaves the order authorized and sends nothing', async () => {
			const { sessionId } = await orderWithSession('cb-2');
			await setState(sessionId, 'AUTHORIZED');
			const capture = payments.provider.capture;
			payments.provider.capture = async () => {
				throw new Error('provider down');
			};
			try {
				expect(await payments.handleCallback(admin, { token: TOKEN, sessionId })).toMatchObject({
					message: 'Order updated',
					status: 'authorized'
				});
			} finally {
				payments.provider.capture = capture;
			}
		});
	});

	describe('fifty identical callbacks at once', () => {
		it('move the order once, capture once, sell the stock once and write one confirmation', async () => {
			await db
				.insertInto('products')
				.values(productRow('p1', { price_ore: 50, stock: 10 }))
				.execute();
			const { sessionId } = await orderWithSession('race-1');
			await db
				.updateTable('orders')
				.set({ cart_id: 'order:race-1' })
				.where('id', '=', 'race-1')
				.execute();
			await db
				.insertInto('order_lines')
				.values(orderLineRow('race-1', 'p1', 2, { unit_price_ore: 50 }))
				.execute();
			expect(
				(await reserveStock(db, { cartId: 'order:race-1', productId: 'p1', quantity: 2 })).ok
			).toBe(true);
			await setState(sessionId, 'AUTHORIZED');
			let captures = 0;
			const capture = payments.provider.capture;
			payments.provider.capture = (ref, amount) => {
				captures += 1;
				return capture(ref, amount);
			};

			const results = await Promise.all(
				Array.from({ length: 50 }, () =>
					payments.handleCallback(admin, { token: TOKEN, sessionId })
				)
			);
			expect(results.filter((r) => r.message === 'Order updated')).toHaveLength(1);
			expect(results.every((r) => r.success)).toBe(true);
			expect(captures).toBe(1);
			const events = await db
				.selectFrom('order_events')
				.select(['from_status', 'to_status'])
				.where('order_id', '=', 'race-1')
				.orderBy('at')
				// Both events may carry the same millisecond: authorized sorts before paid.
				.orderBy('to_status')
				.execute();
			expect(events).toEqual([
				{ from_status: 'pending', to_status: 'authorized' },
				{ from_status: 'authorized', to_status: 'paid' }
			]);
			const mails = await db
				.selectFrom('mail_outbox')
				.select('id')
				.where('kind', '=', 'order-confirmation')
				.execute();
			expect(mails).toHaveLength(1);
			// Ten in stock, two sold: eight are left, not six (sold twice) nor ten (held by nobody).
			expect((await reserveStock(db, { cartId: 'c', productId: 'p1', quantity: 9 })).ok).toBe(
				false
			);
			expect((await reserveStock(db, { cartId: 'c', productId: 'p1', quantity: 8 })).ok).toBe(true);
		});
	});

	describe('the confirmation e-mail is committed with the paid status', () => {
		const orders = () => ordersService(sqlOrderStore(db));
		const entry = (id: string) => ({
			id,
			message: {
				kind: 'order-confirmation',
				to: 'buyer@example.org',
				subject: 'Paid',
				text: 'Thanks'
			}
		});

		it('marking paid writes the message in the same transaction, before anyone delivers it', async () => {
			await db.insertInto('orders').values(orderRow('tx-1', 'authorized')).execute();
			expect(await orders().markPaid(admin, 'tx-1', 'test', { mail: entry('mail-tx-1') })).toBe(
				true
			);
			// As if the process died right after the commit: the message is in the outbox, unsent.
			const row = await db
				.selectFrom('mail_outbox')
				.selectAll()
				.where('id', '=', 'mail-tx-1')
				.executeTakeFirstOrThrow();
			expect(row).toMatchObject({ to_address: 'buyer@example.org', sent_at: null });
		});

		it('a second caller that loses the race writes no second message', async () => {
			await db.insertInto('orders').values(orderRow('tx-2', 'authorized')).execute();
			const results = await Promise.all([
				orders().markPaid(admin, 'tx-2', 'a', { mail: entry('mail-tx-2a') }),
				orders().markPaid(admin, 'tx-2', 'b', { mail: entry('mail-tx-2b') })
			]);
			expect(results.filter(Boolean)).toHaveLength(1);
			const rows = await db
				.selectFrom('mail_outbox')
				.select('id')
				.where('id', 'in', ['mail-tx-2a', 'mail-tx-2b'])
				.execute();
			expect(rows).toHaveLength(1);
		});

		it('when the message cannot be written, the order is not marked paid either', async () => {
			await db.insertInto('orders').values(orderRow('tx-3', 'authorized')).execute();
			await db.insertInto('orders').values(orderRow('tx-3b', 'authorized')).execute();
			await orders().markPaid(admin, 'tx-3b', 'test', { mail: entry('mail-tx-3') });
			// The same outbox id again makes the insert fail inside the transaction.
			await expect(
				orders().markPaid(admin, 'tx-3', 'test', { mail: entry('mail-tx-3') })
			).rejects.toThrow();
			const order = await db
				.selectFrom('orders')
				.select('status')
				.where('id', '=', 'tx-3')
				.executeTakeFirstOrThrow();
			expect(order.status).toBe('authorized');
			const events = await db
				.selectFrom('order_events')
				.select('id')
				.where('order_id', '=', 'tx-3')
				.execute();
			expect(events).toEqual([]);
		});
	});

	describe('checkoutReturn', () => {
		it('settles a pending order from the provider with the buyer as actor', async () => {
			const { sessionId } = await orderWithSession('ret-1');
			await setState(sessionId, 'ABORTED');
			expect(await payments.checkoutReturn(buyer, 'ret-1')).toBe('/shop/cart?cancelled=true');
			const event = await db
				.selectFrom('order_events')
				.selectAll()
				.where('order_id', '=', 'ret-1')
				.executeTakeFirst();
			expect(event).toMatchObject({
				from_status: 'pending',
				to_status: 'cancelled',
				actor: 'return:u1'
			});
		});

		it('leaves a pending order pending while the provider says CREATED', async () => {
			await orderWithSession('ret-2');
			expect(await payments.checkoutReturn(buyer, 'ret-2')).toBe('/shop/order/ret-2');
		});

		it('finds nothing for an admin context or without a user', async () => {
			await orderWithSession('ret-3', 'paid');
			expect(await payments.checkoutReturn(admin, 'ret-3')).toBe('/shop?error=order_not_found');
			expect(await payments.checkoutReturn(userContext(null, null), 'ret-3')).toBe(
				'/shop?error=order_not_found'
			);
		});

		it('maps each status to its page', () => {
			expect(returnPath(null)).toBe('/shop?error=order_not_found');
			expect(returnPath({ id: 'o', status: 'paid' })).toBe('/shop/order/o?success=true');
			expect(returnPath({ id: 'o', status: 'authorized' })).toBe('/shop/order/o?success=true');
			expect(returnPath({ id: 'o', status: 'cancelled' })).toBe('/shop/cart?cancelled=true');
			expect(returnPath({ id: 'o', status: 'failed' })).toBe('/shop/cart?error=payment_failed');
			expect(returnPath({ id: 'o', status: 'pending' })).toBe('/shop/order/o');
			expect(returnPath({ id: 'a b/c', status: 'shipped' })).toBe('/shop/order/a%20b%2Fc');
		});
	});
});

describe('readCallbackSessionId', () => {
	it('takes the first present of sessionId, checkoutSessionId, session.sessionId, reference', () => {
		const all = {
			sessionId: 'a',
			checkoutSessionId: 'b',
			session: { sessionId: 'c' },
			reference: 'd'
		};
		expect(readCallbackSessionId(JSON.stringify(all))).toBe('a');
		expect(readCallbackSessionId(JSON.stringify({ ...all, sessionId: undefined }))).toBe('b');
		expect(
			readCallbackSessionId(JSON.stringify({ session: { sessionId: 'c' }, reference: 'd' }))
		).toBe('c');
		expect(readCallbackSessionId(JSON.stringify({ reference: 'd' }))).toBe('d');
	});

	it('is null for anything but a JSON object, undefined for an object without a usable id', () => {
		for (const text of ['', 'nope', 'null', '[]', '[{"sessionId":"a"}]', '"a"', '1', 'true']) {
			expect(readCallbackSessionId(text)).toBeNull();
		}
		for (const text of ['{}', '{"sessionId":""}', '{"sessionId":1}', '{"session":"a"}']) {
			expect(readCallbackSessionId(text)).toBeUndefined();
		}
	});
});
