// Spec: POST /api/auth/anonymous and GET /api/auth/check, and the session rows of the
// authentication table, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { hashSecret } from '../../src/lib/server/identity';
import { createSession, parseSetCookie, withDb, withTableGone } from '../helpers/fixtures';

let server: TestServer;

beforeAll(async () => {
	server = await startServer({ RATE_LIMIT_ANONYMOUS: '1000/60', RATE_LIMIT_PUBLIC: '1000/60' });
});
afterAll(() => server?.stop());

const anonymous = (headers: Record<string, string> = {}) =>
	fetch(server.url + '/api/auth/anonymous', { method: 'POST', headers });
const check = async (cookie?: string) => {
	const res = await fetch(server.url + '/api/auth/check', { headers: cookie ? { cookie } : {} });
	return { status: res.status, body: await res.json() };
};

describe('POST /api/auth/anonymous', () => {
	it('success: 200 { success: true } and a session cookie with HttpOnly, Secure, SameSite=Lax, Path=/', async () => {
		const res = await anonymous();
		expect(res.status).toBe(200);
		expect(await res.json()).toEqual({ success: true });
		const cookies = res.headers.getSetCookie().map(parseSetCookie);
		const session = cookies.find((c) => c.name === 'session');
		expect(session).toBeDefined();
		expect(session!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(session!.attrs).toMatchObject({
			httponly: true,
			secure: true,
			samesite: 'Lax',
			path: '/'
		});
		expect(Date.parse(String(session!.attrs.expires))).toBeGreaterThan(Date.now());
	});

	it('the cookie holds the session secret, stored only as a hash', async () => {
		const res = await anonymous();
		const secret = parseSetCookie(res.headers.getSetCookie()[0]!).value;
		const stored = withDb(server.dbFile, (db) =>
			db.prepare('select secret_hash from sessions').all()
		) as { secret_hash: string }[];
		expect(stored.length).toBeGreaterThan(0);
		expect(stored.some((s) => s.secret_hash === secret)).toBe(false);
		expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.secret_hash))).toBe(true);
	});

	it('creates an anonymous user: the session works but is not authenticated', async () => {
		const res = await anonymous();
		const secret = parseSetCookie(res.headers.getSetCookie()[0]!).value;
		expect(await check(`session=${secret}`)).toEqual({
			status: 200,
			body: { authenticated: false }
		});
		const user = withDb(server.dbFile, (db) =>
			db
				.prepare(
					'select u.is_anonymous, u.email from users u join sessions s on s.user_id = u.id where s.secret_hash = ?'
				)
				.get(hashSecret(secret))
		);
		expect(user).toEqual({ is_anonymous: 1, email: null });
	});

	it('a caller that already has a valid session keeps it and gets no new cookie', async () => {
		const { cookie } = createSession(server.dbFile);
		const before = withDb(server.dbFile, (db) => db.prepare('select count(*) n from users').get());
		const res = await anonymous({ cookie });
		expect(res.status).toBe(200);
		expect(await res.json()).toEqual({ success: true });
		expect(res.headers.getSetCookie()).toEqual([]);
		expect(withDb(server.dbFile, (db) => db.prepare('select count(*) n from users').get())).toEqual(
			before
		);
	});

	it('creation fails: 500 { error: "Failed to create session" } and nothing half-written', async () => {
		const users = () =>
			withDb(
				server.dbFile,
				(db) => (db.prepare('select count(*) n from users').get() as { n: number }).n
			);
		const before = users();
		await withTableGone(server.dbFile, 'sessions', async () => {
			const res = await anonymous();
			expect(res.status).toBe(500);
			expect(await res.json()).toEqual({ error: 'Failed to create session' });
			expect(res.headers.getSetCookie()).toEqual([]);
		});
		// The user row and the session row are written together or not at all.
		expect(users()).toBe(before);
	});

	it('ignores a request body', async () => {
		const res = await fetch(server.url + '/api/auth/anonymous', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{not json'
		});
		expect(res.status).toBe(200);
	});
});

describe('GET /api/auth/check', () => {
	it('authenticated: 200 { authenticated: true, user: { id, email, name } }', async () => {
		const s = createSession(server.dbFile, { email: 'kari@example.org', name: 'Kari Nordmann' });
		expect(await check(s.cookie)).toEqual({
			status: 200,
			body: {
				authenticated: true,
				user: { id: s.userId, email: 'kari@example.org', name: 'Kari Nordmann' }
			}
		});
	});

	it('no cookie: 200 { authenticated: false }', async () => {
		expect(await check()).toEqual({ status: 200, body: { authenticated: false } });
	});

	it('an anonymous session: 200 { authenticated: false }', async () => {
		const s = createSession(server.dbFile, { anonymous: true });
		expect(await check(s.cookie)).toEqual({ status: 200, body: { authenticated: false } });
	});

	it('an expired session: 200 { authenticated: false }', async () => {
		const s = createSession(server.dbFile, { expiresInMs: -1000 });
		expect(await check(s.cookie)).toEqual({ status: 200, body: { authenticated: false } });
	});

	it('a revoked session: 200 { authenticated: false }', async () => {
		const s = createSession(server.dbFile, { revoked: true });
		expect(await check(s.cookie)).toEqual({ status: 200, body: { authenticated: false } });
	});

	it('a malformed or forged cookie: 200 { authenticated: false }', async () => {
		for (const cookie of [
			'session=',
			'session=x',
			'session=' + 'A'.repeat(43),
			'session=' + '%'.repeat(60),
			'session="quoted"; session=two'
		]) {
			expect(await check(cookie), cookie).toEqual({ status: 200, body: { authenticated: false } });
		}
	});

	it('any failure (the store is down): 200 { authenticated: false }', async () => {
		const s = createSession(server.dbFile);
		await withTableGone(server.dbFile, 'sessions', async () => {
			expect(await check(s.cookie)).toEqual({ status: 200, body: { authenticated: false } });
		});
		// and the same session is recognised again once the store is back
		expect((await check(s.cookie)).body.authenticated).toBe(true);
	});

	it('is never cached', async () => {
		const res = await fetch(server.url + '/api/auth/check');
		expect(res.headers.get('cache-control')).toBe('no-store');
	});
});

describe('protected pages with sessions', () => {
	it('a signed-in session opens /profile past the login redirect', async () => {
		const s = createSession(server.dbFile);
		const res = await fetch(server.url + '/no/profile', {
			headers: { cookie: s.cookie },
			redirect: 'manual'
		});
		// No profile page exists yet (Identity issue); what matters is that no login redirect happens.
		expect(res.status).not.toBe(303);
	});

	it('an anonymous session is sent to the login page', async () => {
		const s = createSession(server.dbFile, { anonymous: true });
		const res = await fetch(server.url + '/en/fs', {
			headers: { cookie: s.cookie },
			redirect: 'manual'
		});
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/en/auth/login?redirectTo=%2Fen%2Ffs');
	});
});
