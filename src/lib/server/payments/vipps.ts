// The Vipps MobilePay adapter: Checkout v3 sessions (create, get) and ePayment modifications
// (capture, cancel, refund) over HTTPS. Checkout calls carry the merchant's client_id/client_secret;
// ePayment calls an access token from POST /accesstoken/get, kept until shortly before it
// expires. Every call names the merchant (Merchant-Serial-Number) and the API product
// (Ocp-Apim-Subscription-Key); every write carries an Idempotency-Key derived from the order, so
// a retry after a timeout or a 5xx is the same request to Vipps, never a second payment.
import { PAYMENT_STATES } from '$lib/payments/states';
import type { PaymentState } from '$lib/schemas/payments';
import { secretsEqual } from '../crypto/secrets';
import type { PaymentProvider, SessionRef } from './types';

export interface VippsOptions {
	/** https://api.vipps.no (production) or https://apitest.vipps.no (test). */
	apiUrl: string;
	clientId: string;
	clientSecret: string;
	subscriptionKey: string;
	merchantSerialNumber: string;
	callbackToken: string;
	/** Attempts per call when the network fails or Vipps answers 5xx/429. */
	attempts?: number;
	/** Milliseconds before the second attempt; doubled for each further one. */
	retryDelayMs?: number;
	fetch?: typeof fetch;
}

export class VippsError extends Error {
	override name = 'VippsError';
	constructor(
		message: string,
		readonly status: number | null
	) {
		super(message);
	}
}

const SYSTEM_HEADERS = {
	'Vipps-System-Name': 'orgweb',
	'Vipps-System-Version': '0.1.0',
	'Vipps-System-Plugin-Name': 'orgweb-shop',
	'Vipps-System-Plugin-Version': '0.1.0'
};

const KNOWN_STATES = new Set<string>(PAYMENT_STATES);

/** Checkout's session state, for sessions whose payment details are not there yet. */
const BY_SESSION_STATE: Record<string, PaymentState> = {
	SessionCreated: 'CREATED',
	PaymentInitiated: 'CREATED',
	SessionExpired: 'EXPIRED',
	PaymentSuccessful: 'AUTHORIZED',
	PaymentTerminated: 'TERMINATED'
};

/** The payment state of a Checkout session response: paymentDetails.state first. */
export function stateOfSession(body: {
	sessionState?: unknown;
	paymentDetails?: { state?: unknown } | null;
}): PaymentState | null {
	const detailed = body.paymentDetails?.state;
	if (typeof detailed === 'string' && KNOWN_STATES.has(detailed)) return detailed as PaymentState;
	return typeof body.sessionState === 'string'
		? (BY_SESSION_STATE[body.sessionState] ?? null)
		: null;
}

/** The sessionId inside Checkout's session token (a JWT), which its callbacks name. */
function sessionIdOfToken(token: unknown): string | null {
	if (typeof token !== 'string') return null;
	const payload = token.split('.')[1];
	if (!payload) return null;
	try {
		const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
		const id = (claims as { sessionId?: unknown }).sessionId;
		return typeof id === 'string' && id !== '' ? id : null;
	} catch {
		return null;
	}
}

