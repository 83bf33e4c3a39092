// The buy flow over real HTTP against the built server, as a browser without JavaScript walks it:
// cart → checkout form → simulator page → provider callback → checkout return → order page.
import { utimesSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, withDb } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';
import { BUYER, checkOut, shopper, shownTotal } from '../helpers/shop';

const TOKEN = 'checkout-callback-token-0123456789';
let server: TestServer;

beforeAll(async () => {
	server = await startServer({
		PAYMENT_CALLBACK_TOKEN: TOKEN,
		PAYMENT_SIMULATOR_ENABLED: 'true',
		RATE_LIMIT_ANONYMOUS: '10000/60'
	});
	// Enough stock that the tests never run each other out of mugs.
	withDb(server.dbFile, (db) =>
		db.prepare("update products set stock = 1000, max_per_order = null where id = 'prod-mug'").run()
	);
});
afterAll(() => server?.stop());

type Row = Record<string, unknown>;
const query = <T = Row>(sql: string, ...args: unknown[]) =>
	withDb(server.dbFile, (db) => db.prepare(sql).all(...args)) as T[];
const one = <T = Row>(sql: string, ...args: unknown[]) => query<T>(sql, ...args)[0];
const count = (sql: string, ...args: unknown[]) =>
	Number(Object.values(one(sql, ...args) ?? { n: 0 })[0]);
const orderOfSession = (sessionId: string) =>
	one<{ id: string; status: string; user_id: string; total_ore: number; cart_id: string }>(
		'select * from orders where provider_session_id = ?',
		sessionId
	)!;
const eventsOf = (orderId: string) =>
	query<{ from_status: string | null; to_status: string; actor: string }>(
		'select from_status, to_status, actor from order_events where order_id = ? order by at, rowid',
		orderId
	);
const mailsTo = (orderId: string) =>
	count(
		"select count(*) from mail_outbox where kind = 'order-confirmation' and text_body like ?",
		`%${orderId}%`
	);
const soldMugs = () =>
	count(
		"select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id where l.product_id = 'prod-mug' and o.status in ('authorized', 'paid')"
	);

function callback(sessionId: string, token = TOKEN) {
	return fetch(`${server.url}/api/payment/simulator/callback`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
		body: JSON.stringify({ sessionId, reference: 'ignored', sessionState: 'PaymentSuccessful' })
	});
}

