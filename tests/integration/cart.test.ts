// Adding to the cart, as a browser without JavaScript does it: form posts over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSetCookie, withDb } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer({ RATE_LIMIT_ANONYMOUS: '10000/60' });
});
afterAll(() => server?.stop());

function post(path: string, body: Record<string, string>, cookie?: string) {
	return fetch(server.url + path, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			accept: 'text/html',
			origin: server.url,
			'content-type': 'application/x-www-form-urlencoded',
			...(cookie ? { cookie } : {})
		},
		body: new URLSearchParams(body)
	});
}

const sessionCookie = (res: Response) => {
	const raw = res.headers.getSetCookie().find((c) => c.startsWith('session='));
	return raw ? `session=${parseSetCookie(raw).value}` : undefined;
};
const reservations = (productId: string) =>
	withDb(server.dbFile, (db) =>
		db
			.prepare('select cart_id, quantity, expires_at from cart_reservations where product_id = ?')
			.all(productId)
	) as { cart_id: string; quantity: number; expires_at: string }[];
const setStock = (productId: string, stock: number | null, maxPerOrder: number | null) =>
	withDb(server.dbFile, (db) =>
		db
			.prepare('update products set stock = ?, max_per_order = ? where id = ?')
			.run(stock, maxPerOrder, productId)
	);

describe('add to cart without JavaScript', () => {
	it('starts an anonymous session, reserves for 15 minutes and shows the line in the cart', async () => {
		const before = Date.now();
		const res = await post('/en/shop/hoodie', { quantity: '2' });
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/en/shop/cart?added=hoodie');
		const cookie = sessionCookie(res);
		expect(cookie).toBeDefined();
		const [row] = reservations('prod-hoodie');
		expect(row?.quantity).toBe(2);
		const ttl = Date.parse(row!.expires_at) - before;
		expect(ttl).toBeGreaterThan(14.9 * 60_000);
		expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 1000);

		const html = await (
			await fetch(server.url + '/en/shop/cart?added=hoodie', { headers: { cookie: cookie! } })
		).text();
		expect(html).toContain('The item is in your cart.');
		expect(html.match(/data-testid="cart-line"/g)).toHaveLength(1);
		expect(html).toMatch(/data-testid="cart-total">NOK\s998</);
	});

	it('adding the same product again raises the line and renews its reservation', async () => {
		const first = await post('/no/shop/mug', { quantity: '1' });
		const cookie = sessionCookie(first)!;
		await post('/no/shop/mug', { quantity: '2' }, cookie);
		const html = await (await fetch(server.url + '/no/shop/cart', { headers: { cookie } })).text();
		expect(html.match(/data-testid="cart-line"/g)).toHaveLength(1);
		expect(html).toMatch(/value="3"/);
	});

	for (const quantity of ['abc', '0', '-1', '1.5', '100', '']) {
		it(`quantity "${quantity}" is refused with a clear message and nothing reserved`, async () => {
			const before = reservations('prod-sticker').length;
			const res = await post('/en/shop/sticker', { quantity });
			if (quantity === '') {
				// An empty field means the default of one.
				expect(res.status).toBe(303);
				return;
			}
			expect(res.status).toBe(400);
			expect(await res.text()).toContain('The quantity must be a whole number from 1 to 99.');
			expect(reservations('prod-sticker').length).toBe(before);
		});
	}

	it('more than the per-order limit: 409 with the limit message', async () => {
		setStock('prod-julebord', 120, 2);
		const res = await post('/no/shop/julebord-ticket', { quantity: '3' });
		expect(res.status).toBe(409);
		expect(await res.text()).toContain('Du kan ikke kjøpe flere av denne varen i én bestilling.');
	});

	it('a product that does not exist: 404', async () => {
		expect((await post('/en/shop/no-such-thing', { quantity: '1' })).status).toBe(404);
	});
});

