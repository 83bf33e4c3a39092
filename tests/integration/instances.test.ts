// Two instances of the built server on two ports sharing one PostgreSQL database, as behind a
// load balancer: every request of a burst goes to one or the other in turn. What one instance
// does must hold for both: stock, payment callbacks, scheduled jobs, rate limits, cached pages.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../src/lib/server/db';
import { pgTypes } from '../../src/lib/server/db/postgres';
import { createPgDatabase } from '../../src/lib/server/db/test-db';
import { hashSecret } from '../../src/lib/server/identity';
import { eventForm } from '../helpers/event-form';
import { mainText } from '../helpers/http';
import { Browser } from '../helpers/identity';
import { startFakeVipps, vippsEnv, type FakeVipps } from '../helpers/fake-vipps';
import { startServer, type TestServer } from '../helpers/server';
import { BUYER, checkOut, shopper, shownTotal } from '../helpers/shop';

const TOKEN = 'instances-callback-token-0001';
let fake: FakeVipps;
let drop: () => Promise<void>;
let sql: pg.Pool;
let servers: TestServer[] = [];

beforeAll(async () => {
	fake = await startFakeVipps();
	const database = await createPgDatabase(false);
	drop = database.drop;
	sql = new pg.Pool({ connectionString: database.url, max: 2, types: pgTypes });
	const env = {
		DATABASE_URL: database.url,
		LOG_LEVEL: 'info',
		CRON_ENABLED: 'true',
		...vippsEnv(fake, TOKEN),
		PUBLIC_ORIGIN: 'http://127.0.0.1:1',
		ADMIN_EMAILS: 'admin@example.org',
		RATE_LIMIT_ANONYMOUS: '1000/60',
		RATE_LIMIT_PUBLIC: '7/60',
		// Long enough that a page kept on one instance could not simply have expired by itself.
		PAGE_CACHE_SECONDS: '120'
	};
	// Both at once, on an empty database: one of them migrates and seeds.
	servers = await Promise.all([startServer(env), startServer(env)]);
}, 60_000);

afterAll(async () => {
	await Promise.all(servers.map((s) => s.stop()));
	await sql?.end();
	await drop?.();
	await fake?.close();
});

/** The i-th request of a burst goes to instance i mod 2. */
const instance = (i: number) => servers[i % 2]!;

const rows = async <R>(text: string, values: unknown[] = []) =>
	(await sql.query(text, values)).rows as R[];

async function setStock(productId: string, stock: number) {
	await sql.query('delete from cart_reservations where product_id = $1', [productId]);
	await sql.query('update products set stock = $2, max_per_order = null where id = $1', [
		productId,
		stock
	]);
}

/** A verified account with a session, written into the shared database; its cookie's value. */
async function signedInAs(email: string): Promise<string> {
	const at = new Date().toISOString();
	const userId = randomUUID();
	const secret = randomBytes(32).toString('base64url');
	await sql.query(
		'insert into users (id, email, name, is_anonymous, created_at, email_verified_at) values ($1, $2, $3, 0, $4, $4)',
		[userId, email, email.split('@')[0], at]
	);
	await sql.query(
		'insert into sessions (id, user_id, secret_hash, created_at, expires_at) values ($1, $2, $3, $4, $5)',
		[randomUUID(), userId, hashSecret(secret), at, new Date(Date.now() + 86_400_000).toISOString()]
	);
	return secret;
}

async function eventually(check: () => Promise<boolean>, ms = 5000) {
	const until = Date.now() + ms;
	while (Date.now() < until) {
		if (await check()) return true;
		await new Promise((r) => setTimeout(r, 50));
	}
	return check();
}

const logLines = (server: TestServer) =>
	server
		.output()
		.split('\n')
		.filter((l) => l.startsWith('{'))
		.map((l) => JSON.parse(l) as { msg: string; job?: string; migrations?: string[] });

