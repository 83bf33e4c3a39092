import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
	FAKE_CREDENTIALS,
	startFakeVipps,
	type FakeVipps
} from '../../../../tests/helpers/fake-vipps';
import { parseConfig } from '../config';
import { stateOfSession, vippsProvider } from './vipps';

// The Vipps adapter against a local fake that speaks (and checks) the documented wire format.
const TOKEN = 'vipps-callback-token-0123456789abcdef';
let fake: FakeVipps;
let seq = 0;

beforeAll(async () => {
	fake = await startFakeVipps();
});
afterAll(() => fake.close());
beforeEach(() => {
	fake.requests.length = 0;
});

const provider = () =>
	vippsProvider({
		apiUrl: fake.url,
		...FAKE_CREDENTIALS,
		callbackToken: TOKEN,
		retryDelayMs: 1
	});

function order() {
	seq += 1;
	const id = `0f3c2a8e-1111-4a4a-9c9c-${String(seq).padStart(12, '0')}`;
	return {
		id,
		totalOre: 44_700,
		description: '3 × Coffee mug',
		returnUrl: `https://shop.example/api/checkout/return?orderId=${id}`,
		callbackUrl: 'https://shop.example/api/payment/vipps/callback',
		buyer: { name: 'Kari', email: 'kari@example.org', phone: '+4791234567' }
	};
}

const merchantHeaders = {
	'ocp-apim-subscription-key': FAKE_CREDENTIALS.subscriptionKey,
	'merchant-serial-number': FAKE_CREDENTIALS.merchantSerialNumber,
	'vipps-system-name': 'orgweb'
};

