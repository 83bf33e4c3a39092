// The payment callback and the checkout return over real HTTP against the built server (run
// `vite build` first). Fixtures are rows written straight into the server's database file.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/lib/server/identity';
import { runServerExpectingExit, startServer, type TestServer } from '../helpers/server';

const TOKEN = 'integration-callback-token-0123456789';
const ORIGIN = 'https://org.example';
const SECRET_A = 'A'.repeat(42) + 'a';
const SECRET_B = 'B'.repeat(42) + 'b';
const STATES = ['CREATED', 'AUTHORIZED', 'ABORTED', 'EXPIRED', 'TERMINATED'] as const;

let server: TestServer;
let db: Database.Database;
let seq = 0;

beforeAll(async () => {
	server = await startServer({ PAYMENT_CALLBACK_TOKEN: TOKEN, PUBLIC_ORIGIN: ORIGIN });
	db = new Database(server.dbFile);
	db.pragma('busy_timeout = 5000');
	const now = new Date().toISOString();
	const later = new Date(Date.now() + 86_400_000).toISOString();
	for (const [user, secret] of [
		['user-a', SECRET_A],
		['user-b', SECRET_B]
	] as const) {
		db.prepare('INSERT INTO users (id, email, name, created_at) VALUES (?, ?, ?, ?)').run(
			user,
			`${user}@example.org`,
			user,
			now
		);
		db.prepare(
			'INSERT INTO sessions (id, user_id, secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)'
		).run(`sess-${user}`, user, hashSecret(secret), now, later);
	}
});

afterAll(async () => {
	db?.close();
	await server?.stop();
});

/** An order of user-a with a simulator session in `state`; returns both ids. */
function order(status = 'pending', state: string = 'CREATED', options: { cartId?: string } = {}) {
	seq += 1;
	const orderId = `order-${seq}`;
	const sessionId = `psp-session-${seq}`;
	const now = new Date().toISOString();
	db.prepare(
		`INSERT INTO orders (id, user_id, status, provider, provider_session_id, cart_id, total_ore,
		 buyer_name, buyer_email, buyer_phone, created_at, updated_at)
		 VALUES (?, 'user-a', ?, 'simulator', ?, ?, 25000, 'A', 'a@example.org', '12345678', ?, ?)`
	).run(orderId, status, sessionId, options.cartId ?? null, now, now);
	db.prepare(
		`INSERT INTO payment_sessions (id, order_id, state, amount_ore, created_at, updated_at)
		 VALUES (?, ?, ?, 25000, ?, ?)`
	).run(sessionId, orderId, state, now, now);
	return { orderId, sessionId };
}

const setState = (sessionId: string, state: string) =>
	db.prepare('UPDATE payment_sessions SET state = ? WHERE id = ?').run(state, sessionId);
const statusOf = (orderId: string) =>
	(db.prepare('SELECT status FROM orders WHERE id = ?').get(orderId) as { status: string }).status;
const eventsOf = (orderId: string) =>
	db
		.prepare('SELECT from_status, to_status, actor, at FROM order_events WHERE order_id = ?')
		.all(orderId) as { from_status: string; to_status: string; actor: string; at: string }[];

function callback(
	body: unknown,
	options: { token?: string | null; provider?: string; raw?: string } = {}
) {
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	const token = options.token === undefined ? TOKEN : options.token;
	if (token !== null) headers.authorization = `Bearer ${token}`;
	return fetch(`${server.url}/api/payment/${options.provider ?? 'psp'}/callback`, {
		method: 'POST',
		headers,
		body: options.raw ?? JSON.stringify(body)
	});
}

function checkoutReturn(query: string, secret?: string, headers: Record<string, string> = {}) {
	return fetch(`${server.url}/api/checkout/return${query}`, {
		redirect: 'manual',
		headers: { ...headers, ...(secret ? { cookie: `session=${secret}` } : {}) }
	});
}