describe('checkout without JavaScript', () => {
	it('creates a pending order with copied prices, hands the reservations to it and sends the buyer to the simulator', async () => {
		const s = shopper(server.url);
		const started = Date.now();
		const { sessionId } = await checkOut(s, 'hoodie', '2');
		const order = orderOfSession(sessionId);
		expect(order).toMatchObject({ status: 'pending', total_ore: 2 * 49_900 });
		expect(
			query('select name, unit_price_ore, quantity from order_lines where order_id = ?', order.id)
		).toEqual([{ name: 'Hoodie', unit_price_ore: 49_900, quantity: 2 }]);
		expect(eventsOf(order.id)).toEqual([
			{ from_status: null, to_status: 'pending', actor: `checkout:${order.user_id}` }
		]);
		const held = query<{ cart_id: string; expires_at: string }>(
			'select cart_id, expires_at from cart_reservations where cart_id = ?',
			`order:${order.id}`
		);
		expect(held).toHaveLength(1);
		// Held through the payment window (30 minutes), not the cart's 15.
		const hold = Date.parse(held[0]!.expires_at) - started;
		expect(hold).toBeGreaterThan(29 * 60_000);
		expect(hold).toBeLessThan(31 * 60_000);
		expect(count('select count(*) from cart_reservations where cart_id = ?', order.user_id)).toBe(
			0
		);
		const cart = await (await s.get('/en/shop/cart')).text();
		expect(cart).toContain('Your cart is empty.');
	});

	it('approve on the simulator page: callback over HTTP, capture, paid, receipt with the success message and one e-mail', async () => {
		const s = shopper(server.url);
		const { payPath, sessionId } = await checkOut(s, 'mug', '3');
		const page = await s.get(payPath);
		expect(page.status).toBe(200);
		expect(await page.text()).toMatch(/data-testid="simulator-amount">NOK\s447</);
		const approved = await s.post(`${payPath}?/approve`, {});
		expect(approved.status).toBe(303);
		const order = orderOfSession(sessionId);
		expect(approved.headers.get('location')).toBe(`/api/checkout/return?orderId=${order.id}`);
		// The callback arrived before the buyer came back.
		expect(order.status).toBe('paid');
		expect(eventsOf(order.id).map((e) => [e.to_status, e.actor])).toEqual([
			['pending', `checkout:${order.user_id}`],
			['authorized', 'callback:simulator'],
			['paid', 'callback:simulator']
		]);
		expect(
			count('select count(*) from cart_reservations where cart_id = ?', `order:${order.id}`)
		).toBe(0);
		expect(mailsTo(order.id)).toBe(1);
		const mail = one<{ to_address: string; subject: string; text_body: string }>(
			"select to_address, subject, text_body from mail_outbox where kind = 'order-confirmation' and text_body like ?",
			`%${order.id}%`
		)!;
		expect(mail.to_address).toBe(BUYER.email);
		expect(mail.text_body).toContain('3 × Coffee mug');

		const back = await s.get(approved.headers.get('location')!);
		expect(back.status).toBe(303);
		expect(back.headers.get('location')).toMatch(
			new RegExp(`/en/shop/order/${order.id}\\?success=true$`)
		);
		const receipt = await (await s.get(`/en/shop/order/${order.id}?success=true`)).text();
		expect(receipt).toContain('Thank you! Your payment is confirmed.');
		expect(receipt).toMatch(/data-status="paid">Paid</);
		expect(receipt).toContain('Coffee mug');
	});

	it('cancel on the simulator page: cancelled, reservations released, cart with the cancelled message', async () => {
		const s = shopper(server.url);
		const { payPath, sessionId } = await checkOut(s, 'mug', '2');
		const soldBefore = soldMugs();
		const cancelled = await s.post(`${payPath}?/cancel`, {});
		const order = orderOfSession(sessionId);
		expect(order.status).toBe('cancelled');
		expect(
			count('select count(*) from cart_reservations where cart_id = ?', `order:${order.id}`)
		).toBe(0);
		expect(soldMugs()).toBe(soldBefore);
		const back = await s.get(cancelled.headers.get('location')!);
		expect(back.headers.get('location')).toMatch(/\/en\/shop\/cart\?cancelled=true$/);
		const cart = await (await s.get('/en/shop/cart?cancelled=true')).text();
		expect(cart).toContain('The payment was cancelled and nothing was charged.');
		expect(mailsTo(order.id)).toBe(0);
	});

	it('a decided session cannot be decided again', async () => {
		const s = shopper(server.url);
		const { payPath } = await checkOut(s);
		await s.post(`${payPath}?/approve`, {});
		const again = await s.post(`${payPath}?/cancel`, {});
		expect(again.status).toBe(409);
		expect(await again.text()).toContain('This payment has already been decided.');
	});

	it('the simulator page of an unknown session is 404', async () => {
		expect((await fetch(`${server.url}/dev/pay/sim_nope`)).status).toBe(404);
	});
});

describe('checkout refuses bad input with a message and writes nothing', () => {
	const orders = () => count('select count(*) from orders');

	async function withMugInCart() {
		const s = shopper(server.url);
		await s.post('/en/shop/mug', { quantity: '1' });
		return { s, total: await shownTotal(s) };
	}

	for (const [name, change, text] of [
		['no terms', { terms: '' }, 'You must accept the terms of sale.'],
		['a bad e-mail', { email: 'kari@' }, 'Enter a valid e-mail address.'],
		['a bad phone', { phone: '12ab' }, 'Enter a mobile number of 8 to 15 digits.'],
		['no name', { name: ' ' }, 'Enter your name (2 to 100 characters).']
	] as const) {
		it(`${name}: 400`, async () => {
			const { s, total } = await withMugInCart();
			const before = orders();
			const body: Record<string, string> = { ...BUYER, expectedTotalOre: total, ...change };
			if (body.terms === '') delete body.terms;
			const res = await s.post('/en/shop/checkout', body);
			expect(res.status).toBe(400);
			expect(await res.text()).toContain(text);
			expect(orders()).toBe(before);
		});
	}

	it('a tampered total: 409, the cart changed message, and the reservation stays in the cart', async () => {
		const { s, total } = await withMugInCart();
		const before = orders();
		for (const tampered of ['1', String(Number(total) - 1)]) {
			const res = await s.post('/en/shop/checkout', { ...BUYER, expectedTotalOre: tampered });
			expect(res.status).toBe(409);
			expect(await res.text()).toContain('Your cart changed while you were checking out');
		}
		const garbage = await s.post('/en/shop/checkout', { ...BUYER, expectedTotalOre: 'lots' });
		expect(garbage.status).toBe(400);
		expect(orders()).toBe(before);
		const cart = await (await s.get('/en/shop/cart')).text();
		expect(cart.match(/data-testid="cart-line"/g)).toHaveLength(1);
	});

	it('an expired reservation: 409 with the expired message', async () => {
		const { s, total } = await withMugInCart();
		const before = orders();
		withDb(server.dbFile, (db) =>
			db
				.prepare(
					'update cart_reservations set expires_at = ? where cart_id = (select user_id from sessions order by created_at desc limit 1)'
				)
				.run(new Date(Date.now() - 1000).toISOString())
		);
		const res = await s.post('/en/shop/checkout', { ...BUYER, expectedTotalOre: total });
		expect(res.status).toBe(409);
		expect(await res.text()).toContain('The reservation of your items ran out.');
		expect(orders()).toBe(before);
	});

	it('an empty cart, or no session at all: 409 with the empty message', async () => {
		const before = orders();
		for (const s of [
			shopper(server.url),
			shopper(server.url, createSession(server.dbFile).cookie)
		]) {
			const res = await s.post('/no/shop/checkout', { ...BUYER, expectedTotalOre: '0' });
			expect(res.status).toBe(409);
			expect(await res.text()).toContain('Handlekurven er tom.');
		}
		expect(orders()).toBe(before);
	});

	it('the checkout page of an empty cart says so', async () => {
		const html = await (await fetch(`${server.url}/en/shop/checkout`)).text();
		expect(html).toContain('Your cart is empty, so there is nothing to pay for.');
	});
});

