// Spec: the deprecated webhook, campus leadership, the error convention for rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../helpers/fixtures';
import { teamMember } from '../helpers/identity';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer({ RATE_LIMIT_PUBLIC: '1000/60' });
	// The leadership is the team roles': two leaders in Oslo (one with a public title), finance
	// (not a leader), one leader in Bergen.
	const title = { no: 'Campusleder', en: 'Campus leader' };
	const file = server.dbFile;
	teamMember(file, { name: 'Ingrid Solberg', unitId: 'board-oslo', role: 'leader', title });
	teamMember(file, { name: 'Jonas Berg', unitId: 'board-oslo', role: 'finance' });
	teamMember(file, { name: 'Petter Fest', unitId: 'events-oslo', role: 'leader' });
	teamMember(file, { name: 'Sara Haugen', unitId: 'sport-bergen', role: 'leader' });
});
afterAll(() => server?.stop());

describe('deprecated webhook', () => {
	for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
		it(`any call (${method}): 410 with a body that names the replacement`, async () => {
			const res = await fetch(server.url + '/api/checkout/webhook', {
				method,
				headers: { 'content-type': 'application/json' },
				body: method === 'GET' ? undefined : '{"sessionId":"x"}'
			});
			expect(res.status).toBe(410);
			expect(await res.json()).toEqual({
				error: 'Gone',
				code: 'deprecated',
				details: { replacement: '/api/payment/simulator/callback' }
			});
		});
	}
});

describe('GET /api/campus-leadership', () => {
	const leadership = (query = '', headers: Record<string, string> = {}) =>
		fetch(server.url + '/api/campus-leadership' + query, { headers });

	it('returns the leaders and their roles per campus in the requested locale', async () => {
		const res = await leadership('?lang=en');
		expect(res.status).toBe(200);
		const body = await res.json();
		expect(body.locale).toBe('en');
		expect(body.campuses.map((c: { id: string }) => c.id)).toEqual(['oslo', 'bergen', 'trondheim']);
		expect(body.campuses[0].leaders).toEqual([
			{
				name: 'Ingrid Solberg',
				role: 'Campus leader',
				unit: { id: 'board-oslo', name: 'Oslo Board' }
			},
			{ name: 'Petter Fest', role: 'Leader', unit: { id: 'events-oslo', name: 'Events Committee' } }
		]);
		const norwegian = await (await leadership('?lang=no')).json();
		expect(norwegian.campuses[0].leaders[0].role).toBe('Campusleder');
	});

	it('without lang, follows the request locale (Accept-Language)', async () => {
		const body = await (await leadership('', { 'accept-language': 'en-US' })).json();
		expect(body.locale).toBe('en');
		expect(body.campuses[0].leaders[1].role).toBe('Leader');
	});

	it('filters by campus', async () => {
		const body = await (await leadership('?campus=bergen&lang=en')).json();
		expect(body.campuses).toHaveLength(1);
		expect(body.campuses[0]).toMatchObject({ id: 'bergen', name: 'Bergen' });
		expect(body.campuses[0].leaders.map((l: { name: string }) => l.name)).toEqual(['Sara Haugen']);
	});

	it('an unknown campus: 400 { error: "Validation failed", details: [zod issues] }', async () => {
		const res = await leadership('?campus=mars');
		expect(res.status).toBe(400);
		const body = await res.json();
		expect(body.error).toBe('Validation failed');
		expect(body.details[0].path).toEqual(['campus']);
	});

	it('malformed parameters: 400, never 500', async () => {
		for (const query of [
			'?lang=de',
			'?campus=' + 'x'.repeat(5000),
			'?campus=%00',
			'?campus=Oslo%20;drop'
		]) {
			const res = await leadership(query);
			expect(res.status, query).toBe(400);
			expect((await res.json()).error).toBe('Validation failed');
		}
	});

	it('is cacheable: Cache-Control and ETag, and a repeated request with If-None-Match answers 304', async () => {
		const first = await leadership('?lang=en');
		const etag = first.headers.get('etag');
		expect(etag).toMatch(/^"[^"]+"$/);
		expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
		const again = await leadership('?lang=en', { 'if-none-match': etag! });
		expect(again.status).toBe(304);
		expect(await again.text()).toBe('');
		const other = await leadership('?lang=no', { 'if-none-match': etag! });
		expect(other.status).toBe(200);
	});

	it('is kept while nothing changes, and a change made by another process shows at once', async () => {
		const s = await startServer({ LEADERSHIP_CACHE_SECONDS: '600' });
		try {
			const sara = teamMember(s.dbFile, {
				name: 'Sara Haugen',
				unitId: 'sport-bergen',
				role: 'leader'
			});
			const bergen = () => fetch(s.url + '/api/campus-leadership?campus=bergen&lang=en');
			const before = await bergen();
			const etag = before.headers.get('etag')!;
			expect((await bergen()).headers.get('etag')).toBe(etag);
			// A script on the same database file (not this server) renames her.
			withDb(s.dbFile, (db) =>
				db.prepare("update users set name = 'Sara H. Haugen' where id = ?").run(sara)
			);
			const fresh = await bergen();
			expect(fresh.headers.get('etag')).not.toBe(etag);
			expect((await fresh.json()).campuses[0].leaders[0].name).toBe('Sara H. Haugen');
		} finally {
			await s.stop();
		}
	});
});

describe('rate limiting', () => {
	it('over the limit: 429 { error: "Too many requests" } with Retry-After, per client address, and it resets', async () => {
		const s = await startServer({ RATE_LIMIT_ANONYMOUS: '2/2', TRUST_PROXY: 'true' });
		try {
			const post = (ip: string) =>
				fetch(s.url + '/api/auth/anonymous', {
					method: 'POST',
					headers: { 'x-forwarded-for': `${ip}, 10.0.0.1` }
				});
			expect((await post('203.0.113.1')).status).toBe(200);
			expect((await post('203.0.113.1')).status).toBe(200);
			const limited = await post('203.0.113.1');
			expect(limited.status).toBe(429);
			expect(await limited.json()).toEqual({ error: 'Too many requests' });
			const retryAfter = Number(limited.headers.get('retry-after'));
			expect(retryAfter).toBeGreaterThanOrEqual(1);
			expect(retryAfter).toBeLessThanOrEqual(2);
			// another client address is counted on its own
			expect((await post('203.0.113.2')).status).toBe(200);
			await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
			expect((await post('203.0.113.1')).status).toBe(200);
		} finally {
			await s.stop();
		}
	});

	it('without a trusted proxy, a forged x-forwarded-for does not escape the limit', async () => {
		const s = await startServer({ RATE_LIMIT_PUBLIC: '2/60' });
		try {
			const statuses = [];
			for (let i = 0; i < 3; i++) {
				const res = await fetch(s.url + '/api/auth/check', {
					headers: { 'x-forwarded-for': `198.51.100.${i}` }
				});
				statuses.push(res.status);
			}
			expect(statuses).toEqual([200, 200, 429]);
		} finally {
			await s.stop();
		}
	});

	it('health is not rate limited', async () => {
		const s = await startServer({ RATE_LIMIT_PUBLIC: '1/60', RATE_LIMIT_ANONYMOUS: '1/60' });
		try {
			const statuses = await Promise.all(
				Array.from({ length: 5 }, () => fetch(s.url + '/api/health').then((r) => r.status))
			);
			expect(statuses).toEqual([200, 200, 200, 200, 200]);
		} finally {
			await s.stop();
		}
	});
});
