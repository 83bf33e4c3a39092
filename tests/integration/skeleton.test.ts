// The walking skeleton over real HTTP: health, locales, protected paths, headers, logging,
// configuration errors and a database that survives restarts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerExpectingExit, startServer, type TestServer } from '../helpers/server';

let server: TestServer;
const get = (path: string, headers: Record<string, string> = {}) =>
	fetch(server.url + path, { headers, redirect: 'manual' });

beforeAll(async () => {
	server = await startServer({ LOG_LEVEL: 'info' });
});
afterAll(() => server?.stop());

describe('GET /api/health', () => {
	it('answers 200 { status: "ok", timestamp } with an ISO 8601 time of the response', async () => {
		const before = Date.now();
		const res = await get('/api/health');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toContain('application/json');
		const body = await res.json();
		expect(Object.keys(body).sort()).toEqual(['status', 'timestamp']);
		expect(body.status).toBe('ok');
		expect(body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
		const at = Date.parse(body.timestamp);
		expect(at).toBeGreaterThanOrEqual(before - 1000);
		expect(at).toBeLessThanOrEqual(Date.now() + 1000);
	});

	it('is not redirected to a locale', async () => {
		expect((await get('/api/health', { 'accept-language': 'en' })).status).toBe(200);
	});
});

describe('locales', () => {
	it('serves the home page in Norwegian at /no with seeded content', async () => {
		const res = await get('/no');
		expect(res.status).toBe(200);
		const html = await res.text();
		expect(html).toContain('<html lang="no"');
		expect(html).toContain('Julebord');
		expect(html).toContain('Hettegenser');
		expect(html).toContain('Nytt styre valgt i Oslo');
	});

	it('serves the home page in English at /en with seeded content', async () => {
		const html = await (await get('/en')).text();
		expect(html).toContain('<html lang="en"');
		expect(html).toContain('Christmas party');
		expect(html).toContain('Hoodie');
		expect(html).toContain('New board elected in Oslo');
	});

	it('redirects an unprefixed path to the default locale, keeping the query string', async () => {
		const res = await get('/events?campus=oslo&page=2');
		expect(res.status).toBe(307);
		expect(res.headers.get('location')).toBe('/no/events?campus=oslo&page=2');
	});

	it('follows Accept-Language when there is no cookie', async () => {
		const res = await get('/', { 'accept-language': 'de;q=1, en-GB;q=0.8, nb;q=0.5' });
		expect(res.headers.get('location')).toBe('/en');
	});

	it('prefers the locale cookie over Accept-Language', async () => {
		const res = await get('/shop', { cookie: 'locale=en', 'accept-language': 'nb' });
		expect(res.headers.get('location')).toBe('/en/shop');
	});

	it('remembers the locale of a prefixed page in the cookie', async () => {
		const res = await get('/en', { cookie: 'locale=no' });
		expect(res.headers.get('set-cookie')).toMatch(/locale=en;.*Path=\//);
	});

	it('answers an unknown page with a 404 page in the right language', async () => {
		const res = await get('/en/no-such-page');
		expect(res.status).toBe(404);
		const html = await res.text();
		expect(html).toContain('<html lang="en"');
		expect(html).toContain('Page not found');
	});

	it('links the other locale as hreflang alternates and a canonical URL', async () => {
		const html = await (await get('/en')).text();
		expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/en"/);
		expect(html).toMatch(/<link rel="alternate" hreflang="no" href="[^"]+\/no"/);
		expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="[^"]+\/no"/);
	});
});

describe('protected paths', () => {
	for (const path of ['/no/profile', '/en/profile', '/no/fs', '/en/fs/new', '/no/fs/42']) {
		it(`${path} without a session redirects to the login page with redirectTo`, async () => {
			const res = await get(path);
			expect(res.status).toBe(303);
			const locale = path.slice(1, 3);
			expect(res.headers.get('location')).toBe(
				`/${locale}/auth/login?redirectTo=${encodeURIComponent(path)}`
			);
		});
	}

	it('a forged session cookie is no session', async () => {
		const res = await get('/no/profile', { cookie: 'session=' + 'A'.repeat(43) });
		expect(res.status).toBe(303);
	});
});

describe('security headers', () => {
	it('pages carry a CSP that forbids framing, and the other protective headers', async () => {
		const res = await get('/no');
		const csp = res.headers.get('content-security-policy') ?? '';
		expect(csp).toContain("frame-ancestors 'none'");
		expect(csp).toContain("default-src 'self'");
		expect(res.headers.get('x-content-type-options')).toBe('nosniff');
		expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
	});

	it('API responses carry them too', async () => {
		const res = await get('/api/health');
		expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
		expect(res.headers.get('x-content-type-options')).toBe('nosniff');
	});

	it('echoes a well-formed request id and replaces a malformed one', async () => {
		expect(
			(await get('/api/health', { 'x-request-id': 'abc-123' })).headers.get('x-request-id')
		).toBe('abc-123');
		const replaced = (
			await get('/api/health', { 'x-request-id': 'bad id with spaces' })
		).headers.get('x-request-id');
		expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
	});

	it('static files carry them too, and a page has one CSP, its own', async () => {
		const icon = await get('/favicon.svg');
		expect(icon.status).toBe(200);
		expect(icon.headers.get('x-content-type-options')).toBe('nosniff');
		expect(icon.headers.get('content-security-policy')).toBe(
			"default-src 'none'; frame-ancestors 'none'"
		);
		expect(icon.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
		const page = await get('/en/events');
		expect(page.headers.get('content-security-policy')).not.toContain("default-src 'none'");
		expect(page.headers.get('x-frame-options')).toBe('DENY');
	});
});

describe('request log', () => {
	it('writes one JSON line per request with id, method, path, status and ms', async () => {
		await get('/api/health', { 'x-request-id': 'log-check-1' });
		await new Promise((r) => setTimeout(r, 100));
		const line = server
			.output()
			.split('\n')
			.find((l) => l.includes('"log-check-1"'));
		expect(line).toBeDefined();
		const entry = JSON.parse(line!);
		expect(entry).toMatchObject({
			msg: 'request',
			id: 'log-check-1',
			method: 'GET',
			path: '/api/health',
			status: 200
		});
		expect(typeof entry.ms).toBe('number');
	});

	it('logs a replaced request id as the one the response carries', async () => {
		const res = await get('/api/health', { 'x-request-id': 'not an id' });
		const id = res.headers.get('x-request-id')!;
		await new Promise((r) => setTimeout(r, 100));
		const line = server
			.output()
			.split('\n')
			.find((l) => l.includes(`"${id}"`));
		expect(JSON.parse(line!)).toMatchObject({ msg: 'request', id, path: '/api/health' });
	});

	it('is silent about requests when LOG_LEVEL=warn', async () => {
		const quiet = await startServer({ LOG_LEVEL: 'warn' });
		try {
			await fetch(quiet.url + '/api/health');
			await new Promise((r) => setTimeout(r, 100));
			expect(quiet.output()).not.toContain('"msg":"request"');
		} finally {
			await quiet.stop();
		}
	});
});

describe('configuration', () => {
	it('a malformed variable stops start-up with one line naming it', async () => {
		const { code, output } = await runServerExpectingExit({ LOG_LEVEL: 'loud' });
		expect(code).not.toBe(0);
		const lines = output.trim().split('\n');
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/^Invalid configuration: LOG_LEVEL: /);
	});
});

describe('embedded database', () => {
	it('is migrated and seeded once; restarting keeps data and does not seed again', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'orgweb-restart-'));
		const env = { DATABASE_FILE: join(dir, 'nested', 'orgweb.db'), LOG_LEVEL: 'info' };
		try {
			const first = await startServer(env);
			expect(await (await fetch(first.url + '/en')).text()).toContain('New board elected in Oslo');
			await first.stop();

			const db = new Database(env.DATABASE_FILE);
			const seededAt = db.prepare("select value from app_meta where key = 'seeded_at'").get();
			db.prepare("delete from news where id = 'news-new-board'").run();
			db.close();

			const second = await startServer(env);
			const html = await (await fetch(second.url + '/en')).text();
			const secondLog = second.output();
			await second.stop();
			expect(secondLog).toContain('"migrations":[]');
			expect(secondLog).toContain('"seeded":false');
			expect(html).toContain('The online shop is open');
			expect(html).not.toContain('New board elected in Oslo');

			const after = new Database(env.DATABASE_FILE, { readonly: true });
			expect(after.prepare("select value from app_meta where key = 'seeded_at'").get()).toEqual(
				seededAt
			);
			const names = after
				.prepare('select name from kysely_migration')
				.all()
				.map((r) => (r as { name: string }).name);
			after.close();
			expect(names).toContain('001_initial');
			expect(new Set(names).size).toBe(names.length);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('form posts', () => {
	it('a same-origin form post over plain HTTP passes the CSRF origin check', async () => {
		const res = await fetch(server.url + '/en/theme', {
			method: 'POST',
			redirect: 'manual',
			headers: {
				// what a browser without JavaScript sends
				accept: 'text/html',
				origin: server.url,
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: 'theme=dark&redirectTo=%2Fen'
		});
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/en');
		expect(res.headers.get('set-cookie')).toMatch(/theme=dark/);
	});

	it('a cross-site form post is refused', async () => {
		const res = await fetch(server.url + '/en/theme', {
			method: 'POST',
			redirect: 'manual',
			headers: {
				origin: 'http://evil.example',
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: 'theme=dark'
		});
		expect(res.status).toBe(403);
	});

	it('the chosen theme is rendered on the next page without JavaScript', async () => {
		const html = await (await get('/en', { cookie: 'theme=dark' })).text();
		expect(html).toContain('data-theme="dark"');
	});
});