describe('member prices', () => {
	it('a member pays the member price, copied into the order line', async () => {
		const member = createSession(server.dbFile, { name: 'Mia Medlem', email: 'mia@example.org' });
		const now = Date.now();
		withDb(server.dbFile, (db) => {
			db.prepare(
				`insert into orders (id, user_id, status, provider, total_ore, buyer_name, buyer_email, buyer_phone, created_at, updated_at)
				 values ('membership-order', ?, 'paid', 'simulator', 35000, 'Mia', 'mia@example.org', '12345678', ?, ?)`
			).run(member.userId, new Date(now).toISOString(), new Date(now).toISOString());
			db.prepare(
				`insert into memberships (id, user_id, order_id, product_id, starts_at, ends_at, created_at)
				 values ('m1', ?, 'membership-order', 'membership-semester-student', ?, ?, ?)`
			).run(
				member.userId,
				new Date(now - 86_400_000).toISOString(),
				new Date(now + 86_400_000).toISOString(),
				new Date(now).toISOString()
			);
		});
		const s = shopper(server.url, member.cookie);
		await s.post('/en/shop/julebord-ticket', { quantity: '1' });
		const page = await (await s.get('/en/shop/checkout')).text();
		expect(page).toContain('Member price applied');
		const { sessionId } = await (async () => {
			const res = await s.post('/en/shop/checkout', { ...BUYER, expectedTotalOre: '25000' });
			expect(res.status).toBe(303);
			return { sessionId: res.headers.get('location')!.slice('/dev/pay/'.length) };
		})();
		const order = orderOfSession(sessionId);
		expect(order.total_ore).toBe(25_000);
		expect(one('select unit_price_ore from order_lines where order_id = ?', order.id)).toEqual({
			unit_price_ore: 25_000
		});
	});
});

describe('the order page', () => {
	it('is only for its owner: another user, no session and an unknown id get 404', async () => {
		const s = shopper(server.url);
		const { sessionId } = await checkOut(s);
		const order = orderOfSession(sessionId);
		expect((await s.get(`/en/shop/order/${order.id}`)).status).toBe(200);
		const other = shopper(server.url, createSession(server.dbFile).cookie);
		expect((await other.get(`/en/shop/order/${order.id}`)).status).toBe(404);
		expect((await fetch(`${server.url}/en/shop/order/${order.id}`)).status).toBe(404);
		expect((await s.get('/en/shop/order/not-an-order')).status).toBe(404);
	});

	it('a pending order says it waits for the payment', async () => {
		const s = shopper(server.url);
		const { sessionId } = await checkOut(s);
		const html = await (await s.get(`/no/shop/order/${orderOfSession(sessionId).id}`)).text();
		expect(html).toContain('Venter på betaling');
	});
});

