// Buying a membership through the shop's checkout, over real HTTP against the built server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, withDb } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';
import { BUYER, shopper, shownTotal } from '../helpers/shop';

let server: TestServer;

beforeAll(async () => {
	server = await startServer({
		PAYMENT_SIMULATOR_ENABLED: 'true',
		RATE_LIMIT_ANONYMOUS: '1000/60'
	});
});
afterAll(() => server?.stop());

const LOGIN = '/en/auth/login?redirectTo=%2Fen%2Fmembership';

describe('/membership', () => {
	it('shows the four plans with prices, and asks a visitor without an account to sign in', async () => {
		const html = await (await fetch(`${server.url}/en/membership`)).text();
		expect(html.match(/data-testid="membership-plan"/g)).toHaveLength(4);
		expect(html).toContain('Membership, full year (student)');
		expect(html).toMatch(/NOK\s350/);
		expect(html).toContain('Sign in to buy a membership.');
		expect(html).toContain(`href="${LOGIN.replace(/&/g, '&amp;')}"`);
		expect(html).not.toContain('name="productId"');
	});

	it('a visitor without an account who posts anyway is sent to sign in, with nothing reserved', async () => {
		const s = shopper(server.url);
		const res = await s.post('/en/membership?/buy', { productId: 'membership-year-student' });
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe(LOGIN);
		const anonymous = shopper(server.url, createSession(server.dbFile, { anonymous: true }).cookie);
		const again = await anonymous.post('/en/membership?/buy', {
			productId: 'membership-year-student'
		});
		expect(again.headers.get('location')).toBe(LOGIN);
		expect(
			withDb(server.dbFile, (db) =>
				db
					.prepare(
						"select count(*) as n from cart_reservations where product_id like 'membership-%'"
					)
					.get()
			)
		).toEqual({ n: 0 });
	});

	it('membership in an anonymous cart: checkout refuses with a sign-in link, nothing written', async () => {
		const s = shopper(server.url);
		expect((await s.post('/en/shop/membership-semester-regular', { quantity: '1' })).status).toBe(
			303
		);
		const page = await (await s.get('/en/shop/checkout')).text();
		expect(page).toContain('A membership belongs to an account.');
		const res = await s.post('/en/shop/checkout', { ...BUYER, expectedTotalOre: '35000' });
		expect(res.status).toBe(403);
		expect(await res.text()).toContain('/en/auth/login?redirectTo=%2Fen%2Fshop%2Fcheckout');
		expect(
			withDb(server.dbFile, (db) => db.prepare('select count(*) as n from orders').get())
		).toEqual({ n: 0 });
	});

	it('is not listed among the goods in the shop', async () => {
		const html = await (await fetch(`${server.url}/en/shop`)).text();
		expect(html).not.toContain('Membership, semester');
	});

	it('an unknown plan is refused', async () => {
		const s = shopper(server.url, createSession(server.dbFile).cookie);
		expect((await s.post('/en/membership?/buy', { productId: 'prod-mug' })).status).toBe(404);
		expect((await s.post('/en/membership?/buy', {})).status).toBe(400);
	});

	it('a paid year membership makes the buyer a member for 12 months, with member prices from then on', async () => {
		const user = createSession(server.dbFile, { name: 'Per', email: 'per@example.org' });
		const s = shopper(server.url, user.cookie);
		const buy = await s.post('/en/membership?/buy', { productId: 'membership-year-student' });
		expect(buy.status).toBe(303);
		expect(buy.headers.get('location')).toBe('/en/shop/checkout');
		const checkout = await s.post('/en/shop/checkout', {
			...BUYER,
			expectedTotalOre: await shownTotal(s)
		});
		expect(checkout.status).toBe(303);
		const pay = checkout.headers.get('location')!;
		const before = Date.now();
		await s.post(`${pay}?/approve`, {});
		const rows = withDb(server.dbFile, (db) =>
			db
				.prepare('select product_id, starts_at, ends_at from memberships where user_id = ?')
				.all(user.userId)
		) as { product_id: string; starts_at: string; ends_at: string }[];
		expect(rows).toHaveLength(1);
		expect(rows[0]!.product_id).toBe('membership-year-student');
		const days = (Date.parse(rows[0]!.ends_at) - before) / 86_400_000;
		expect(days).toBeGreaterThan(364);
		expect(days).toBeLessThan(367);

		const page = await (await s.get('/en/membership')).text();
		expect(page).toContain('You are a member until');

		await s.post('/en/shop/julebord-ticket', { quantity: '1' });
		expect(await shownTotal(s)).toBe('25000');
	});
});
