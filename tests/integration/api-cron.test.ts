// Spec: GET /api/cron/cleanup-reservations (and POST, per the route listing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserve, withDb, withTableGone } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';

const SECRET = 'cron-secret-for-tests-0123456789';
let server: TestServer;

beforeAll(async () => {
	server = await startServer({ CRON_SECRET: SECRET });
});
afterAll(() => server?.stop());

const cron = (query: string, method = 'GET') =>
	fetch(`${server.url}/api/cron/cleanup-reservations${query}`, { method });
const remaining = () =>
	withDb(server.dbFile, (db) =>
		(db.prepare('select id from cart_reservations').all() as { id: string }[]).map((r) => r.id)
	);

describe('cron cleanup', () => {
	it('wrong secret: 401 { error: "Unauthorized" }', async () => {
		const res = await cron(`?secret=${SECRET}x`);
		expect(res.status).toBe(401);
		expect(await res.json()).toEqual({ error: 'Unauthorized' });
	});

	it('missing secret: 401 { error: "Unauthorized" }', async () => {
		for (const query of ['', '?secret=', '?other=1']) {
			const res = await cron(query);
			expect(res.status, query).toBe(401);
			expect(await res.json()).toEqual({ error: 'Unauthorized' });
		}
	});

	it('deletes every reservation whose expires_at is earlier than now: 200 { success: true, deleted }', async () => {
		const expired = [reserve(server.dbFile, -60_000), reserve(server.dbFile, -1)];
		const active = reserve(server.dbFile, 15 * 60_000);
		const res = await cron(`?secret=${SECRET}`);
		expect(res.status).toBe(200);
		expect(await res.json()).toEqual({ success: true, deleted: 2 });
		const left = remaining();
		expect(left).toContain(active);
		for (const id of expired) expect(left).not.toContain(id);
	});

	it('deleted is 0 when nothing has expired', async () => {
		expect(await (await cron(`?secret=${SECRET}`)).json()).toEqual({ success: true, deleted: 0 });
	});

	it('POST does the same as GET', async () => {
		reserve(server.dbFile, -5_000);
		const res = await cron(`?secret=${SECRET}`, 'POST');
		expect(res.status).toBe(200);
		expect(await res.json()).toEqual({ success: true, deleted: 1 });
	});

	it('failure: 500 { success: false, error: "Internal error" }', async () => {
		await withTableGone(server.dbFile, 'cart_reservations', async () => {
			const res = await cron(`?secret=${SECRET}`);
			expect(res.status).toBe(500);
			expect(await res.json()).toEqual({ success: false, error: 'Internal error' });
		});
	});

	it('odd input never answers 500', async () => {
		for (const query of [
			`?secret=${SECRET}&secret=x`,
			'?secret=%ZZ',
			`?secret[]=${SECRET}`,
			'?secret=' + 'a'.repeat(10_000)
		]) {
			const res = await cron(query);
			expect(res.status, query).toBeLessThan(500);
		}
	});
});

describe('cron cleanup without a usable secret configured', () => {
	for (const [label, env] of [
		['unset', {}],
		['shorter than 16 characters', { CRON_SECRET: 'short-secret' }]
	] as const) {
		it(`${label}: every call is 401, even with an empty or the same secret`, async () => {
			const s = await startServer(env);
			try {
				for (const query of ['', '?secret=', '?secret=short-secret']) {
					const res = await fetch(`${s.url}/api/cron/cleanup-reservations${query}`);
					expect(res.status, query).toBe(401);
					expect(await res.json()).toEqual({ error: 'Unauthorized' });
				}
			} finally {
				await s.stop();
			}
		});
	}
});