describe('callbacks: exactly once under duplicates, lateness and disorder', () => {
	it('the same AUTHORIZED callback 50 times at once: one transition, one stock commit, one e-mail', async () => {
		const s = shopper(server.url);
		const { sessionId } = await checkOut(s, 'mug', '2');
		const order = orderOfSession(sessionId);
		const soldBefore = soldMugs();
		withDb(server.dbFile, (db) =>
			db.prepare("update payment_sessions set state = 'AUTHORIZED' where id = ?").run(sessionId)
		);
		const responses = await Promise.all(Array.from({ length: 50 }, () => callback(sessionId)));
		expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
		const bodies = (await Promise.all(responses.map((r) => r.json()))) as { message: string }[];
		expect(bodies.filter((b) => b.message === 'Order updated')).toHaveLength(1);
		expect(orderOfSession(sessionId).status).toBe('paid');
		expect(eventsOf(order.id).map((e) => e.to_status)).toEqual(['pending', 'authorized', 'paid']);
		expect(soldMugs() - soldBefore).toBe(2);
		expect(
			count('select count(*) from cart_reservations where cart_id = ?', `order:${order.id}`)
		).toBe(0);
		expect(mailsTo(order.id)).toBe(1);
	});

	it('the simulator hook sends 50 identical callbacks at once: the same single outcome', async () => {
		const s = shopper(server.url);
		const { payPath, sessionId } = await checkOut(s);
		await s.post(`${payPath}?/approve`, { copies: '50' });
		const order = orderOfSession(sessionId);
		expect(eventsOf(order.id).map((e) => e.to_status)).toEqual(['pending', 'authorized', 'paid']);
		expect(mailsTo(order.id)).toBe(1);
	});

	for (const then of ['CREATED', 'EXPIRED', 'ABORTED', 'TERMINATED']) {
		it(`out of order: ${then} reported after the payment leaves the order paid`, async () => {
			const s = shopper(server.url);
			const { payPath, sessionId } = await checkOut(s);
			const res = await s.post(`${payPath}?/approve`, { then });
			expect(res.status).toBe(303);
			const order = orderOfSession(sessionId);
			expect(order.status).toBe('paid');
			expect(eventsOf(order.id)).toHaveLength(3);
		});
	}

	it('late: the buyer is back before the callback; the return route asks the provider, the callback then changes nothing', async () => {
		const s = shopper(server.url);
		const { payPath, sessionId } = await checkOut(s);
		const res = await s.post(`${payPath}?/approve`, { delayMs: '700' });
		const order = orderOfSession(sessionId);
		expect(order.status).toBe('pending');
		const back = await s.get(res.headers.get('location')!);
		expect(back.headers.get('location')).toMatch(/\?success=true$/);
		expect(orderOfSession(sessionId).status).toBe('paid');
		expect(eventsOf(order.id).map((e) => e.actor)).toEqual([
			`checkout:${order.user_id}`,
			`return:${order.user_id}`,
			`return:${order.user_id}`
		]);
		await new Promise((r) => setTimeout(r, 1500));
		expect(eventsOf(order.id)).toHaveLength(3);
		expect(mailsTo(order.id)).toBe(1);
	});

	it('a callback with the wrong token changes nothing', async () => {
		const s = shopper(server.url);
		const { sessionId } = await checkOut(s);
		withDb(server.dbFile, (db) =>
			db.prepare("update payment_sessions set state = 'AUTHORIZED' where id = ?").run(sessionId)
		);
		expect((await callback(sessionId, 'not-the-token-at-all')).status).toBe(401);
		expect(orderOfSession(sessionId).status).toBe('pending');
	});
});

describe('simulator switched off (production mode, not enabled)', () => {
	it('the hosted page is 404 and checkout says payment is unavailable, writing nothing', async () => {
		const prod = await startServer({ NODE_ENV: 'production', RATE_LIMIT_ANONYMOUS: '1000/60' });
		try {
			const s = shopper(prod.url);
			await s.post('/en/shop/mug', { quantity: '1' });
			const res = await s.post('/en/shop/checkout', {
				...BUYER,
				expectedTotalOre: await shownTotal(s)
			});
			expect(res.status).toBe(503);
			expect(await res.text()).toContain('Online payment is not available right now.');
			expect(
				withDb(prod.dbFile, (db) => db.prepare('select count(*) as n from orders').get())
			).toEqual({ n: 0 });
			expect((await fetch(`${prod.url}/dev/pay/sim_x`)).status).toBe(404);
		} finally {
			await prod.stop();
		}
	});
});

describe('npm start out of the box', () => {
	it('scripts/start.js turns the simulator on, so the buy flow works with nothing configured', async () => {
		// The build under test is the current one; start.js must not rebuild it under the other tests.
		const now = new Date();
		utimesSync('build/handler.js', now, now);
		const started = await startServer({ NODE_ENV: 'production' }, 'scripts/start.js');
		try {
			const s = shopper(started.url);
			const { payPath } = await checkOut(s);
			expect((await s.get(payPath)).status).toBe(200);
			expect(started.output()).toContain('payment simulator enabled');
		} finally {
			await started.stop();
		}
	});
});
