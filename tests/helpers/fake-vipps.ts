// A local stand-in for the Vipps MobilePay API at the machine's edge: access token, Checkout v3
// sessions and ePayment capture/cancel/refund, speaking the documented wire format. It refuses requests
// that lack the documented headers or fields (400/401 with a problem body, as Vipps does), keeps
// every request for the test to inspect, and can fail the next calls of a path to test retries.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
	method: string;
	path: string;
	headers: IncomingMessage['headers'];
	body: unknown;
}

interface FakeSession {
	sessionId: string;
	reference: string;
	amount: number;
	state: 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'TERMINATED';
	captured: number;
	refunded: number;
	callbackUrl: string;
	returnUrl: string;
	callbackAuthorizationToken: string;
}

export const FAKE_CREDENTIALS = {
	clientId: 'fake-client-id',
	clientSecret: 'fake-client-secret',
	subscriptionKey: 'fake-subscription-key',
	merchantSerialNumber: '123456'
};

/** What a server needs to pay through `fake` with the given callback token. */
export function vippsEnv(fake: FakeVipps, callbackToken: string): Record<string, string> {
	return {
		PAYMENT_PROVIDER: 'vipps',
		PAYMENT_CALLBACK_TOKEN: callbackToken,
		VIPPS_API_URL: fake.url,
		VIPPS_CLIENT_ID: FAKE_CREDENTIALS.clientId,
		VIPPS_CLIENT_SECRET: FAKE_CREDENTIALS.clientSecret,
		VIPPS_SUBSCRIPTION_KEY: FAKE_CREDENTIALS.subscriptionKey,
		VIPPS_MERCHANT_SERIAL_NUMBER: FAKE_CREDENTIALS.merchantSerialNumber
	};
}

export interface FakeVipps {
	url: string;
	requests: RecordedRequest[];
	sessions: Map<string, FakeSession>;
	/** Answer the next `times` requests to paths starting with `prefix` with 503. */
	failNext(prefix: string, times: number): void;
	/** The buyer acts in the Vipps app: the payment moves to `state`. */
	setState(reference: string, state: FakeSession['state']): void;
	/**
	 * Vipps calls the merchant's callbackUrl as Checkout does (raw token in Authorization);
	 * `origin` stands in for the callback URL's origin when the merchant's public one is not local.
	 */
	sendCallback(reference: string, origin?: string): Promise<Response>;
	close(): Promise<void>;
}

const REFERENCE = /^[-a-zA-Z0-9]{8,50}$/;
const SESSION_STATE = {
	CREATED: 'SessionCreated',
	AUTHORIZED: 'PaymentSuccessful',
	ABORTED: 'PaymentTerminated',
	TERMINATED: 'PaymentTerminated',
	EXPIRED: 'SessionExpired'
} as const;

const problem = (status: number, title: string) => ({
	status,
	body: { type: 'https://developer.vippsmobilepay.com/docs/APIs/', title, status, detail: title }
});

