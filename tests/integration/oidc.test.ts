// OpenID Connect end to end: the built server against a real OpenID provider (`oidc-provider`)
// running on this machine, driven over HTTP the way a browser would: login page button, provider's
// login and consent forms, callback, session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSetCookie, withDb } from '../helpers/fixtures';
import { Browser, createAccount } from '../helpers/identity';
import { startAppWithProvider, type OidcSetup } from '../helpers/oidc';
import type { TestServer } from '../helpers/server';

let setup: OidcSetup;
let issuer: string;
let server: TestServer;

beforeAll(async () => {
	setup = await startAppWithProvider();
	({ issuer, server } = setup);
});
afterAll(() => setup?.stop());

const users = (email: string) =>
	withDb(server.dbFile, (db) =>
		db.prepare('select id, password_hash, email_verified_at from users where email = ?').all(email)
	) as { id: string; password_hash: string | null; email_verified_at: string | null }[];

/** Starts at the app, signs in at the provider as `login`, stops at the provider's redirect back. */
async function throughProvider(
	b: Browser,
	login: string,
	start = '/en/auth/oauth/local?redirectTo=%2Fen%2Fprofile'
) {
	const begin = await b.get(start);
	expect(begin.status).toBe(303);
	const authorize = new URL(begin.headers.get('location')!);
	expect(authorize.origin).toBe(issuer);
	let res = (await b.follow(await b.get(authorize.href))).res;
	// The provider's login prompt, then its consent prompt.
	const prompts: Record<string, string>[] = [
		{ prompt: 'login', login, password: 'any' },
		{ prompt: 'consent' }
	];
	for (const body of prompts) {
		const action = /action="([^"]+)"/.exec(await res.text())?.[1];
		expect(action).toBeDefined();
		const submitted = await b.post(new URL(action!, issuer).href, body);
		const { res: next, hops } = await followWithin(b, submitted, issuer);
		res = next;
		if (hops.at(-1)?.startsWith(server.url)) return { authorize, callback: hops.at(-1)! };
	}
	throw new Error('the provider did not send the browser back');
}

/** Follows redirects while they stay at `origin`; stops at the first hop elsewhere. */
async function followWithin(b: Browser, res: Response, origin: string) {
	const hops: string[] = [];
	let current = res;
	let url = res.url;
	while (current.status >= 300 && current.status < 400) {
		url = new URL(current.headers.get('location')!, url).href;
		hops.push(url);
		if (!url.startsWith(origin)) break;
		current = await b.get(url);
	}
	return { res: current, hops };
}