describe('stock under contention', () => {
	it('200 simultaneous buyers of 10 units: exactly 10 get a reservation, the rest are told the last ones are in other carts', async () => {
		setStock('prod-mug', 10, null);
		withDb(server.dbFile, (db) =>
			db.prepare("delete from cart_reservations where product_id = 'prod-mug'").run()
		);
		// Each answer is read as it comes: one left unread while the others arrive could be cut
		// by the server's idle timeout on a loaded machine.
		const responses = await Promise.all(
			Array.from({ length: 200 }, async () => {
				const res = await post('/en/shop/mug', { quantity: '1' });
				return { status: res.status, text: await res.text() };
			})
		);
		const statuses = responses.map((r) => r.status);
		expect(statuses.filter((s) => s === 303)).toHaveLength(10);
		expect(statuses.filter((s) => s === 409)).toHaveLength(190);
		const rows = reservations('prod-mug');
		expect(rows).toHaveLength(10);
		expect(new Set(rows.map((r) => r.cart_id)).size).toBe(10);
		const refused = responses.find((r) => r.status === 409)!.text;
		expect(refused).toContain(
			'The last ones are reserved in other carts. They may be available again at'
		);
	});

	it('after expiry the stock is available again without any cleanup', async () => {
		const page = async () => await (await fetch(server.url + '/en/shop/mug')).text();
		expect(await page()).toContain('Reserved in carts – may be available again at');
		withDb(server.dbFile, (db) =>
			db
				.prepare("update cart_reservations set expires_at = ? where product_id = 'prod-mug'")
				.run(new Date(Date.now() - 1000).toISOString())
		);
		expect(await page()).not.toContain('Reserved in carts');
		expect((await post('/en/shop/mug', { quantity: '10' })).status).toBe(303);
	});
});

describe('the cart page', () => {
	it('changing a line to more than is left keeps the old reservation', async () => {
		setStock('prod-julebord', 3, null);
		const res = await post('/en/shop/julebord-ticket', { quantity: '2' });
		const cookie = sessionCookie(res)!;
		const update = await post(
			'/en/shop/cart?/update',
			{ productId: 'prod-julebord', quantity: '5' },
			cookie
		);
		expect(update.status).toBe(409);
		expect(await update.text()).toContain('There are not enough of this item left.');
		const mine = reservations('prod-julebord').filter((r) => r.quantity === 2);
		expect(mine).toHaveLength(1);
		expect(
			(await post('/en/shop/cart?/update', { productId: 'prod-julebord', quantity: '3' }, cookie))
				.status
		).toBe(200);
	});

	it('remove empties the line', async () => {
		const res = await post('/en/shop/sticker', { quantity: '4' });
		const cookie = sessionCookie(res)!;
		await post('/en/shop/cart?/remove', { productId: 'prod-sticker' }, cookie);
		const html = await (await fetch(server.url + '/en/shop/cart', { headers: { cookie } })).text();
		expect(html).toContain('Your cart is empty.');
	});

	it('a malformed line form is a 400, not a 500', async () => {
		const res = await post('/en/shop/sticker', { quantity: '1' });
		const cookie = sessionCookie(res)!;
		const bodies: Record<string, string>[] = [
			{},
			{ productId: 'prod-sticker', quantity: 'many' },
			{ productId: '', quantity: '1' }
		];
		for (const body of bodies) {
			expect((await post('/en/shop/cart?/update', body, cookie)).status).toBe(400);
		}
		expect((await post('/en/shop/cart?/remove', { productId: 'prod-sticker' })).status).toBe(400);
	});

	it('shows the messages of the checkout return in both languages', async () => {
		const no = await (await fetch(server.url + '/no/shop/cart?cancelled=true')).text();
		expect(no).toContain('Betalingen ble avbrutt, og ingenting er trukket.');
		const en = await (await fetch(server.url + '/en/shop/cart?error=payment_failed')).text();
		expect(en).toContain('The payment did not go through and nothing was charged.');
	});
});