export async function startFakeVipps(): Promise<FakeVipps> {
	const requests: RecordedRequest[] = [];
	const sessions = new Map<string, FakeSession>();
	const failures: { prefix: string; left: number }[] = [];
	const tokens = new Set<string>();
	const idempotent = new Map<string, { status: number; body: unknown }>();
	let counter = 0;

	const merchantOk = (h: IncomingMessage['headers']) =>
		h['ocp-apim-subscription-key'] === FAKE_CREDENTIALS.subscriptionKey &&
		h['merchant-serial-number'] === FAKE_CREDENTIALS.merchantSerialNumber;
	const clientOk = (h: IncomingMessage['headers']) =>
		h['client_id'] === FAKE_CREDENTIALS.clientId &&
		h['client_secret'] === FAKE_CREDENTIALS.clientSecret;

	function sessionBody(s: FakeSession) {
		return {
			sessionId: s.sessionId,
			merchantSerialNumber: FAKE_CREDENTIALS.merchantSerialNumber,
			reference: s.reference,
			sessionState: SESSION_STATE[s.state],
			paymentMethod: s.state === 'CREATED' ? null : 'Wallet',
			paymentDetails: {
				amount: { value: s.amount, currency: 'NOK' },
				state: s.state,
				aggregate: {
					authorizedAmount: { value: s.state === 'AUTHORIZED' ? s.amount : 0, currency: 'NOK' },
					capturedAmount: { value: s.captured, currency: 'NOK' },
					cancelledAmount: { value: 0, currency: 'NOK' },
					refundedAmount: { value: s.refunded, currency: 'NOK' }
				}
			}
		};
	}

	function handle(req: RecordedRequest, baseUrl: string): { status: number; body: unknown } {
		const h = req.headers;
		const path = req.path;
		if (req.method === 'POST' && path === '/accesstoken/get') {
			if (!clientOk(h) || !merchantOk(h)) return problem(401, 'Unauthorized');
			const token = `access-${++counter}`;
			tokens.add(token);
			return {
				status: 200,
				body: {
					token_type: 'Bearer',
					expires_in: '3600',
					ext_expires_in: '3600',
					expires_on: String(Math.floor(Date.now() / 1000) + 3600),
					not_before: String(Math.floor(Date.now() / 1000)),
					resource: '00000002-0000-0000-c000-000000000000',
					access_token: token
				}
			};
		}
		if (req.method === 'POST' && path === '/checkout/v3/session') {
			if (!clientOk(h) || !merchantOk(h)) return problem(401, 'Unauthorized');
			const b = req.body as {
				merchantInfo?: {
					callbackUrl?: string;
					returnUrl?: string;
					callbackAuthorizationToken?: string;
				};
				transaction?: {
					amount?: { value?: unknown; currency?: unknown };
					reference?: unknown;
					paymentDescription?: unknown;
				};
			};
			const t = b?.transaction;
			const m = b?.merchantInfo;
			if (
				!m?.returnUrl ||
				!m.callbackUrl ||
				!m.callbackAuthorizationToken ||
				!t ||
				!Number.isInteger(t.amount?.value) ||
				t.amount?.currency !== 'NOK' ||
				typeof t.reference !== 'string' ||
				!REFERENCE.test(t.reference) ||
				typeof t.paymentDescription !== 'string' ||
				t.paymentDescription.length < 1 ||
				t.paymentDescription.length > 100
			) {
				return problem(400, 'Invalid session request');
			}
			if (sessions.has(t.reference)) return problem(409, 'Reference already used');
			const sessionId = `vipps-session-${++counter}`;
			sessions.set(t.reference, {
				sessionId,
				reference: t.reference,
				amount: t.amount!.value as number,
				state: 'CREATED',
				captured: 0,
				refunded: 0,
				callbackUrl: m.callbackUrl,
				returnUrl: m.returnUrl,
				callbackAuthorizationToken: m.callbackAuthorizationToken
			});
			const jwt = [
				Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url'),
				Buffer.from(
					JSON.stringify({
						sessionId,
						sessionPollingURL: `${baseUrl}/checkout/v3/session/${t.reference}`
					})
				).toString('base64url'),
				'signature'
			].join('.');
			return {
				status: 200,
				body: {
					token: jwt,
					checkoutFrontendUrl: `${baseUrl}/checkout-frontend/?token=${jwt}`,
					pollingUrl: `${baseUrl}/checkout/v3/session/${t.reference}`
				}
			};
		}
		const sessionMatch = /^\/checkout\/v3\/session\/([^/]+)$/.exec(path);
		if (req.method === 'GET' && sessionMatch) {
			if (!clientOk(h) || !merchantOk(h)) return problem(401, 'Unauthorized');
			const s = sessions.get(decodeURIComponent(sessionMatch[1]!));
			return s ? { status: 200, body: sessionBody(s) } : problem(404, 'Session not found');
		}
		const modify = /^\/epayment\/v1\/payments\/([^/]+)\/(capture|cancel|refund)$/.exec(path);
		if (req.method === 'POST' && modify) {
			const auth = String(h.authorization ?? '');
			if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7)) || !merchantOk(h)) {
				return problem(401, 'Unauthorized');
			}
			const key = h['idempotency-key'];
			if (typeof key !== 'string' || key.length < 1 || key.length > 50) {
				return problem(400, 'Idempotency-Key is required');
			}
			if (idempotent.has(key)) return idempotent.get(key)!;
			const s = sessions.get(decodeURIComponent(modify[1]!));
			if (!s) return problem(404, 'Payment not found');
			const amount = (req.body as { modificationAmount?: { value?: unknown; currency?: unknown } })
				?.modificationAmount;
			const amountOk = Number.isInteger(amount?.value) && amount?.currency === 'NOK';
			if (modify[2] === 'capture') {
				if (!amountOk) return problem(400, 'modificationAmount is required');
				if (s.state !== 'AUTHORIZED' || s.captured + (amount!.value as number) > s.amount) {
					return problem(400, 'Capture not allowed');
				}
				s.captured += amount!.value as number;
			} else if (modify[2] === 'refund') {
				// Only what was captured and not yet given back can be refunded.
				if (!amountOk) return problem(400, 'modificationAmount is required');
				if (s.refunded + (amount!.value as number) > s.captured) {
					return problem(400, 'Refund not allowed');
				}
				s.refunded += amount!.value as number;
			} else {
				if (s.state !== 'CREATED' && !(s.state === 'AUTHORIZED' && s.captured === 0)) {
					return problem(400, 'Cancel not allowed');
				}
				s.state = 'TERMINATED';
			}
			const result = {
				status: 200,
				body: {
					amount: { value: s.amount, currency: 'NOK' },
					state: s.state,
					aggregate: sessionBody(s).paymentDetails.aggregate,
					pspReference: `psp-${++counter}`,
					reference: s.reference
				}
			};
			idempotent.set(key, result);
			return result;
		}
		return problem(404, 'Not found');
	}

	const server: Server = createServer((req, res) => {
		let raw = '';
		req.on('data', (c) => (raw += c));
		req.on('end', () => {
			let body: unknown = undefined;
			if (raw !== '') {
				try {
					body = JSON.parse(raw);
				} catch {
					body = raw;
				}
			}
			const path = (req.url ?? '/').split('?')[0]!;
			const recorded = { method: req.method ?? 'GET', path, headers: req.headers, body };
			requests.push(recorded);
			const failure = failures.find((f) => f.left > 0 && path.startsWith(f.prefix));
			if (failure) {
				failure.left -= 1;
				res.writeHead(503, { 'content-type': 'application/problem+json' });
				res.end(JSON.stringify(problem(503, 'Service unavailable').body));
				return;
			}
			const { status, body: out } = handle(recorded, url);
			res.writeHead(status, {
				'content-type': status >= 400 ? 'application/problem+json' : 'application/json'
			});
			res.end(JSON.stringify(out));
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	return {
		url,
		requests,
		sessions,
		failNext(prefix, times) {
			failures.push({ prefix, left: times });
		},
		setState(reference, state) {
			const s = sessions.get(reference);
			if (!s) throw new Error(`no session ${reference}`);
			s.state = state;
		},
		async sendCallback(reference, origin) {
			const s = sessions.get(reference);
			if (!s) throw new Error(`no session ${reference}`);
			const target = new URL(s.callbackUrl);
			return fetch(origin ? origin + target.pathname : target, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					authorization: s.callbackAuthorizationToken
				},
				body: JSON.stringify(sessionBody(s))
			});
		},
		close: () => new Promise<void>((r) => server.close(() => r()))
	};
}