export function vippsProvider(options: VippsOptions): PaymentProvider {
	const base = options.apiUrl.replace(/\/+$/, '');
	const doFetch = options.fetch ?? fetch;
	const attempts = options.attempts ?? 3;
	const retryDelayMs = options.retryDelayMs ?? 250;
	const merchant = {
		'Ocp-Apim-Subscription-Key': options.subscriptionKey,
		'Merchant-Serial-Number': options.merchantSerialNumber,
		...SYSTEM_HEADERS
	};
	let token: { value: string; expiresAt: number } | null = null;

	async function call(
		path: string,
		init: { method: string; headers: Record<string, string>; body?: unknown }
	) {
		let lastError: unknown;
		for (let attempt = 1; attempt <= attempts; attempt++) {
			if (attempt > 1) await new Promise((r) => setTimeout(r, retryDelayMs * 2 ** (attempt - 2)));
			let response: Response;
			try {
				response = await doFetch(base + path, {
					method: init.method,
					headers: {
						accept: 'application/json',
						...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
						...init.headers
					},
					body: init.body === undefined ? undefined : JSON.stringify(init.body),
					signal: AbortSignal.timeout(10_000)
				});
			} catch (error) {
				lastError = error;
				continue;
			}
			if (response.status >= 500 || response.status === 429) {
				lastError = new VippsError(
					`Vipps ${init.method} ${path}: ${response.status}`,
					response.status
				);
				await response.body?.cancel();
				continue;
			}
			return response;
		}
		throw lastError instanceof Error ? lastError : new Error(String(lastError));
	}

	async function json<T>(response: Response, what: string): Promise<T> {
		if (!response.ok) {
			const text = await response.text().catch(() => '');
			throw new VippsError(
				`Vipps ${what}: ${response.status} ${text.slice(0, 200)}`,
				response.status
			);
		}
		return (await response.json()) as T;
	}

	async function accessToken(): Promise<string> {
		if (token && token.expiresAt > Date.now()) return token.value;
		const response = await call('/accesstoken/get', {
			method: 'POST',
			headers: { client_id: options.clientId, client_secret: options.clientSecret, ...merchant }
		});
		const body = await json<{ access_token?: string; expires_in?: string | number }>(
			response,
			'access token'
		);
		if (!body.access_token)
			throw new VippsError('Vipps access token: no access_token', response.status);
		// A minute's margin so a token never expires between our check and Vipps's.
		const seconds = Number(body.expires_in ?? 3600);
		token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 };
		return token.value;
	}

	async function modify(ref: SessionRef, action: 'capture' | 'cancel' | 'refund', body: unknown) {
		const response = await call(
			`/epayment/v1/payments/${encodeURIComponent(ref.orderId)}/${action}`,
			{
				method: 'POST',
				headers: {
					Authorization: `Bearer ${await accessToken()}`,
					'Idempotency-Key': `${action}-${ref.orderId}`,
					...merchant
				},
				body
			}
		);
		await json(response, action);
	}

	const checkoutAuth = () => ({
		client_id: options.clientId,
		client_secret: options.clientSecret,
		...merchant
	});

	return {
		name: 'vipps',

		async createSession(order) {
			const response = await call('/checkout/v3/session', {
				method: 'POST',
				headers: { ...checkoutAuth(), 'Idempotency-Key': `session-${order.id}` },
				body: {
					merchantInfo: {
						callbackUrl: order.callbackUrl,
						returnUrl: order.returnUrl,
						callbackAuthorizationToken: options.callbackToken
					},
					transaction: {
						amount: { value: order.totalOre, currency: 'NOK' },
						reference: order.id,
						paymentDescription: order.description.slice(0, 100) || order.id
					},
					prefillCustomer: {
						email: order.buyer.email,
						phoneNumber: order.buyer.phone.replace(/^\+/, '')
					},
					configuration: { elements: 'PaymentOnly' }
				}
			});
			const body = await json<{ token?: string; checkoutFrontendUrl?: string; sessionId?: string }>(
				response,
				'create session'
			);
			const sessionId = body.sessionId ?? sessionIdOfToken(body.token);
			if (!sessionId || !body.checkoutFrontendUrl) {
				throw new VippsError(
					'Vipps create session: no session id or frontend URL',
					response.status
				);
			}
			return { sessionId, redirectUrl: body.checkoutFrontendUrl };
		},

		async getSession(ref) {
			const response = await call(`/checkout/v3/session/${encodeURIComponent(ref.orderId)}`, {
				method: 'GET',
				headers: checkoutAuth()
			});
			if (response.status === 404) return null;
			const body = await json<{
				sessionId?: string;
				sessionState?: string;
				paymentDetails?: { state?: string };
			}>(response, 'get session');
			// The reference is ours; a session id that differs belongs to another attempt.
			if (body.sessionId && body.sessionId !== ref.sessionId) return null;
			const state = stateOfSession(body);
			if (!state)
				throw new VippsError(`Vipps get session: unknown state ${body.sessionState}`, 200);
			return { state };
		},

		capture(ref, amountOre) {
			return modify(ref, 'capture', { modificationAmount: { value: amountOre, currency: 'NOK' } });
		},

		cancel(ref) {
			return modify(ref, 'cancel', { cancelTransactionOnly: false });
		},

		// ePayment's refund (POST /epayment/v1/payments/{reference}/refund): the key
		// `refund-<orderId>` makes a retry, or a second click, the same refund at Vipps.
		refund(ref, amountOre) {
			return modify(ref, 'refund', { modificationAmount: { value: amountOre, currency: 'NOK' } });
		},

		verifyCallback(received) {
			return secretsEqual(received, options.callbackToken);
		}
	};
}