describe('POST /api/payment/psp/callback', () => {
	it('rule 1: no session identifier → 400 { success: false, message: "Missing session ID" }', async () => {
		for (const body of [
			{},
			{ other: 'x' },
			{ sessionId: '' },
			{ session: {} },
			{ sessionId: 42 }
		]) {
			const res = await callback(body);
			expect(res.status).toBe(400);
			expect(await res.json()).toEqual({ success: false, message: 'Missing session ID' });
		}
	});

	it('rule 1 comes before the token check: no identifier and no header is still 400', async () => {
		const res = await callback({}, { token: null });
		expect(res.status).toBe(400);
		expect(await res.json()).toEqual({ success: false, message: 'Missing session ID' });
	});

	it('rule 3: a wrong token → 401 with the handler result { success: false, message: "Unauthorized" }', async () => {
		const { orderId, sessionId } = order('pending', 'AUTHORIZED');
		for (const token of ['wrong', '', TOKEN + 'x', TOKEN.slice(0, -1)]) {
			const res = await callback({ sessionId }, { token });
			expect(res.status).toBe(401);
			expect(await res.json()).toEqual({ success: false, message: 'Unauthorized' });
		}
		expect(statusOf(orderId)).toBe('pending');
	});

	it('rule 3: a missing Authorization header is an empty token → 401', async () => {
		const { orderId, sessionId } = order('pending', 'AUTHORIZED');
		const res = await callback({ sessionId }, { token: null });
		expect(res.status).toBe(401);
		expect(await res.json()).toEqual({ success: false, message: 'Unauthorized' });
		expect(statusOf(orderId)).toBe('pending');
	});

	it('rule 3: the token without the "Bearer " prefix is not accepted', async () => {
		const { sessionId } = order('pending', 'AUTHORIZED');
		const res = await fetch(`${server.url}/api/payment/psp/callback`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: `Basic ${TOKEN}` },
			body: JSON.stringify({ sessionId })
		});
		expect(res.status).toBe(401);
	});

	it('rule 4: an unknown session → 400 { success: false, message: "Unknown session" }', async () => {
		const res = await callback({ sessionId: 'no-such-session' });
		expect(res.status).toBe(400);
		expect(await res.json()).toEqual({ success: false, message: 'Unknown session' });
	});

	it('rule 5: success → 200 with the result as body', async () => {
		const { orderId, sessionId } = order('pending', 'AUTHORIZED');
		const res = await callback({ sessionId });
		expect(res.status).toBe(200);
		expect(await res.json()).toEqual({
			success: true,
			message: 'Order updated',
			orderId,
			status: 'paid'
		});
	});

	it('rule 6: an unexpected failure → 500 { success: false, message: "Internal server error" }, no stack', async () => {
		const { sessionId } = order('pending', 'AUTHORIZED');
		db.exec('ALTER TABLE orders RENAME TO orders_gone');
		try {
			const res = await callback({ sessionId });
			expect(res.status).toBe(500);
			const text = await res.text();
			expect(JSON.parse(text)).toEqual({ success: false, message: 'Internal server error' });
			expect(text).not.toMatch(/orders|at /);
		} finally {
			db.exec('ALTER TABLE orders_gone RENAME TO orders');
		}
		expect(server.output()).toContain('payment callback failed');
	});

	describe('session identifier locations, first present wins', () => {
		it('sessionId before checkoutSessionId, session.sessionId and reference', async () => {
			const { orderId, sessionId } = order('pending', 'AUTHORIZED');
			const res = await callback({
				sessionId,
				checkoutSessionId: 'unknown-1',
				session: { sessionId: 'unknown-2' },
				reference: 'unknown-3'
			});
			expect(res.status).toBe(200);
			expect(statusOf(orderId)).toBe('paid');
		});

		it('checkoutSessionId before session.sessionId and reference', async () => {
			const { orderId, sessionId } = order('pending', 'AUTHORIZED');
			const res = await callback({
				checkoutSessionId: sessionId,
				session: { sessionId: 'unknown-2' },
				reference: 'unknown-3'
			});
			expect(res.status).toBe(200);
			expect(statusOf(orderId)).toBe('paid');
		});

		it('session.sessionId before reference', async () => {
			const { orderId, sessionId } = order('pending', 'AUTHORIZED');
			const res = await callback({ session: { sessionId }, reference: 'unknown-3' });
			expect(res.status).toBe(200);
			expect(statusOf(orderId)).toBe('paid');
		});

		it('reference last', async () => {
			const { orderId, sessionId } = order('pending', 'AUTHORIZED');
			expect((await callback({ reference: sessionId })).status).toBe(200);
			expect(statusOf(orderId)).toBe('paid');
		});

		it('an earlier unknown id is used even when a later one is known', async () => {
			const { orderId, sessionId } = order('pending', 'AUTHORIZED');
			const res = await callback({ sessionId: 'unknown-0', reference: sessionId });
			expect(res.status).toBe(400);
			expect(await res.json()).toEqual({ success: false, message: 'Unknown session' });
			expect(statusOf(orderId)).toBe('pending');
		});
	});

	describe('provider path segment', () => {
		it('accepts psp and the configured provider name (simulator)', async () => {
			for (const provider of ['psp', 'simulator']) {
				const { orderId, sessionId } = order('pending', 'AUTHORIZED');
				expect((await callback({ sessionId }, { provider })).status).toBe(200);
				expect(statusOf(orderId)).toBe('paid');
			}
		});

		it('any other provider name → 404 { error: "Not found" }', async () => {
			const { orderId, sessionId } = order('pending', 'AUTHORIZED');
			for (const provider of ['vipps', 'PSP', 'stripe']) {
				const res = await callback({ sessionId }, { provider });
				expect(res.status).toBe(404);
				expect(await res.json()).toEqual({ error: 'Not found' });
			}
			expect(statusOf(orderId)).toBe('pending');
		});
	});

	describe('bodies that are not a JSON object → 400 "Invalid JSON body", never 500', () => {
		for (const [name, raw] of [
			['not JSON', '{"sessionId": '],
			['empty', ''],
			['null', 'null'],
			['an array', '[{"sessionId":"x"}]'],
			['a string', '"psp-session-1"'],
			['a number', '42']
		] as const) {
			it(name, async () => {
				const res = await callback(undefined, { raw });
				expect(res.status).toBe(400);
				expect(await res.json()).toEqual({ success: false, message: 'Invalid JSON body' });
			});
		}
	});

	describe('effect of each state on a pending order', () => {
		// AUTHORIZED is captured at once: authorized, then paid (two events).
		const EFFECT = {
			CREATED: null,
			AUTHORIZED: 'paid',
			ABORTED: 'cancelled',
			EXPIRED: 'failed',
			TERMINATED: 'cancelled'
		} as const;
		for (const state of STATES) {
			const to = EFFECT[state];
			it(`${state} → ${to ?? 'no change'} (200)${to ? ' with its order_events rows' : ''}`, async () => {
				const { orderId, sessionId } = order('pending', state);
				const before = Date.now();
				const res = await callback({ sessionId });
				expect(res.status).toBe(200);
				expect(await res.json()).toEqual({
					success: true,
					message: to ? 'Order updated' : 'No change',
					orderId,
					status: to ?? 'pending'
				});
				expect(statusOf(orderId)).toBe(to ?? 'pending');
				const events = eventsOf(orderId);
				if (!to) return expect(events).toEqual([]);
				const steps = to === 'paid' ? ['authorized', 'paid'] : [to];
				expect(events.map((e) => e.to_status)).toEqual(steps);
				expect(events[0]).toMatchObject({ from_status: 'pending', actor: 'callback:simulator' });
				expect(Date.parse(events[0]!.at)).toBeGreaterThanOrEqual(before - 1000);
			});
		}

		it('the state comes from the provider, not from a state field in the body', async () => {
			const { orderId, sessionId } = order('pending', 'CREATED');
			const res = await callback({ sessionId, state: 'AUTHORIZED', sessionState: 'AUTHORIZED' });
			expect(res.status).toBe(200);
			expect(statusOf(orderId)).toBe('pending');
		});

		it('a cancelled or failed order releases the reservations of its cart only', async () => {
			const now = new Date().toISOString();
			const expires = new Date(Date.now() + 900_000).toISOString();
			const product = (db.prepare('SELECT id FROM products LIMIT 1').get() as { id: string }).id;
			const insert = db.prepare(
				'INSERT INTO cart_reservations (id, cart_id, product_id, quantity, created_at, expires_at) VALUES (?, ?, ?, 1, ?, ?)'
			);
			insert.run('res-1', 'cart-abort', product, now, expires);
			insert.run('res-2', 'cart-expire', product, now, expires);
			insert.run('res-3', 'cart-keep', product, now, expires);
			const aborted = order('pending', 'ABORTED', { cartId: 'cart-abort' });
			const expired = order('pending', 'EXPIRED', { cartId: 'cart-expire' });
			expect((await callback({ sessionId: aborted.sessionId })).status).toBe(200);
			expect((await callback({ sessionId: expired.sessionId })).status).toBe(200);
			const left = db.prepare("SELECT id FROM cart_reservations WHERE id LIKE 'res-%'").all();
			expect(left).toEqual([{ id: 'res-3' }]);
		});
	});

	describe('duplicates and out-of-order states are 200 no-ops', () => {
		it('a duplicate AUTHORIZED changes nothing more', async () => {
			const { orderId, sessionId } = order('pending', 'AUTHORIZED');
			await callback({ sessionId });
			const res = await callback({ sessionId });
			expect(res.status).toBe(200);
			expect(await res.json()).toMatchObject({
				success: true,
				message: 'No change',
				status: 'paid'
			});
			expect(eventsOf(orderId)).toHaveLength(2);
		});

		it('AUTHORIZED then CREATED stays paid', async () => {
			const { orderId, sessionId } = order('pending', 'AUTHORIZED');
			await callback({ sessionId });
			setState(sessionId, 'CREATED');
			const res = await callback({ sessionId });
			expect(res.status).toBe(200);
			expect(statusOf(orderId)).toBe('paid');
			expect(eventsOf(orderId)).toHaveLength(2);
		});

		it('EXPIRED after authorized stays authorized', async () => {
			const { orderId, sessionId } = order('authorized', 'EXPIRED');
			const res = await callback({ sessionId });
			expect(res.status).toBe(200);
			expect(await res.json()).toMatchObject({ success: true, status: 'authorized' });
			expect(eventsOf(orderId)).toEqual([]);
		});

		it('nothing leaves paid, cancelled or failed', async () => {
			for (const status of ['paid', 'cancelled', 'failed']) {
				for (const state of STATES) {
					const { orderId, sessionId } = order(status, state);
					expect((await callback({ sessionId })).status).toBe(200);
					expect(statusOf(orderId)).toBe(status);
					expect(eventsOf(orderId)).toEqual([]);
				}
			}
		});

		it('20 concurrent identical AUTHORIZED callbacks → one authorized and one paid event', async () => {
			const { orderId, sessionId } = order('pending', 'AUTHORIZED');
			const responses = await Promise.all(
				Array.from({ length: 20 }, () => callback({ sessionId }))
			);
			expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
			const bodies = await Promise.all(responses.map((r) => r.json()));
			expect(bodies.filter((b) => b.message === 'Order updated')).toHaveLength(1);
			expect(statusOf(orderId)).toBe('paid');
			expect(eventsOf(orderId)).toHaveLength(2);
		});
	});
});

