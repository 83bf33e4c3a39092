// Paid seats against the built server with PAYMENT_PROVIDER=vipps and a local fake Vipps: a member
// registers over the JSON API, pays the seat's order from the order page (Vipps Checkout, its
// callback, the capture), and the registration then has no deadline; an unregistration on an
// event that refunds gives the money back through Vipps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVipps, vippsEnv, type FakeVipps } from '../helpers/fake-vipps';
import { createSession, withDb } from '../helpers/fixtures';
import { COPY_TITLE, copyEvent, openRegistration } from '../helpers/registration';
import { NO_RATE_LIMITS, startServer, type TestServer } from '../helpers/server';
import { shopper } from '../helpers/shop';

const TOKEN = 'vipps-registration-callback-token-01';
let fake: FakeVipps;
let server: TestServer;

beforeAll(async () => {
	fake = await startFakeVipps();
	server = await startServer({
		...NO_RATE_LIMITS,
		...vippsEnv(fake, TOKEN),
		PUBLIC_ORIGIN: 'http://127.0.0.1:1'
	});
});
afterAll(async () => {
	await server?.stop();
	await fake?.close();
});

type Mine = { status: string; payBy?: string; orderId?: string };

async function registration(method: 'GET' | 'POST' | 'DELETE', eventId: string, cookie: string) {
	const res = await fetch(`${server.url}/api/events/${eventId}/registration`, {
		method,
		headers: {
			origin: server.url,
			cookie,
			...(method === 'POST' ? { 'content-type': 'application/json' } : {})
		},
		body: method === 'POST' ? '{}' : undefined
	});
	expect(res.status).toBe(200);
	const body = (await res.json()) as { mine?: Mine } & Mine;
	return method === 'GET' ? body.mine! : body;
}

const orderStatus = (id: string) =>
	(
		withDb(server.dbFile, (db) => db.prepare('select status from orders where id = ?').get(id)) as {
			status: string;
		}
	).status;

/** A member registers for a paid event of their own and pays the seat's order through Vipps. */
async function paidSeat(options: { refundOnUnregister?: boolean } = {}) {
	const event = copyEvent(server.dbFile);
	openRegistration(server.dbFile, event, { capacity: 5, priceOtherOre: 35_000, ...options });
	const me = createSession(server.dbFile);
	// The order names the event in the member's own language.
	withDb(server.dbFile, (db) =>
		db.prepare("update users set locale = 'en' where id = ?").run(me.userId)
	);
	const seat = await registration('POST', event, me.cookie);
	expect(seat).toMatchObject({ status: 'confirmed', payBy: expect.any(String) });
	const orderId = seat.orderId!;
	const page = shopper(server.url, me.cookie);
	const pay = await page.post(`/en/shop/order/${orderId}?/pay`, {});
	expect(pay.status).toBe(303);
	expect(pay.headers.get('location')).toMatch(new RegExp(`^${fake.url}/checkout-frontend/`));
	expect(fake.sessions.get(orderId)?.amount).toBe(35_000);
	fake.setState(orderId, 'AUTHORIZED');
	expect((await fake.sendCallback(orderId, server.url)).status).toBe(200);
	return { event, me, orderId, page };
}

describe('paid seats through Vipps', () => {
	it('register → pay on the order page → callback: the seat has no deadline, the order names the event', async () => {
		const { event, me, orderId, page } = await paidSeat();
		expect(orderStatus(orderId)).toBe('paid');
		expect(fake.sessions.get(orderId)?.captured).toBe(35_000);
		expect(await registration('GET', event, me.cookie)).toEqual({
			status: 'confirmed',
			pool: null,
			orderId
		});
		const html = await (await page.get(`/en/shop/order/${orderId}`)).text();
		expect(html).toContain(COPY_TITLE.en);
		expect(html).not.toContain('data-testid="order-pay"');
		// Paying again is refused, and nothing moves.
		expect((await page.post(`/en/shop/order/${orderId}?/pay`, {})).status).toBe(409);
	});

	it('someone else’s order cannot be paid: it does not exist for them', async () => {
		const event = copyEvent(server.dbFile);
		openRegistration(server.dbFile, event, { capacity: 5, priceOtherOre: 35_000 });
		const { orderId } = await registration('POST', event, createSession(server.dbFile).cookie);
		const other = shopper(server.url, createSession(server.dbFile).cookie);
		expect((await other.post(`/en/shop/order/${orderId}?/pay`, {})).status).toBe(404);
		expect(fake.sessions.has(orderId!)).toBe(false);
	});

	it('unregistering on an event that refunds gives the money back through Vipps', async () => {
		const { event, me, orderId } = await paidSeat({ refundOnUnregister: true });
		expect(await registration('DELETE', event, me.cookie)).toEqual({ status: 'none' });
		expect(orderStatus(orderId)).toBe('refunded');
		expect(fake.sessions.get(orderId)?.refunded).toBe(35_000);
	});
});