describe('vipps adapter', () => {
	it('creates a Checkout v3 session with the documented headers and body, and returns its session id and page', async () => {
		const o = order();
		const session = await provider().createSession(o);
		const [req] = fake.requests;
		expect(req).toMatchObject({ method: 'POST', path: '/checkout/v3/session' });
		expect(req!.headers).toMatchObject({
			client_id: FAKE_CREDENTIALS.clientId,
			client_secret: FAKE_CREDENTIALS.clientSecret,
			'idempotency-key': `session-${o.id}`,
			'content-type': 'application/json',
			...merchantHeaders
		});
		expect(req!.body).toEqual({
			merchantInfo: {
				callbackUrl: o.callbackUrl,
				returnUrl: o.returnUrl,
				callbackAuthorizationToken: TOKEN
			},
			transaction: {
				amount: { value: 44_700, currency: 'NOK' },
				reference: o.id,
				paymentDescription: '3 × Coffee mug'
			},
			prefillCustomer: { email: 'kari@example.org', phoneNumber: '4791234567' },
			configuration: { elements: 'PaymentOnly' }
		});
		expect(session.sessionId).toBe(fake.sessions.get(o.id)!.sessionId);
		expect(session.redirectUrl).toMatch(new RegExp(`^${fake.url}/checkout-frontend/\\?token=`));
	});

	it('reads the payment state of a session by its reference', async () => {
		const p = provider();
		const o = order();
		const { sessionId } = await p.createSession(o);
		const ref = { sessionId, orderId: o.id };
		expect(await p.getSession(ref)).toEqual({ state: 'CREATED' });
		fake.setState(o.id, 'AUTHORIZED');
		expect(await p.getSession(ref)).toEqual({ state: 'AUTHORIZED' });
		const get = fake.requests.find((r) => r.method === 'GET')!;
		expect(get.path).toBe(`/checkout/v3/session/${o.id}`);
		expect(get.headers).toMatchObject({ client_id: FAKE_CREDENTIALS.clientId, ...merchantHeaders });
		expect(await p.getSession({ sessionId, orderId: 'unknown-reference' })).toBeNull();
		expect(await p.getSession({ sessionId: 'another-attempt', orderId: o.id })).toBeNull();
	});

	it('captures with an access token, Idempotency-Key and the amount; a repeat is the same request', async () => {
		const p = provider();
		const o = order();
		const { sessionId } = await p.createSession(o);
		fake.setState(o.id, 'AUTHORIZED');
		await p.capture({ sessionId, orderId: o.id }, o.totalOre);
		await p.capture({ sessionId, orderId: o.id }, o.totalOre);
		const tokenCalls = fake.requests.filter((r) => r.path === '/accesstoken/get');
		expect(tokenCalls).toHaveLength(1);
		expect(tokenCalls[0]!.headers).toMatchObject({
			client_id: FAKE_CREDENTIALS.clientId,
			client_secret: FAKE_CREDENTIALS.clientSecret,
			...merchantHeaders
		});
		const captures = fake.requests.filter((r) => r.path.endsWith('/capture'));
		expect(captures).toHaveLength(2);
		for (const c of captures) {
			expect(c.path).toBe(`/epayment/v1/payments/${o.id}/capture`);
			expect(c.headers.authorization).toMatch(/^Bearer access-\d+$/);
			expect(c.headers).toMatchObject({
				'idempotency-key': `capture-${o.id}`,
				...merchantHeaders
			});
			expect(c.body).toEqual({ modificationAmount: { value: 44_700, currency: 'NOK' } });
		}
		expect(fake.sessions.get(o.id)!.captured).toBe(44_700);
	});

	it('retries a 503 with the same Idempotency-Key, and gives up after its attempts', async () => {
		const p = provider();
		const o = order();
		fake.failNext('/checkout/v3/session', 2);
		const { sessionId } = await p.createSession(o);
		const creates = fake.requests.filter((r) => r.path === '/checkout/v3/session');
		expect(creates).toHaveLength(3);
		expect(new Set(creates.map((r) => r.headers['idempotency-key']))).toEqual(
			new Set([`session-${o.id}`])
		);
		fake.setState(o.id, 'AUTHORIZED');
		fake.failNext('/epayment/', 1);
		await p.capture({ sessionId, orderId: o.id }, o.totalOre);
		const captures = fake.requests.filter((r) => r.path.endsWith('/capture'));
		expect(captures.map((r) => r.headers['idempotency-key'])).toEqual([
			`capture-${o.id}`,
			`capture-${o.id}`
		]);
		fake.failNext('/checkout/v3/session/', 3);
		await expect(p.getSession({ sessionId, orderId: o.id })).rejects.toThrow(/503/);
	});

	it('cancels an open payment; Vipps then reports it terminated', async () => {
		const p = provider();
		const o = order();
		const { sessionId } = await p.createSession(o);
		await p.cancel({ sessionId, orderId: o.id });
		const cancel = fake.requests.find((r) => r.path.endsWith('/cancel'))!;
		expect(cancel.path).toBe(`/epayment/v1/payments/${o.id}/cancel`);
		expect(cancel.headers['idempotency-key']).toBe(`cancel-${o.id}`);
		expect(await p.getSession({ sessionId, orderId: o.id })).toEqual({ state: 'TERMINATED' });
	});

	it('a refusal from Vipps (4xx) is an error, not retried', async () => {
		const p = vippsProvider({
			apiUrl: fake.url,
			...FAKE_CREDENTIALS,
			clientSecret: 'wrong',
			callbackToken: TOKEN
		});
		await expect(p.createSession(order())).rejects.toThrow(/401/);
		expect(fake.requests).toHaveLength(1);
	});

	it('checks the callback token exactly, in constant time', () => {
		const p = provider();
		expect(p.verifyCallback(TOKEN)).toBe(true);
		for (const wrong of ['', TOKEN.slice(0, -1), TOKEN + 'x', TOKEN.toUpperCase()]) {
			expect(p.verifyCallback(wrong)).toBe(false);
		}
	});

	it('maps Checkout session states when payment details are missing', () => {
		expect(stateOfSession({ sessionState: 'SessionCreated' })).toBe('CREATED');
		expect(stateOfSession({ sessionState: 'PaymentInitiated' })).toBe('CREATED');
		expect(stateOfSession({ sessionState: 'PaymentSuccessful' })).toBe('AUTHORIZED');
		expect(stateOfSession({ sessionState: 'SessionExpired' })).toBe('EXPIRED');
		expect(stateOfSession({ sessionState: 'PaymentTerminated' })).toBe('TERMINATED');
		expect(
			stateOfSession({ sessionState: 'PaymentTerminated', paymentDetails: { state: 'ABORTED' } })
		).toBe('ABORTED');
		expect(stateOfSession({ sessionState: 'Whatever' })).toBeNull();
	});
});

describe('vipps configuration', () => {
	it('PAYMENT_PROVIDER=vipps works when its variables are set', () => {
		const c = parseConfig({
			PAYMENT_PROVIDER: 'vipps',
			VIPPS_API_URL: 'https://api.vipps.no/',
			VIPPS_CLIENT_ID: 'id',
			VIPPS_CLIENT_SECRET: 'secret',
			VIPPS_SUBSCRIPTION_KEY: 'key',
			VIPPS_MERCHANT_SERIAL_NUMBER: '123456',
			PAYMENT_CALLBACK_TOKEN: TOKEN
		});
		expect(c.vipps).toEqual({
			apiUrl: 'https://api.vipps.no',
			clientId: 'id',
			clientSecret: 'secret',
			subscriptionKey: 'key',
			merchantSerialNumber: '123456'
		});
		expect(c.simulatorEnabled).toBe(false);
	});

	it('the simulator is on outside production, off in production unless enabled', () => {
		expect(parseConfig({ NODE_ENV: 'development' }).simulatorEnabled).toBe(true);
		expect(parseConfig({}).simulatorEnabled).toBe(false);
		expect(parseConfig({ PAYMENT_SIMULATOR_ENABLED: 'true' }).simulatorEnabled).toBe(true);
		expect(
			parseConfig({ NODE_ENV: 'development', PAYMENT_SIMULATOR_ENABLED: 'false' }).simulatorEnabled
		).toBe(false);
	});
});
