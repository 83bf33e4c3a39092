// Sign-in, sign-out, registration, reset, profile, invitations and the attacks on them, over real
// HTTP against the built server, as a browser without JavaScript would do it.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, parseSetCookie, withDb } from '../helpers/fixtures';
import { Browser, createAccount, mailCount, mailedLink } from '../helpers/identity';
import { NO_RATE_LIMITS, startServer, type TestServer } from '../helpers/server';
import { orderRow } from '../../src/lib/server/db/test-rows';

let server: TestServer;
const PASSWORD = 'a long enough password';

beforeAll(async () => {
	server = await startServer({
		...NO_RATE_LIMITS,
		TRUST_PROXY: 'true',
		ADMIN_EMAILS: 'admin@example.org'
	});
});
afterAll(() => server?.stop());

// Each browser comes from its own address, so per-address throttling stays within a test.
const browser = () =>
	new Browser(server.url, { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` });
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.org`;

const created = new Map<string, string>();

async function signedIn(email = uniqueEmail('user'), b = browser()) {
	const userId =
		created.get(email) ?? (await createAccount(server.dbFile, { email, password: PASSWORD }));
	created.set(email, userId);
	const res = await b.post('/en/auth/login', { email, password: PASSWORD });
	expect(res.status).toBe(303);
	return { b, userId, email };
}

const check = async (b: Browser) =>
	(await (await b.request('/api/auth/check')).json()) as {
		authenticated: boolean;
	};

function expectSessionCookieAttributes(raw: string) {
	const cookie = parseSetCookie(raw);
	expect(cookie.name).toBe('session');
	expect(cookie.attrs).toMatchObject({ httponly: true, secure: true, samesite: 'Lax', path: '/' });
}
const sessionSetCookie = (res: Response) =>
	res.headers.getSetCookie().find((c) => c.startsWith('session='));

describe('registration and sign-in', () => {
	it('register, confirm by the mailed link, sign in: the cookie is HttpOnly, Secure, SameSite=Lax, Path=/', async () => {
		const b = browser();
		const email = uniqueEmail('new');
		const reg = await b.post('/en/auth/register', { name: 'Nora', email, password: PASSWORD });
		expect(reg.status).toBe(200);
		expect(await reg.text()).toContain(`we have sent a link to ${email}`);

		const early = await b.post('/en/auth/login', { email, password: PASSWORD });
		expect(early.status).toBe(403);
		expect(await early.text()).toContain(
			'Confirm your e-mail address first: we have sent you a new link.'
		);

		const link = mailedLink(server.dbFile, email, 'email-verification');
		expect(link).toMatch(new RegExp(`^${server.url}/en/auth/verify\\?token=[A-Za-z0-9_-]{43}$`));
		// Opening the link spends nothing: only the button's POST does.
		expect((await b.get(link)).status).toBe(200);
		const token = new URL(link).searchParams.get('token')!;
		const confirm = await b.post('/en/auth/verify', { token });
		expect(confirm.status).toBe(303);
		// The browser that registered (and asked for the fresh link) is signed in by confirming.
		expect(confirm.headers.get('location')).toBe('/en/profile?verified');
		expectSessionCookieAttributes(sessionSetCookie(confirm)!);
		expect((await b.post('/en/auth/verify', { token })).status).toBe(400);

		const login = await b.post('/en/auth/login', { email, password: PASSWORD });
		expect(login.status).toBe(303);
		expect(login.headers.get('location')).toBe('/en/profile');
		expectSessionCookieAttributes(sessionSetCookie(login)!);
		const profile = await b.get('/en/profile');
		expect(profile.status).toBe(200);
		expect(await profile.text()).toContain(email);
		expect(await check(b)).toMatchObject({ authenticated: true, user: { email, name: 'Nora' } });
	});

	it('registering a taken address answers exactly as a new one would', async () => {
		const email = uniqueEmail('taken');
		await createAccount(server.dbFile, { email, password: PASSWORD });
		const taken = await browser().post('/no/auth/register', {
			name: 'X',
			email,
			password: 'something else entirely'
		});
		const fresh = await browser().post('/no/auth/register', {
			name: 'X',
			email: uniqueEmail('fresh'),
			password: 'something else entirely'
		});
		expect(taken.status).toBe(fresh.status);
		const strip = (html: string) =>
			html.replace(/[\w-]+@example\.org/g, '@').replace(/nonce="[^"]+"/g, '');
		expect(strip(await taken.text())).toBe(strip(await fresh.text()));
	});

	it('bad input is a 400 with a message on the page, never a 500', async () => {
		const b = browser();
		const res = await b.post('/en/auth/register', {
			name: '',
			email: 'not-an-email',
			password: 'short'
		});
		expect(res.status).toBe(400);
		const html = await res.text();
		expect(html).toContain('Enter a valid e-mail address.');
		expect(html).toContain('The password must be 10 to 200 characters long.');
		expect(html).toContain('Enter your name');
		const login = await b.post('/no/auth/login', {});
		expect(login.status).toBe(400);
		expect(await login.text()).toContain('Skriv inn en gyldig e-postadresse.');
	});
});

describe('attacks on sign-in', () => {
	it('wrong password and unknown user: same status, same message, no session', async () => {
		const email = uniqueEmail('known');
		await createAccount(server.dbFile, { email, password: PASSWORD });
		const wrong = await browser().post('/en/auth/login', { email, password: 'not the password' });
		const unknown = await browser().post('/en/auth/login', {
			email: uniqueEmail('nobody'),
			password: 'not the password'
		});
		for (const res of [wrong, unknown]) {
			expect(res.status).toBe(400);
			expect(await res.text()).toContain('The e-mail address or the password is wrong.');
			expect(sessionSetCookie(res)).toBeUndefined();
		}
	});

	it('the password is never echoed back into the page', async () => {
		const res = await browser().post('/en/auth/login', {
			email: uniqueEmail('echo'),
			password: 'secret-marker-1234'
		});
		expect(await res.text()).not.toContain('secret-marker-1234');
	});

	it('after 5 failures the account must wait, even with the right password, from another address', async () => {
		const email = uniqueEmail('brute');
		await createAccount(server.dbFile, { email, password: PASSWORD });
		for (let i = 0; i < 5; i++) {
			expect(
				(await browser().post('/en/auth/login', { email, password: `guess ${i} guess` })).status
			).toBe(400);
		}
		const blocked = await browser().post('/en/auth/login', { email, password: PASSWORD });
		expect(blocked.status).toBe(429);
		expect(await blocked.text()).toMatch(/Too many failed attempts. Try again in 1[45] seconds./);
		// Fifteen seconds later (moved back in the database rather than waited for) it works.
		withDb(server.dbFile, (db) =>
			db
				.prepare('update login_failures set last_failure_at = ? where key = ?')
				.run(new Date(Date.now() - 16_000).toISOString(), `account:${email}`)
		);
		expect((await browser().post('/en/auth/login', { email, password: PASSWORD })).status).toBe(
			303
		);
	});

	it('forged, malformed, expired and revoked session cookies open nothing', async () => {
		const expired = createSession(server.dbFile, { expiresInMs: -1000 });
		const revoked = createSession(server.dbFile, { revoked: true });
		for (const cookie of [
			`session=${randomBytes(32).toString('base64url')}`,
			'session=not-a-secret',
			`session=${'A'.repeat(43)}`,
			expired.cookie,
			revoked.cookie
		]) {
			const res = await fetch(server.url + '/en/profile', {
				headers: { cookie },
				redirect: 'manual'
			});
			expect(res.status).toBe(303);
			expect(res.headers.get('location')).toBe('/en/auth/login?redirectTo=%2Fen%2Fprofile');
		}
	});

	it('a session cookie replayed after sign-out is dead', async () => {
		const { b } = await signedIn();
		const stolen = b.cookie('session')!;
		const out = await b.post('/en/auth/logout', {});
		expect(out.status).toBe(303);
		expect(out.headers.get('location')).toBe('/en');
		const cleared = parseSetCookie(sessionSetCookie(out)!);
		expect(cleared.value).toBe('');
		expect(cleared.attrs).toMatchObject({
			httponly: true,
			secure: true,
			samesite: 'Lax',
			path: '/'
		});
		expect(b.cookie('session')).toBeUndefined();
		const replay = await fetch(server.url + '/no/profile', {
			headers: { cookie: `session=${stolen}` },
			redirect: 'manual'
		});
		expect(replay.status).toBe(303);
		const api = await fetch(server.url + '/api/auth/check', {
			headers: { cookie: `session=${stolen}` }
		});
		expect(await api.json()).toEqual({ authenticated: false });
	});

	it('a cross-site form post to sign-in is refused by the origin check', async () => {
		const res = await fetch(server.url + '/en/auth/login', {
			method: 'POST',
			redirect: 'manual',
			headers: {
				origin: 'https://evil.example',
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: 'email=a%40example.org&password=whatever12'
		});
		expect(res.status).toBe(403);
	});

	it('a cross-site API call that carries the session cookie is refused; a same-site one works', async () => {
		const { b } = await signedIn();
		const evil = await b.request('/api/auth/anonymous', {
			method: 'POST',
			headers: { origin: 'https://evil.example' }
		});
		expect(evil.status).toBe(403);
		expect(await evil.json()).toEqual({ error: 'Forbidden', code: 'cross_origin' });
		const fetchMeta = await b.request('/api/auth/anonymous', {
			method: 'POST',
			headers: { 'sec-fetch-site': 'cross-site' }
		});
		expect(fetchMeta.status).toBe(403);
		const own = await b.request('/api/auth/anonymous', {
			method: 'POST',
			headers: { origin: server.url }
		});
		expect(own.status).toBe(200);
		// Without a cookie there is no ambient authority to abuse: the spec's behaviour stands.
		const bare = await fetch(server.url + '/api/auth/anonymous', {
			method: 'POST',
			headers: { origin: 'https://evil.example' }
		});
		expect(bare.status).toBe(200);
	});
});

describe('protected pages and redirectTo', () => {
	for (const [path, login] of [
		['/no/profile', '/no/auth/login?redirectTo=%2Fno%2Fprofile'],
		['/en/profile', '/en/auth/login?redirectTo=%2Fen%2Fprofile'],
		['/no/fs', '/no/auth/login?redirectTo=%2Fno%2Ffs'],
		['/en/fs/new?draft=1', '/en/auth/login?redirectTo=%2Fen%2Ffs%2Fnew%3Fdraft%3D1']
	]) {
		it(`${path}: a visitor and an anonymous session go to ${login}, and back after signing in`, async () => {
			const b = browser();
			const visitor = await b.get(path!);
			expect(visitor.status).toBe(303);
			expect(visitor.headers.get('location')).toBe(login);
			await b.request('/api/auth/anonymous', { method: 'POST' });
			expect(b.cookie('session')).toBeDefined();
			expect((await b.get(path!)).headers.get('location')).toBe(login);

			const page = await b.get(login!);
			expect(page.status).toBe(200);
			const email = uniqueEmail('back');
			await createAccount(server.dbFile, { email, password: PASSWORD });
			const redirectTo = new URL(login!, server.url).searchParams.get('redirectTo')!;
			expect(await page.text()).toContain(
				`name="redirectTo" value="${redirectTo.replace(/&/g, '&amp;')}"`
			);
			const res = await b.post(login!, { email, password: PASSWORD, redirectTo });
			expect(res.status).toBe(303);
			expect(res.headers.get('location')).toBe(path);
			const target = await b.get(path!);
			expect(target.status === 200 || target.status === 404).toBe(true);
		});
	}

	for (const evil of [
		'https://evil.example/',
		'//evil.example/x',
		'/\\evil.example',
		'\\\\evil.example',
		'/%09/evil.example',
		'javascript:alert(1)',
		'http:evil.example'
	]) {
		it(`redirectTo ${JSON.stringify(evil)} never leaves the site`, async () => {
			const email = uniqueEmail('redir');
			await createAccount(server.dbFile, { email, password: PASSWORD });
			const b = browser();
			const res = await b.post('/en/auth/login', {
				email,
				password: PASSWORD,
				redirectTo: decodeURIComponent(evil)
			});
			expect(res.status).toBe(303);
			expect(res.headers.get('location')).toBe('/en/profile');
			// Already signed in, the login page forwards to the same safe place.
			const again = await b.get(
				`/en/auth/login?redirectTo=${encodeURIComponent(decodeURIComponent(evil))}`
			);
			expect(again.headers.get('location')).toBe('/en/profile');
		});
	}
});

describe('sessions', () => {
	it('signing in keeps the anonymous cart and ends the anonymous session', async () => {
		const b = browser();
		expect((await b.post('/en/shop/sticker', { quantity: '2' })).status).toBe(303);
		const anonymous = b.cookie('session')!;
		const email = uniqueEmail('cart');
		const userId = await createAccount(server.dbFile, { email, password: PASSWORD });
		const login = await b.post('/en/auth/login', { email, password: PASSWORD });
		expect(login.status).toBe(303);
		expect(b.cookie('session')).not.toBe(anonymous);
		const rows = withDb(server.dbFile, (db) =>
			db
				.prepare(
					"select cart_id, quantity from cart_reservations where product_id = 'prod-sticker' and cart_id = ?"
				)
				.all(userId)
		);
		expect(rows).toEqual([{ cart_id: userId, quantity: 2 }]);
		const cart = await (await b.get('/en/shop/cart')).text();
		expect(cart.match(/data-testid="cart-line"/g)).toHaveLength(1);
		const old = await fetch(server.url + '/api/auth/check', {
			headers: { cookie: `session=${anonymous}` }
		});
		expect(await old.json()).toEqual({ authenticated: false });
		expect(
			(
				await fetch(server.url + '/en/shop/cart', {
					headers: { cookie: `session=${anonymous}` }
				}).then((r) => r.text())
			).match(/data-testid="cart-line"/g)
		).toBeNull();
	});

	it('a session in use slides: the cookie comes back with a full 30-day expiry, with the same attributes', async () => {
		const s = createSession(server.dbFile, { expiresInMs: 10 * 86_400_000 });
		const res = await fetch(server.url + '/en', { headers: { cookie: s.cookie } });
		const raw = sessionSetCookie(res)!;
		expectSessionCookieAttributes(raw);
		const cookie = parseSetCookie(raw);
		expect(cookie.value).toBe(s.secret);
		const expires = Date.parse(String(cookie.attrs.expires));
		expect(expires).toBeGreaterThan(Date.now() + 29.9 * 86_400_000);
		const stored = withDb(server.dbFile, (db) =>
			db.prepare('select expires_at from sessions where user_id = ?').get(s.userId)
		) as { expires_at: string };
		expect(Date.parse(stored.expires_at)).toBeGreaterThan(Date.now() + 29.9 * 86_400_000);
		// A fresh session is not rewritten on every request.
		expect(
			sessionSetCookie(await fetch(server.url + '/en', { headers: { cookie: s.cookie } }))
		).toBeUndefined();
	});

	it('the profile lists sessions; one can be signed out, and "sign out everywhere" ends all', async () => {
		const email = uniqueEmail('multi');
		const { b } = await signedIn(email);
		const other = browser();
		await other.post('/en/auth/login', { email, password: PASSWORD });
		const html = await (await b.get('/en/profile')).text();
		const ids = [...html.matchAll(/name="sessionId" value="([^"]+)"/g)].map((m) => m[1]!);
		expect(ids).toHaveLength(2);
		expect(html).toContain('(This browser)');
		const otherId = withDb(server.dbFile, (db) =>
			db
				.prepare(
					'select s.id from sessions s join users u on u.id = s.user_id where u.email = ? order by s.created_at desc limit 1'
				)
				.get(email)
		) as { id: string };
		const revoke = await b.post('/en/profile?/revoke', { sessionId: otherId.id });
		expect(revoke.status).toBe(200);
		expect(await check(other)).toEqual({ authenticated: false });
		expect(await check(b)).toMatchObject({ authenticated: true });

		const third = browser();
		await third.post('/en/auth/login', { email, password: PASSWORD });
		const everywhere = await b.post('/en/profile?/everywhere', {});
		expect(everywhere.status).toBe(303);
		expect(everywhere.headers.get('location')).toBe('/en/auth/login');
		expect(await check(b)).toEqual({ authenticated: false });
		expect(await check(third)).toEqual({ authenticated: false });
	});

	it('the profile saves the name and the preferred language; signing in later keeps the language of the site used', async () => {
		const { b, email } = await signedIn();
		const res = await b.post('/no/profile?/save', { name: 'Kari Nordmann', locale: 'en' });
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/en/profile?saved=1');
		expect(b.cookie('locale')).toBe('en');
		const page = await (await b.get('/en/profile?saved=1')).text();
		expect(page).toContain('value="Kari Nordmann"');
		expect(page).toContain('Saved.');
		// Signing in on the Norwegian site is choosing it, whatever the account prefers.
		const fresh = browser();
		const login = await fresh.post('/no/auth/login', { email, password: PASSWORD });
		expect(login.headers.get('location')).toBe('/no/profile');
		expect(fresh.cookie('locale')).not.toBe('en');
		expect((await b.post('/en/profile?/save', { name: '', locale: 'xx' })).status).toBe(400);
	});
});

describe('membership on the profile', () => {
	it('says when there is none, and shows the end of a paid one', async () => {
		const { b, userId } = await signedIn();
		expect(await (await b.get('/en/profile')).text()).toContain('You have no paid membership.');
		const orderId = `order-${randomUUID()}`;
		withDb(server.dbFile, (db) => {
			db.prepare(
				'insert into orders (id, user_id, status, provider, total_ore, buyer_name, buyer_email, buyer_phone, created_at, updated_at) values (?, ?, ?, ?, 0, ?, ?, ?, ?, ?)'
			).run(
				orderId,
				userId,
				'paid',
				'simulator',
				'B',
				'b@example.org',
				'12345678',
				new Date().toISOString(),
				new Date().toISOString()
			);
			db.prepare(
				'insert into memberships (id, user_id, order_id, product_id, starts_at, ends_at, created_at) values (?, ?, ?, ?, ?, ?, ?)'
			).run(
				randomUUID(),
				userId,
				orderId,
				'membership-year-regular',
				new Date(Date.now() - 86_400_000).toISOString(),
				'2099-08-01T12:00:00.000Z',
				new Date().toISOString()
			);
		});
		expect(await (await b.get('/en/profile')).text()).toContain(
			'You are a paying member until 1 August 2099.'
		);
		expect(await (await b.get('/no/profile')).text()).toContain(
			'Du er betalende medlem til 1. august 2099.'
		);
	});
});

describe('password reset', () => {
	it('same answer for any address; the link works once, signs out everywhere, and the new password works', async () => {
		const { b, email } = await signedIn();
		const unknown = await browser().post('/en/auth/forgot', { email: uniqueEmail('ghost') });
		const known = await browser().post('/en/auth/forgot', { email });
		expect(unknown.status).toBe(200);
		expect(known.status).toBe(200);
		for (const res of [unknown, known]) {
			expect(await res.text()).toContain(
				'If an account exists for that address, a link is on its way.'
			);
		}
		const link = mailedLink(server.dbFile, email, 'password-reset');
		expect(link).toMatch(/\/en\/auth\/reset\?token=/);
		const token = new URL(link).searchParams.get('token')!;
		const page = await browser().get(link);
		expect(await page.text()).toContain(`value="${token}"`);

		const reset = await browser().post('/en/auth/reset', { token, password: 'the new password!' });
		expect(reset.status).toBe(303);
		expect(reset.headers.get('location')).toBe('/en/auth/login?notice=reset');
		expect(await check(b)).toEqual({ authenticated: false });

		// A stolen copy of the link is worth nothing once used.
		const reuse = await browser().post('/en/auth/reset', { token, password: 'attacker password' });
		expect(reuse.status).toBe(400);
		expect(await reuse.text()).toContain('This link is not valid any more.');
		expect(
			(await browser().post('/en/auth/login', { email, password: 'attacker password' })).status
		).toBe(400);
		expect((await browser().post('/en/auth/login', { email, password: PASSWORD })).status).toBe(
			400
		);
		expect(
			(await browser().post('/en/auth/login', { email, password: 'the new password!' })).status
		).toBe(303);
	});

	it('an expired or made-up reset token is refused', async () => {
		const email = uniqueEmail('expire');
		await createAccount(server.dbFile, { email, password: PASSWORD });
		await browser().post('/no/auth/forgot', { email });
		const token = new URL(mailedLink(server.dbFile, email, 'password-reset')).searchParams.get(
			'token'
		)!;
		withDb(server.dbFile, (db) =>
			db
				.prepare('update auth_tokens set expires_at = ? where purpose = ?')
				.run(new Date(Date.now() - 1).toISOString(), 'reset')
		);
		for (const t of [token, randomBytes(32).toString('base64url'), 'x']) {
			const res = await browser().post('/no/auth/reset', {
				token: t,
				password: 'the new password!'
			});
			expect(res.status).toBe(400);
			expect(await res.text()).toContain('Denne lenken er ikke gyldig lenger.');
		}
	});
});

describe('user A and user B', () => {
	it("A's profile shows A's orders and never B's; A cannot sign out B's session", async () => {
		const a = await signedIn(uniqueEmail('alice'));
		const bob = await signedIn(uniqueEmail('bob'));
		const orderA = `order-${randomUUID()}`;
		const orderB = `order-${randomUUID()}`;
		withDb(server.dbFile, (db) => {
			const insert = db.prepare(
				'insert into orders (id, user_id, status, provider, provider_session_id, cart_id, total_ore, buyer_name, buyer_email, buyer_phone, created_at, updated_at) values (@id, @user_id, @status, @provider, @provider_session_id, @cart_id, @total_ore, @buyer_name, @buyer_email, @buyer_phone, @created_at, @updated_at)'
			);
			insert.run(orderRow(orderA, 'paid', { user_id: a.userId }));
			insert.run(orderRow(orderB, 'paid', { user_id: bob.userId, buyer_email: bob.email }));
		});
		const html = await (await a.b.get('/en/profile')).text();
		expect(html).toContain(`href="/en/shop/order/${orderA}"`);
		expect(html).not.toContain(orderB);
		expect(html).not.toContain(bob.email);

		const bobSession = withDb(server.dbFile, (db) =>
			db.prepare('select id from sessions where user_id = ? and revoked_at is null').get(bob.userId)
		) as { id: string };
		const attempt = await a.b.post('/en/profile?/revoke', { sessionId: bobSession.id });
		expect(attempt.status).toBe(404);
		expect(await check(bob.b)).toMatchObject({ authenticated: true });
		// There is no address for someone else's profile: the page is always the caller's own.
		expect((await a.b.get(`/en/profile/${bob.userId}`)).status).toBe(404);
	});
});

describe('team invitations', () => {
	const teamTab = '/en/units/events-oslo?tab=team';
	const teamPage = '/en/units/events-oslo/invitations';

	it('an admin invites; a visitor creates an account from the link, joins, and the link is then spent', async () => {
		const admin = await signedIn('admin@example.org');
		expect(await (await admin.b.get(teamTab)).text()).toContain(`href="${teamPage}"`);
		expect(await (await admin.b.get(teamPage)).text()).toContain('Invite to the team');
		const email = uniqueEmail('invitee');
		const sent = await admin.b.post(`${teamPage}?/invite`, { email, role: 'finance' });
		expect(sent.status).toBe(200);
		const link = mailedLink(server.dbFile, email, 'team-invitation');
		expect(await sent.text()).toContain(link.replace(/&/g, '&amp;'));

		const visitor = browser();
		const page = await visitor.get(link);
		expect(await page.text()).toMatch(/You are invited to join .+ as finance\./);
		const token = new URL(link).searchParams.get('token')!;
		const incomplete = await visitor.post(`/en/auth/invite?token=${token}`, { token });
		expect(incomplete.status).toBe(400);
		const accept = await visitor.post(`/en/auth/invite?token=${token}`, {
			token,
			name: 'Ivar',
			password: PASSWORD
		});
		expect(accept.status).toBe(303);
		expect(accept.headers.get('location')).toBe('/en/units/events-oslo?tab=team');
		expectSessionCookieAttributes(sessionSetCookie(accept)!);
		const profile = await (await visitor.get('/en/profile')).text();
		expect(profile).toMatch(/data-testid="teams"[\s\S]*finance/);

		const reuse = await browser().post(`/en/auth/invite?token=${token}`, {
			token,
			name: 'Mallory',
			password: PASSWORD
		});
		expect(reuse.status).toBe(410);
		expect(await reuse.text()).toContain('This invitation is not valid any more.');
		expect(await (await browser().get(link)).text()).toContain(
			'This invitation is not valid any more.'
		);
	});

	it('a signed-in user joins with their own account; an invited address with an account is asked to sign in', async () => {
		const admin = await signedIn('admin@example.org');
		const member = await signedIn(uniqueEmail('member'));
		await admin.b.post(`${teamPage}?/invite`, { email: member.email, role: 'member' });
		const token = new URL(
			mailedLink(server.dbFile, member.email, 'team-invitation')
		).searchParams.get('token')!;

		const stranger = await browser().post(`/en/auth/invite?token=${token}`, {
			token,
			name: 'Someone',
			password: PASSWORD
		});
		expect(stranger.status).toBe(409);
		expect(await stranger.text()).toContain('There is already an account for');

		const joined = await member.b.post(`/en/auth/invite?token=${token}`, { token });
		expect(joined.status).toBe(303);
		const roles = withDb(server.dbFile, (db) =>
			db.prepare('select role from team_members where user_id = ?').all(member.userId)
		);
		expect(roles).toEqual([{ role: 'member' }]);
	});

	it('a leader invited by the admin can invite and revoke; a revoked link does not work', async () => {
		const admin = await signedIn('admin@example.org');
		const lead = await signedIn(uniqueEmail('lead'));
		await admin.b.post(`${teamPage}?/invite`, { email: lead.email, role: 'leader' });
		const leadToken = new URL(
			mailedLink(server.dbFile, lead.email, 'team-invitation')
		).searchParams.get('token')!;
		expect(
			(await lead.b.post(`/en/auth/invite?token=${leadToken}`, { token: leadToken })).status
		).toBe(303);

		const email = uniqueEmail('revoked');
		expect((await lead.b.post(`${teamPage}?/invite`, { email, role: 'member' })).status).toBe(200);
		const html = await (await lead.b.get(teamPage)).text();
		expect(html).toContain(email);
		const invitationId = withDb(server.dbFile, (db) =>
			db.prepare('select id from invitations where email = ?').get(email)
		) as { id: string };
		expect(
			(await lead.b.post(`${teamPage}?/revoke`, { invitationId: invitationId.id })).status
		).toBe(200);
		expect(await (await lead.b.get(teamPage)).text()).not.toContain(email);
		const token = new URL(mailedLink(server.dbFile, email, 'team-invitation')).searchParams.get(
			'token'
		)!;
		expect(
			(
				await browser().post(`/en/auth/invite?token=${token}`, {
					token,
					name: 'R',
					password: PASSWORD
				})
			).status
		).toBe(410);
	});

	it('a member who is not a leader cannot see the invitations nor invite; a visitor is sent to sign in', async () => {
		const plain = await signedIn(uniqueEmail('plain'));
		expect(await (await plain.b.get(teamTab)).text()).not.toContain(teamPage);
		expect((await plain.b.get(teamPage)).status).toBe(404);
		const visitor = await browser().get(teamPage);
		expect(visitor.status).toBe(303);
		expect(visitor.headers.get('location')).toMatch(/^\/en\/auth\/login\?redirectTo=/);
		const before = mailCount(server.dbFile, 'target@example.org');
		const invite = { email: 'target@example.org', role: 'leader' };
		// Refused by the action, and the page it would show is not found to them either.
		expect((await plain.b.post(`${teamPage}?/invite`, invite)).status).toBe(404);
		expect((await browser().post(`${teamPage}?/invite`, invite)).status).toBe(303);
		expect(mailCount(server.dbFile, 'target@example.org')).toBe(before);
		// Malformed input is a 400 with the form again, for those who may invite.
		const admin = await signedIn('admin@example.org');
		const bad = await admin.b.post(`${teamPage}?/invite`, { email: 'x', role: 'king' });
		expect(bad.status).toBe(400);
		expect(await bad.text()).toContain('Invite to the team');
	});
});
