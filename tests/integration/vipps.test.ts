// The buy flow with PAYMENT_PROVIDER=vipps against a local fake Vipps: the built server creates a
// Checkout session, the buyer is sent to Vipps, Vipps calls back with its raw
// callbackAuthorizationToken, and the server captures over ePayment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVipps, vippsEnv, type FakeVipps } from '../helpers/fake-vipps';
import { withDb } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';
import { BUYER, shopper, shownTotal } from '../helpers/shop';

const TOKEN = 'vipps-integration-callback-token-01';
let fake: FakeVipps;
let server: TestServer;

beforeAll(async () => {
	fake = await startFakeVipps();
	server = await startServer({
		...vippsEnv(fake, TOKEN),
		PUBLIC_ORIGIN: 'http://127.0.0.1:1',
		RATE_LIMIT_ANONYMOUS: '1000/60'
	});
});
afterAll(async () => {
	await server?.stop();
	await fake?.close();
});

async function checkout() {
	const s = shopper(server.url);
	await s.post('/en/shop/mug', { quantity: '2' });
	const res = await s.post('/en/shop/checkout', {
		...BUYER,
		expectedTotalOre: await shownTotal(s)
	});
	expect(res.status).toBe(303);
	const orderId = [...fake.sessions.keys()].at(-1)!;
	return { s, res, orderId };
}

const statusOf = (id: string) =>
	(
		withDb(server.dbFile, (db) => db.prepare('select status from orders where id = ?').get(id)) as {
			status: string;
		}
	).status;

describe('PAYMENT_PROVIDER=vipps', () => {
	it('checkout sends the buyer to the Vipps Checkout page of a session for the order', async () => {
		const { res, orderId } = await checkout();
		expect(res.headers.get('location')).toMatch(
			new RegExp(`^${fake.url}/checkout-frontend/\\?token=`)
		);
		const session = fake.sessions.get(orderId)!;
		expect(session.amount).toBe(2 * 14_900);
		expect(session.callbackUrl).toBe('http://127.0.0.1:1/api/payment/vipps/callback');
		expect(session.returnUrl).toBe(`http://127.0.0.1:1/api/checkout/return?orderId=${orderId}`);
		expect(session.callbackAuthorizationToken).toBe(TOKEN);
		expect(statusOf(orderId)).toBe('pending');
	});

	it("Vipps's callback (raw token) → captured over ePayment → paid; repeats change nothing", async () => {
		const { orderId } = await checkout();
		fake.setState(orderId, 'AUTHORIZED');
		const session = fake.sessions.get(orderId)!;
		const callback = (authorization: string) =>
			fetch(`${server.url}/api/payment/vipps/callback`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization },
				body: JSON.stringify({ sessionId: session.sessionId, reference: orderId })
			});
		expect((await callback('wrong-token')).status).toBe(401);
		const responses = await Promise.all([
			fake.sendCallback(orderId, server.url),
			fake.sendCallback(orderId, server.url),
			callback(`Bearer ${TOKEN}`)
		]);
		expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
		expect(statusOf(orderId)).toBe('paid');
		expect(session.captured).toBe(2 * 14_900);
		const captures = fake.requests.filter(
			(r) => r.path === `/epayment/v1/payments/${orderId}/capture`
		);
		expect(captures).toHaveLength(1);
	});

	it('the return route asks Vipps when the callback has not come: cancelled in the app → cart', async () => {
		const { s, orderId } = await checkout();
		fake.setState(orderId, 'ABORTED');
		const back = await s.get(`/api/checkout/return?orderId=${orderId}`);
		expect(back.headers.get('location')).toBe('http://127.0.0.1:1/en/shop/cart?cancelled=true');
		expect(statusOf(orderId)).toBe('cancelled');
	});

	it('the simulator page does not exist when Vipps is the provider', async () => {
		expect((await fetch(`${server.url}/dev/pay/sim_anything`)).status).toBe(404);
	});
});