describe('GET /api/checkout/return', () => {
	const expectRedirect = (res: Response, path: string) => {
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe(ORIGIN + path);
		expect(res.headers.get('cache-control')).toBe('no-store');
	};

	it('orderId missing → /shop', async () => {
		expectRedirect(await checkoutReturn('', SECRET_A), '/no/shop');
		expectRedirect(await checkoutReturn('?orderId=', SECRET_A), '/no/shop');
	});

	it('orderId invalid (over 200 characters) → /shop', async () => {
		expectRedirect(await checkoutReturn(`?orderId=${'x'.repeat(201)}`, SECRET_A), '/no/shop');
	});

	it('order not found → /shop?error=order_not_found', async () => {
		expectRedirect(
			await checkoutReturn('?orderId=nope', SECRET_A),
			'/no/shop?error=order_not_found'
		);
	});

	it("someone else's order → /shop?error=order_not_found, and it stays untouched", async () => {
		const { orderId } = order('pending', 'AUTHORIZED');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, SECRET_B),
			'/no/shop?error=order_not_found'
		);
		expect(statusOf(orderId)).toBe('pending');
	});

	it('no session → /shop?error=order_not_found', async () => {
		const { orderId } = order('paid', 'AUTHORIZED');
		expectRedirect(await checkoutReturn(`?orderId=${orderId}`), '/no/shop?error=order_not_found');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, 'C'.repeat(43)),
			'/no/shop?error=order_not_found'
		);
	});

	it('status paid → /shop/order/<orderId>?success=true', async () => {
		const { orderId } = order('paid', 'AUTHORIZED');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, SECRET_A),
			`/no/shop/order/${orderId}?success=true`
		);
	});

	it('status authorized → /shop/order/<orderId>?success=true', async () => {
		const { orderId } = order('authorized', 'AUTHORIZED');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, SECRET_A),
			`/no/shop/order/${orderId}?success=true`
		);
	});

	it('status cancelled → /shop/cart?cancelled=true', async () => {
		const { orderId } = order('cancelled', 'ABORTED');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, SECRET_A),
			'/no/shop/cart?cancelled=true'
		);
	});

	it('status failed → /shop/cart?error=payment_failed', async () => {
		const { orderId } = order('failed', 'EXPIRED');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, SECRET_A),
			'/no/shop/cart?error=payment_failed'
		);
	});

	it('any other status → /shop/order/<orderId>', async () => {
		const { orderId } = order('shipped', 'AUTHORIZED');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, SECRET_A),
			`/no/shop/order/${orderId}`
		);
	});

	it('pending while the provider still says CREATED → /shop/order/<orderId>, unchanged', async () => {
		const { orderId } = order('pending', 'CREATED');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, SECRET_A),
			`/no/shop/order/${orderId}`
		);
		expect(statusOf(orderId)).toBe('pending');
	});

	it('pending and the provider says AUTHORIZED → order captured and paid, success redirect', async () => {
		const { orderId } = order('pending', 'AUTHORIZED');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, SECRET_A),
			`/no/shop/order/${orderId}?success=true`
		);
		expect(statusOf(orderId)).toBe('paid');
		expect(eventsOf(orderId)).toEqual([
			expect.objectContaining({
				from_status: 'pending',
				to_status: 'authorized',
				actor: 'return:user-a'
			}),
			expect.objectContaining({
				from_status: 'authorized',
				to_status: 'paid',
				actor: 'return:user-a'
			})
		]);
	});

	it('pending and the provider says ABORTED → cancelled, cart redirect', async () => {
		const { orderId } = order('pending', 'ABORTED');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, SECRET_A),
			'/no/shop/cart?cancelled=true'
		);
		expect(statusOf(orderId)).toBe('cancelled');
	});

	it('pending and the provider says EXPIRED → failed, payment_failed redirect', async () => {
		const { orderId } = order('pending', 'EXPIRED');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, SECRET_A),
			'/no/shop/cart?error=payment_failed'
		);
		expect(statusOf(orderId)).toBe('failed');
	});

	it('redirects into the negotiated locale', async () => {
		const { orderId } = order('paid', 'AUTHORIZED');
		expectRedirect(
			await checkoutReturn(`?orderId=${orderId}`, SECRET_A, { 'accept-language': 'en' }),
			`/en/shop/order/${orderId}?success=true`
		);
	});

	it('unexpected failure → /shop?error=unknown', async () => {
		const { orderId } = order('pending', 'AUTHORIZED');
		db.exec('ALTER TABLE orders RENAME TO orders_gone');
		try {
			expectRedirect(
				await checkoutReturn(`?orderId=${orderId}`, SECRET_A),
				'/no/shop?error=unknown'
			);
		} finally {
			db.exec('ALTER TABLE orders_gone RENAME TO orders');
		}
		expect(server.output()).toContain('checkout return failed');
	});
});

describe('provider configuration', () => {
	it('PAYMENT_PROVIDER=vipps without its variables stops start-up with a line naming each', async () => {
		const { code, output } = await runServerExpectingExit({
			PAYMENT_PROVIDER: 'vipps',
			VIPPS_CLIENT_ID: 'id'
		});
		expect(code).toBe(1);
		expect(output).toContain('VIPPS_CLIENT_SECRET: required when PAYMENT_PROVIDER=vipps');
		expect(output).toContain('VIPPS_MERCHANT_SERIAL_NUMBER: required when PAYMENT_PROVIDER=vipps');
		expect(output).toContain('PAYMENT_CALLBACK_TOKEN: required when PAYMENT_PROVIDER=vipps');
		expect(output).not.toContain('VIPPS_CLIENT_ID:');
	});
});