describe('two instances on one PostgreSQL', () => {
	it('started at once on an empty database: one migrates and seeds, the other finds it done', () => {
		const ready = servers.flatMap((s) => logLines(s).filter((l) => l.msg === 'database ready'));
		expect(ready).toHaveLength(2);
		expect(ready.map((l) => l.migrations!.length).sort()).toEqual([0, MIGRATION_NAMES.length]);
	});

	it('the cleanup and reconciliation jobs, started on both at once, run once', async () => {
		const runs = (job: string, msg: string) =>
			servers.flatMap((s) => logLines(s).filter((l) => l.job === job && l.msg === msg)).length;
		const settled = () =>
			Promise.resolve(
				['cleanup', 'reconcile-payments'].every(
					(job) =>
						runs(job, 'job done') + runs(job, 'job skipped: another instance holds its lease') === 2
				)
			);
		expect(await eventually(settled, 10_000)).toBe(true);
		for (const job of ['cleanup', 'reconcile-payments']) {
			expect(runs(job, 'job done')).toBe(1);
			expect(runs(job, 'job skipped: another instance holds its lease')).toBe(1);
		}
		const leases = await rows<{ name: string }>('select name from job_leases order by name');
		expect(leases.map((l) => l.name)).toEqual(['cleanup', 'reconcile-payments']);
	});

	it('200 simultaneous add-to-cart requests over both for 10 units: exactly 10 reservations', async () => {
		await setStock('prod-mug', 10);
		const responses = await Promise.all(
			Array.from({ length: 200 }, (_, i) =>
				shopper(instance(i).url).post('/en/shop/mug', { quantity: '1' })
			)
		);
		const statuses = responses.map((r) => r.status);
		expect(statuses.filter((s) => s === 303)).toHaveLength(10);
		expect(statuses.filter((s) => s === 409)).toHaveLength(190);
		const held = await rows<{ cart_id: string }>(
			"select cart_id from cart_reservations where product_id = 'prod-mug'"
		);
		expect(held).toHaveLength(10);
		expect(new Set(held.map((r) => r.cart_id)).size).toBe(10);
	});

	it('50 duplicate AUTHORIZED callbacks over both: one transition, one stock commit, one e-mail', async () => {
		await setStock('prod-mug', 10);
		const buyer = shopper(instance(0).url);
		expect((await buyer.post('/en/shop/mug', { quantity: '2' })).status).toBe(303);
		const placed = await buyer.post('/en/shop/checkout', {
			...BUYER,
			expectedTotalOre: await shownTotal(buyer)
		});
		expect(placed.status).toBe(303);
		const orderId = [...fake.sessions.keys()].at(-1)!;
		fake.setState(orderId, 'AUTHORIZED');

		const responses = await Promise.all(
			Array.from({ length: 50 }, (_, i) => fake.sendCallback(orderId, instance(i).url))
		);
		expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));

		const transitions = await rows<{ from_status: string; to_status: string }>(
			'select from_status, to_status from order_events where order_id = $1 order by at',
			[orderId]
		);
		expect(transitions.filter((t) => t.to_status === 'authorized')).toHaveLength(1);
		expect(transitions.filter((t) => t.to_status === 'paid')).toHaveLength(1);
		const [order] = await rows<{ status: string }>('select status from orders where id = $1', [
			orderId
		]);
		expect(order!.status).toBe('paid');
		const captures = fake.requests.filter(
			(r) => r.path === `/epayment/v1/payments/${orderId}/capture`
		);
		expect(captures).toHaveLength(1);
		// Stock: the order's two mugs count once as sold and are no longer held as a reservation.
		const [stock] = await rows<{ sold: number; held: number }>(
			`select
			   (select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
			    where l.product_id = 'prod-mug' and o.status in ('authorized', 'paid')) as sold,
			   (select coalesce(sum(quantity), 0) from cart_reservations
			    where product_id = 'prod-mug' and expires_at >= now()) as held`
		);
		expect(stock).toEqual({ sold: 2, held: 0 });
		const mails = await rows<{ n: number }>(
			"select count(*) as n from mail_outbox where kind = 'order-confirmation' and text_body like $1",
			[`%${orderId}%`]
		);
		expect(mails[0]!.n).toBe(1);
	});

	it('the rate limit holds across instances: the client gets its 7 requests in all, not 7 on each', async () => {
		const statuses = [];
		for (let i = 0; i < 10; i++) {
			statuses.push((await fetch(`${instance(i).url}/api/auth/check`)).status);
		}
		expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 429, 429, 429]);
	});

	it('a page kept by one instance is dropped when the other changes what it shows', async () => {
		await setStock('prod-hoodie', 1);
		const [a, b] = servers as [TestServer, TestServer];
		const page = async () => (await fetch(`${b.url}/en/shop/hoodie`)).text();
		expect(await page()).not.toMatch(/Sold out|Reserved in carts/);
		expect(await page()).not.toMatch(/Sold out|Reserved in carts/); // now kept by b
		expect((await shopper(a.url).post('/en/shop/hoodie', { quantity: '1' })).status).toBe(303);
		// The last one is now held in a's cart: b's page says so instead of keeping "in stock".
		expect(await eventually(async () => (await page()).includes('Reserved in carts'), 3000)).toBe(
			true
		);
	});
});

describe("a signed-in member's page on two instances", () => {
	it('shows an event published on the other instance, though its public data is kept', async () => {
		const [a, b] = servers as [TestServer, TestServer];
		const member = await signedInAs('member@example.org');
		const day = `${b.url}/en/events?from=2027-01-15&to=2027-01-15`;
		const list = async () =>
			mainText(await (await fetch(day, { headers: { cookie: `session=${member}` } })).text());
		expect(await list()).not.toContain('Winter ball');
		expect(await list()).not.toContain('Winter ball'); // now kept by b
		const admin = new Browser(a.url);
		admin.setCookie('session', await signedInAs('admin@example.org'));
		const created = await admin.post('/en/admin/content/events/new?/save', eventForm());
		expect(created.status).toBe(303);
		expect(await eventually(async () => (await list()).includes('Winter ball'), 3000)).toBe(true);
	});
});

describe('the payment simulator on two instances, no callback token configured', () => {
	it('its callback, sent through the public address to the other instance, is accepted', async () => {
		const database = await createPgDatabase();
		const base = {
			DATABASE_URL: database.url,
			PAYMENT_SIMULATOR_ENABLED: 'true',
			RATE_LIMIT_ANONYMOUS: '1000/60'
		};
		const other = await startServer(base);
		// The buyer's instance sends callbacks to the public address, which is the other one here.
		const buyers = await startServer({ ...base, PUBLIC_ORIGIN: other.url });
		try {
			const s = shopper(buyers.url);
			const { payPath, sessionId } = await checkOut(s, 'mug', '1');
			const approved = await s.post(`${payPath}?/approve`, {});
			expect(approved.status).toBe(303);
			const db = new pg.Pool({ connectionString: database.url, max: 1 });
			const { rows: orders } = await db.query(
				'select status from orders where provider_session_id = $1',
				[sessionId]
			);
			await db.end();
			expect(orders).toEqual([{ status: 'paid' }]);
			expect(buyers.output() + other.output()).not.toContain('simulator callback refused');
		} finally {
			await Promise.all([other.stop(), buyers.stop()]);
			await database.drop();
		}
	});
});