describe('OpenID Connect against a local provider', () => {
	it('the login page offers the provider; the flow uses PKCE S256, state and nonce, and ends signed in', async () => {
		const b = new Browser(server.url);
		const page = await (await b.get('/en/auth/login?redirectTo=%2Fen%2Fprofile')).text();
		expect(page).toContain('href="/en/auth/oauth/local?redirectTo=%2Fen%2Fprofile"');
		expect(page).toContain('Sign in with Local IdP');

		const { authorize, callback } = await throughProvider(b, 'alice');
		const q = authorize.searchParams;
		expect(q.get('code_challenge_method')).toBe('S256');
		expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(q.get('redirect_uri')).toBe(`${server.url}/auth/callback`);
		const stateCookie = b.setCookies.map(parseSetCookie).find((c) => c.name === 'oauth_state')!;
		expect(stateCookie.value).toBe(q.get('state'));
		expect(stateCookie.attrs).toMatchObject({
			httponly: true,
			secure: true,
			samesite: 'Lax',
			path: '/'
		});

		const { res, hops } = await b.follow(await b.get(callback));
		expect(hops.at(-1)).toBe(`${server.url}/en/profile`);
		expect(res.status).toBe(200);
		expect(await res.text()).toContain('alice@example.org');
		const session = b.setCookies.map(parseSetCookie).findLast((c) => c.name === 'session')!;
		expect(session.attrs).toMatchObject({
			httponly: true,
			secure: true,
			samesite: 'Lax',
			path: '/'
		});
		expect(b.cookie('oauth_state')).toBeUndefined();

		const [user] = users('alice@example.org');
		expect(user?.password_hash).toBeNull();
		expect(user?.email_verified_at).not.toBeNull();

		// Signing in again finds the same account by provider and subject.
		const again = new Browser(server.url);
		await again.follow(await again.get((await throughProvider(again, 'alice')).callback));
		expect(users('alice@example.org')).toHaveLength(1);
		const check = await (await again.request('/api/auth/check')).json();
		expect(check).toMatchObject({
			authenticated: true,
			user: { id: user!.id, email: 'alice@example.org' }
		});
	});

	it('a provider identity with a verified e-mail links to the existing account of that e-mail', async () => {
		const id = await createAccount(server.dbFile, {
			email: 'owner@example.org',
			password: 'local password 123'
		});
		const b = new Browser(server.url);
		await b.follow(await b.get((await throughProvider(b, 'owner')).callback));
		const link = withDb(server.dbFile, (db) =>
			db
				.prepare(
					"select user_id from oauth_accounts where provider = 'local' and subject = 'owner'"
				)
				.get()
		);
		expect(link).toEqual({ user_id: id });
		expect(users('owner@example.org')).toHaveLength(1);
		// The owner's own password still works.
		const pw = await new Browser(server.url).post('/en/auth/login', {
			email: 'owner@example.org',
			password: 'local password 123'
		});
		expect(pw.status).toBe(303);
	});

	it('an unverified squatter on that e-mail loses the account to the verified owner', async () => {
		await createAccount(server.dbFile, {
			email: 'squatted@example.org',
			password: 'squatter password',
			verified: false
		});
		const b = new Browser(server.url);
		await b.follow(await b.get((await throughProvider(b, 'squatted')).callback));
		expect(users('squatted@example.org')[0]?.password_hash).toBeNull();
		const squatter = await new Browser(server.url).post('/en/auth/login', {
			email: 'squatted@example.org',
			password: 'squatter password'
		});
		expect(squatter.status).toBe(400);
	});

	it('an unverified e-mail from the provider is never trusted: no link, no account, no session', async () => {
		const victim = await createAccount(server.dbFile, {
			email: 'victim@example.org',
			password: 'victim password'
		});
		const b = new Browser(server.url);
		const res = await b.get((await throughProvider(b, 'liar')).callback);
		const { hops } = await b.follow(res);
		expect(hops.at(-1)).toBe(`${server.url}/en/auth/login?error=unverified_email`);
		expect(b.cookie('session')).toBeUndefined();
		const linked = withDb(server.dbFile, (db) =>
			db.prepare('select count(*) n from oauth_accounts where user_id = ?').get(victim)
		);
		expect(linked).toEqual({ n: 0 });
		const page = await (await b.get('/en/auth/login?error=unverified_email')).text();
		expect(page).toContain('did not confirm your e-mail address');
	});

	it('state mismatch: a callback in a browser that did not start the flow, a changed state, a replay', async () => {
		const starter = new Browser(server.url);
		const { callback } = await throughProvider(starter, 'alice');

		// Another browser (an attacker's link) has no state cookie.
		const other = new Browser(server.url);
		const foreign = await other.follow(await other.get(callback));
		expect(foreign.hops.at(-1)).toBe(`${server.url}/no/auth/login?error=state`);
		expect(other.cookie('session')).toBeUndefined();

		// The starter's cookie with a state that is not the one it sent.
		const tampered = new URL(callback);
		tampered.searchParams.set('state', 'A'.repeat(43));
		const bad = await starter.follow(await starter.get(tampered.href));
		expect(bad.hops.at(-1)).toContain('/auth/login?error=state');
		expect(starter.cookie('session')).toBeUndefined();
	});

	it('a callback used once cannot be replayed', async () => {
		const b = new Browser(server.url);
		const { callback } = await throughProvider(b, 'alice');
		const state = b.cookie('oauth_state')!;
		await b.follow(await b.get(callback));
		expect(b.cookie('session')).toBeDefined();
		const replay = new Browser(server.url);
		replay.setCookie('oauth_state', state);
		const { hops } = await replay.follow(await replay.get(callback));
		expect(hops.at(-1)).toContain('/auth/login?error=state');
		expect(replay.cookie('session')).toBeUndefined();
	});

	it('an unknown provider is 404; a provider that cannot be reached sends back to sign-in with a message', async () => {
		expect((await new Browser(server.url).get('/en/auth/oauth/nope')).status).toBe(404);
		const down = await new Browser(server.url).get('/en/auth/oauth/down');
		expect(down.status).toBe(303);
		expect(down.headers.get('location')).toBe('/en/auth/login?error=provider');
	});

	it('redirectTo through the provider stays on this site', async () => {
		const b = new Browser(server.url);
		const { callback } = await throughProvider(
			b,
			'alice',
			'/en/auth/oauth/local?redirectTo=https%3A%2F%2Fevil.example%2F'
		);
		const { hops } = await b.follow(await b.get(callback));
		expect(hops.at(-1)).toBe(`${server.url}/en/profile`);
	});
});
