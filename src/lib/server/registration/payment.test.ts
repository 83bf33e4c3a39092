import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminContext } from '../context';
import type { Db } from '../db';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { mailer } from '../mail';
import { paymentsService, type PaymentsService } from '../payments';
import { simulatorProvider } from '../payments/simulator';
import { ordersService } from '../shop/orders';
import { sqlOrderStore } from '../shop/orders-sql';
import type { RegistrationService, SettingsInput } from './index';
import { forgetRegistrant } from './privacy';
import { eventOfSeatOrder } from './seat-orders';
import { ticketAddress } from '../tickets';
import {
	CONFIRMED,
	ADMIN,
	as,
	EVENT,
	eventRows,
	everyone,
	minutes,
	people,
	saveSettings,
	service
} from './test-fixtures';

// Paid seats (issue 32): a confirmed seat on a paid event is held by an order of the shop's, paid
// through the shop's payment flow; unpaid at its deadline it goes to the next in line.
const TOKEN = 'a-callback-token-of-32-characters';
const DAY = 24 * 60;

const SITE = 'https://org.example';

describe.each(ENGINES)('paid seats on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let registration: RegistrationService;
	let payments: PaymentsService;

	beforeEach(async () => {
		test = await testDatabase(engine, { poolMax: 5 });
		db = test.db;
		await eventRows(db);
		payments = paymentsService(
			simulatorProvider(db, { callbackToken: TOKEN }),
			ordersService(sqlOrderStore(db)),
			mailer(db, null, { from: 'shop@example.org' }),
			{
				// As the site composes it (app.ts): a seat's order confirms with its ticket's address.
				ticketLink: async (orderId, locale) => {
					const eventId = await eventOfSeatOrder(db, orderId);
					return eventId ? ticketAddress(SITE, eventId, locale) : null;
				}
			}
		);
		registration = service(db, { payments });
	});
	afterEach(() => test.destroy());

	const paid = (extra: Partial<SettingsInput> = {}) =>
		saveSettings(registration, { priceMemberOre: 10_000, priceOtherOre: 25_000, ...extra });
	const register = (id: string, at = minutes(1)) => registration.register(as(id), EVENT, {}, at);
	const mine = async (id: string, at = minutes(2)) =>
		(await registration.overview(as(id), EVENT, at)).mine;
	const orderOf = (userId: string) =>
		db
			.selectFrom('orders')
			.innerJoin('registrations', 'registrations.order_id', 'orders.id')
			.select(['orders.id', 'orders.status', 'orders.total_ore', 'orders.provider_session_id'])
			.where('registrations.user_id', '=', userId)
			.orderBy('registrations.created_at', 'desc')
			.executeTakeFirstOrThrow();
	const lineOf = (orderId: string) =>
		db
			.selectFrom('order_lines')
			.select(['name', 'unit_price_ore', 'quantity'])
			.where('order_id', '=', orderId)
			.execute();
	const statusOf = async (orderId: string) =>
		(
			await db
				.selectFrom('orders')
				.select('status')
				.where('id', '=', orderId)
				.executeTakeFirstOrThrow()
		).status;

	/** One seat on a paid event: `a` holds it (its order is returned), `b` waits. */
	async function aSeatedBWaiting() {
		await paid({ capacity: 1 });
		await people(db, ['a', 'b']);
		await register('a');
		await register('b');
		return orderOf('a');
	}

	/** The member pays the order through the simulator: the payment page, approval, the callback. */
	async function pay(userId: string, orderId: string) {
		const started = await payments.payOrder(as(userId), orderId, 'http://site.test');
		expect(started).toMatchObject({ ok: true });
		const { provider_session_id } = await orderOf(userId);
		await db
			.updateTable('payment_sessions')
			.set({ state: 'AUTHORIZED' })
			.where('id', '=', provider_session_id!)
			.execute();
		return payments.handleCallback(adminContext('callback:simulator'), {
			token: TOKEN,
			sessionId: provider_session_id!
		});
	}

	it('a confirmed seat is held by an order of the event at the member’s or the other price, payable within 24 hours', async () => {
		await paid();
		await people(db, ['m'], { member: true });
		await people(db, ['o'], { locale: 'en' });
		const seat = await register('m');
		const m = await orderOf('m');
		expect(seat).toEqual({
			status: 'confirmed',
			pool: null,
			payBy: minutes(1 + DAY).toISOString(),
			orderId: m.id
		});
		expect(m).toMatchObject({ status: 'pending', total_ore: 10_000 });
		// A seat still to pay is not confirmed by mail: its ticket lets one in only once paid.
		expect(
			await db.selectFrom('mail_outbox').select('id').where('kind', '=', CONFIRMED).execute()
		).toEqual([]);
		expect(await lineOf(m.id)).toEqual([{ name: 'Julebord', unit_price_ore: 10_000, quantity: 1 }]);

		await register('o');
		const o = await orderOf('o');
		expect(o).toMatchObject({ status: 'pending', total_ore: 25_000 });
		// The order names the event in the buyer's language.
		expect(await lineOf(o.id)).toEqual([
			{ name: 'Christmas party', unit_price_ore: 25_000, quantity: 1 }
		]);
		expect(await mine('o')).toMatchObject({ payBy: minutes(1 + DAY).toISOString() });
	});

	it('paid through the order’s payment flow, the seat has no deadline any more and is kept after it', async () => {
		const order = await aSeatedBWaiting();
		expect(await pay('a', order.id)).toMatchObject({ success: true, status: 'paid' });
		expect(await mine('a')).toEqual({ status: 'confirmed', pool: null, orderId: order.id });
		// The payment's confirmation is the seat's: it carries the ticket's address.
		const confirmation = await db
			.selectFrom('mail_outbox')
			.select('text_body')
			.where('kind', '=', 'order-confirmation')
			.executeTakeFirstOrThrow();
		expect(confirmation.text_body).toContain(`${SITE}/no/events/${EVENT}/ticket`);
		expect(await registration.runDue(minutes(2 + DAY))).toBe(0);
		expect((await mine('a', minutes(2 + DAY))).status).toBe('confirmed');
		expect(await mine('b', minutes(2 + DAY))).toEqual({ status: 'waiting', position: 1 });
	});

	it('unpaid at the deadline the seat goes to the next in line, who gets a deadline and a mail saying so; the order is cancelled', async () => {
		await paid({ capacity: 1 });
		await people(db, ['a']);
		await people(db, ['b'], { locale: 'en' });
		await register('a');
		await register('b');
		const a = await orderOf('a');
		expect(await mine('a', minutes(DAY))).toMatchObject({ status: 'confirmed' });
		expect(await registration.runDue(minutes(1 + DAY))).toBe(1);
		expect(await registration.runDue(minutes(2 + DAY))).toBe(0);
		expect(await mine('a', minutes(2 + DAY))).toEqual({ status: 'none' });
		const b = await orderOf('b');
		expect(await mine('b', minutes(2 + DAY))).toEqual({
			status: 'confirmed',
			pool: null,
			payBy: minutes(1 + 2 * DAY).toISOString(),
			orderId: b.id
		});
		expect(b).toMatchObject({ status: 'pending', total_ore: 25_000 });
		expect(await statusOf(a.id)).toBe('cancelled');
		const history = await db
			.selectFrom('order_events')
			.select(['from_status', 'to_status'])
			.where('order_id', '=', a.id)
			.orderBy('at')
			.execute();
		expect(history).toEqual([
			{ from_status: null, to_status: 'pending' },
			{ from_status: 'pending', to_status: 'cancelled' }
		]);
		const mail = await db
			.selectFrom('mail_outbox')
			.select(['to_address', 'text_body'])
			.where('kind', '=', 'registration-promoted')
			.executeTakeFirstOrThrow();
		expect(mail.to_address).toBe('b@example.org');
		expect(mail.text_body).toContain('Pay by');
	});

	it('a promotion to a paid seat is mailed although its member turned promotions off, and says why it cannot be', async () => {
		await paid({ capacity: 1 });
		await people(db, ['a']);
		await people(db, ['b'], { locale: 'en' });
		await db
			.insertInto('notification_preferences')
			.values({ user_id: 'b', kind: 'promoted', enabled: 0, updated_at: minutes(0).toISOString() })
			.execute();
		await register('a');
		await register('b');
		await registration.unregister(as('a'), EVENT, minutes(3));
		const mail = await db
			.selectFrom('mail_outbox')
			.select(['to_address', 'text_body', 'notice_kind'])
			.where('kind', '=', 'registration-promoted')
			.executeTakeFirstOrThrow();
		expect(mail).toMatchObject({ to_address: 'b@example.org', notice_kind: null });
		expect(mail.text_body).toContain('Pay by');
		expect(mail.text_body).toContain(
			'A payment deadline is always sent: otherwise you could lose the seat without warning.'
		);
	});

	it('the next request settles a passed deadline too, under the event’s lock', async () => {
		await paid({ capacity: 1, closesAt: minutes(3 * DAY).toISOString() });
		await people(db, ['a', 'b', 'c']);
		await register('a');
		await register('b');
		expect(await register('c', minutes(2 + DAY))).toEqual({ status: 'waiting', position: 1 });
		expect((await mine('b', minutes(2 + DAY))).status).toBe('confirmed');
	});

	it('a failure halfway through settling a deadline leaves nothing half-written', async () => {
		const a = await aSeatedBWaiting();
		// The promoted person's order line cannot be written: the step after a's seat and order
		// were cancelled and b was seated.
		await db.schema.alterTable('order_lines').renameTo('order_lines_away').execute();
		await expect(registration.runDue(minutes(1 + DAY))).rejects.toThrow();
		await db.schema.alterTable('order_lines_away').renameTo('order_lines').execute();

		expect(await statusOf(a.id)).toBe('pending');
		const rows = await db
			.selectFrom('registrations')
			.select(['user_id', 'status', 'order_id'])
			.orderBy('user_id')
			.execute();
		expect(rows).toEqual([
			{ user_id: 'a', status: 'confirmed', order_id: a.id },
			{ user_id: 'b', status: 'waiting', order_id: null }
		]);
		expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(1);
		expect(await db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(0);
	});

	it('a payment that arrives after the deadline does not bring the seat back, however often it is reported', async () => {
		const a = await aSeatedBWaiting();
		await payments.payOrder(as('a'), a.id, 'http://site.test');
		await registration.runDue(minutes(1 + DAY));
		const { provider_session_id } = await orderOf('a');
		await db
			.updateTable('payment_sessions')
			.set({ state: 'AUTHORIZED' })
			.where('id', '=', provider_session_id!)
			.execute();
		const callback = () =>
			payments.handleCallback(adminContext('callback:simulator'), {
				token: TOKEN,
				sessionId: provider_session_id!
			});
		expect(await callback()).toMatchObject({ success: true, status: 'cancelled' });
		expect(await callback()).toMatchObject({ success: true, status: 'cancelled' });
		expect(await statusOf(a.id)).toBe('cancelled');
		// The money reserved for it is never taken: the provider is told to release it.
		const session = await db
			.selectFrom('payment_sessions')
			.select(['state', 'captured_ore'])
			.where('id', '=', provider_session_id!)
			.executeTakeFirstOrThrow();
		expect(session).toEqual({ state: 'TERMINATED', captured_ore: 0 });
		expect(await mine('a', minutes(2 + DAY))).toEqual({ status: 'none' });
		expect((await mine('b', minutes(2 + DAY))).status).toBe('confirmed');
	});

	it('a payment given up at the provider keeps the seat: the next settling gives it a new order with the same deadline', async () => {
		await paid({ capacity: 1 });
		await people(db, ['a']);
		const seat = await register('a');
		const first = await orderOf('a');
		await payments.payOrder(as('a'), first.id, 'http://site.test');
		await db
			.updateTable('payment_sessions')
			.set({ state: 'ABORTED' })
			.where('id', '=', (await orderOf('a')).provider_session_id!)
			.execute();
		await payments.handleCallback(adminContext('callback:simulator'), {
			token: TOKEN,
			sessionId: (await orderOf('a')).provider_session_id!
		});
		expect(await statusOf(first.id)).toBe('cancelled');
		expect(await registration.runDue(minutes(5))).toBe(0);
		const again = await mine('a', minutes(6));
		expect(again).toMatchObject({
			status: 'confirmed',
			payBy: seat.status === 'confirmed' && seat.payBy
		});
		expect(again).not.toMatchObject({ orderId: first.id });
		const second = await orderOf('a');
		expect(second).toMatchObject({ status: 'pending', total_ore: 25_000 });
		expect(await payments.payOrder(as('a'), second.id, 'http://site.test')).toMatchObject({
			ok: true
		});
	});

	// The organiser's lists say "paid" as the seat counts it: money taken (paid) or held at the
	// provider (authorized); a seat whose money is going or gone back is not paid.
	it('the organiser’s list counts a seat paid when its money is taken or held, not when it went back', async () => {
		await paid();
		await people(db, ['p', 'h', 'r', 'u']);
		for (const id of ['p', 'h', 'r', 'u']) await register(id);
		for (const [id, status] of [
			['p', 'paid'],
			['h', 'authorized'],
			['r', 'refunded']
		] as const) {
			await db
				.updateTable('orders')
				.set({ status })
				.where('id', '=', (await orderOf(id)).id)
				.execute();
		}
		const { confirmed } = await registration.attendees(as(ADMIN), EVENT, minutes(2));
		expect(Object.fromEntries(confirmed.map((a) => [a.userId, a.paid]))).toEqual({
			p: true,
			h: true,
			r: false,
			u: false
		});
	});

	it('a second payment of a paid seat changes nothing', async () => {
		await paid();
		await people(db, ['a']);
		await register('a');
		const a = await orderOf('a');
		await pay('a', a.id);
		expect(await payments.payOrder(as('a'), a.id, 'http://site.test')).toEqual({
			ok: false,
			reason: 'not_payable'
		});
		const { provider_session_id } = await orderOf('a');
		expect(
			await payments.handleCallback(adminContext('callback:simulator'), {
				token: TOKEN,
				sessionId: provider_session_id!
			})
		).toMatchObject({ success: true, message: 'No change', status: 'paid' });
	});

	/** `a` pays for a seat on an event with the policy, then gives it up; the seat's order id. */
	async function paidThenGivenUp(refundOnUnregister: boolean): Promise<string> {
		await paid({ refundOnUnregister });
		await people(db, ['a']);
		await register('a');
		const a = await orderOf('a');
		await pay('a', a.id);
		await registration.unregister(as('a'), EVENT, minutes(3));
		return a.id;
	}

	it('unregistering a paid seat refunds it through the shop’s refund when the event says so', async () => {
		expect(await statusOf(await paidThenGivenUp(true))).toBe('refunded');
		const session = await db
			.selectFrom('payment_sessions')
			.select(['captured_ore', 'refunded_ore'])
			.executeTakeFirstOrThrow();
		expect(session).toEqual({ captured_ore: 25_000, refunded_ore: 25_000 });
	});

	it('unregistering a paid seat keeps the payment when the event says seats are not refunded', async () => {
		expect(await statusOf(await paidThenGivenUp(false))).toBe('paid');
		expect(await mine('a', minutes(4))).toEqual({ status: 'none' });
	});

	// The member did not choose to leave: whatever the event's policy for unregistering says, the
	// money of a seat an organiser takes away goes back (docs/decisions.md).
	it('an organiser removing a paid seat refunds it, even when the event keeps the payments of those who leave', async () => {
		await paid({ refundOnUnregister: false });
		await people(db, ['a']);
		await register('a');
		const a = await orderOf('a');
		await pay('a', a.id);
		await registration.remove(
			as(ADMIN),
			EVENT,
			{ userId: 'a', reason: 'double booking' },
			minutes(3)
		);
		expect(await statusOf(a.id)).toBe('refunded');
		expect(await mine('a', minutes(4))).toEqual({ status: 'none' });
		const audit = await db
			.selectFrom('audit_log')
			.select('details')
			.where('action', '=', 'remove')
			.executeTakeFirstOrThrow();
		expect(JSON.parse(audit.details as string)).toMatchObject({ refund: a.id });
	});

	it('unregistering an unpaid seat cancels its order, and its payment can no longer be made', async () => {
		await paid({ refundOnUnregister: false });
		await people(db, ['a']);
		await register('a');
		const a = await orderOf('a');
		await registration.unregister(as('a'), EVENT, minutes(3));
		expect(await statusOf(a.id)).toBe('cancelled');
		expect(await payments.payOrder(as('a'), a.id, 'http://site.test')).toEqual({
			ok: false,
			reason: 'not_payable'
		});
	});

	it('a deleted account’s unpaid seat goes to the next in line and its order is cancelled', async () => {
		const a = await aSeatedBWaiting();
		await db.transaction().execute((trx) => forgetRegistrant(trx, 'a', minutes(3)));
		expect(await statusOf(a.id)).toBe('cancelled');
		expect(await mine('b', minutes(4))).toMatchObject({
			status: 'confirmed',
			payBy: expect.any(String)
		});
	});

	it('the refund policy is part of the settings', async () => {
		expect((await paid({ refundOnUnregister: true })).refundOnUnregister).toBe(true);
		expect((await paid()).refundOnUnregister).toBe(false);
	});

	it('a seat an organiser gives on a paid event, by adding or by moving from the waiting list, is held by its order like any other', async () => {
		const settings = await paid({
			capacity: 3,
			pools: [everyone('All', 1), { ...everyone('Members', 2), eligibility: 'members' }]
		});
		const members = settings.pools[1];
		await people(db, ['a', 'b', 'c']);
		await register('a');
		await registration.add(as(ADMIN), EVENT, { email: 'b@example.org', poolId: null }, minutes(2));
		expect(await mine('b', minutes(3))).toMatchObject({
			status: 'confirmed',
			pool: { id: members!.id },
			payBy: expect.any(String),
			orderId: expect.any(String)
		});
		expect((await orderOf('b')).total_ore).toBe(25_000);
		await register('c', minutes(3));
		expect(await mine('c', minutes(4))).toMatchObject({ status: 'waiting', position: 1 });
		await registration.move(as(ADMIN), EVENT, { userId: 'c', poolId: members!.id }, minutes(4));
		expect(await mine('c', minutes(5))).toMatchObject({
			status: 'confirmed',
			payBy: expect.any(String),
			orderId: expect.any(String)
		});
	});
});
