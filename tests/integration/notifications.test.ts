// Notifications people control over real HTTP: the one-click unsubscribe of RFC 8058 as a mail
// client sends it (a form post from another origin, no cookie) turns the kind off and the profile
// then shows it off; a forged link gets the /api error body; a GET changes nothing and leads to the
// page that asks to confirm; the profile's own form saves the choices.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyring } from '../../src/lib/server/crypto/keyring';
import { unsubscribeToken } from '../../src/lib/server/notifications/unsubscribe-token';
import { createSession } from '../helpers/fixtures';
import { NO_RATE_LIMITS, startServer, type TestServer } from '../helpers/server';

const KEY = randomBytes(32);
let server: TestServer;
beforeAll(async () => {
	server = await startServer({ ...NO_RATE_LIMITS, EXPENSE_ACCOUNT_KEY: KEY.toString('base64') });
});
afterAll(() => server?.stop());

const linkFor = (userId: string, kind: 'promoted' | 'reminder' = 'promoted') =>
	`${server.url}/api/notifications/unsubscribe?token=${unsubscribeToken(keyring([KEY]), { userId, kind })}`;

/** As Gmail and others send it: from their servers, another origin, no cookie. */
const oneClick = (url: string, body: string | undefined = 'List-Unsubscribe=One-Click') =>
	fetch(url, {
		method: 'POST',
		headers: {
			origin: 'https://mail.example.com',
			...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {})
		},
		body,
		redirect: 'manual'
	});

/** Whether the profile's box for `kind` is checked, as the member sees the page. */
async function checked(cookie: string, kind: string): Promise<boolean> {
	const html = await (await fetch(`${server.url}/en/profile`, { headers: { cookie } })).text();
	const box = new RegExp(`<input[^>]*name="${kind}"[^>]*>`).exec(html)?.[0];
	expect(box, `no box for ${kind}`).toBeDefined();
	return /\schecked/.test(box!);
}

describe('one-click unsubscribe (RFC 8058)', () => {
	it('a mail client’s POST from another origin, without a cookie, turns the kind off; the profile then shows it off', async () => {
		const me = createSession(server.dbFile);
		expect(await checked(me.cookie, 'promoted')).toBe(true);
		const res = await oneClick(linkFor(me.userId));
		expect(res.status).toBe(200);
		expect(await res.json()).toEqual({ kind: 'promoted', enabled: false });
		expect(await checked(me.cookie, 'promoted')).toBe(false);
		expect(await checked(me.cookie, 'reminder')).toBe(true);
		// Again, and without a body: the same answer.
		expect((await oneClick(linkFor(me.userId))).status).toBe(200);
		const bare = await oneClick(linkFor(me.userId), undefined);
		expect(bare.status).toBe(200);
		expect(await bare.json()).toEqual({ kind: 'promoted', enabled: false });
	});

	it('a forged or altered link gets the /api error body and changes nothing; no token is a 400', async () => {
		const me = createSession(server.dbFile);
		const forged = unsubscribeToken(keyring([randomBytes(32)]), {
			userId: me.userId,
			kind: 'reminder'
		});
		const res = await oneClick(`${server.url}/api/notifications/unsubscribe?token=${forged}`);
		expect(res.status).toBe(404);
		expect(await res.json()).toMatchObject({ error: expect.any(String), code: 'unknown_token' });
		const altered = await oneClick(linkFor(me.userId, 'reminder').slice(0, -2) + 'xx');
		expect(altered.status).toBe(404);
		expect(await checked(me.cookie, 'reminder')).toBe(true);
		const none = await oneClick(`${server.url}/api/notifications/unsubscribe`);
		expect(none.status).toBe(400);
		expect(await none.json()).toMatchObject({ error: 'Validation failed' });
	});

	it('a GET of the link changes nothing and leads to the page that asks to confirm', async () => {
		const me = createSession(server.dbFile);
		const link = linkFor(me.userId);
		const res = await fetch(link, { redirect: 'manual', headers: { 'accept-language': 'en' } });
		expect(res.status).toBe(303);
		const page = new URL(res.headers.get('location')!, server.url);
		expect(page.pathname).toMatch(/^\/(en|no)\/notifications\/unsubscribe$/);
		const html = await (
			await fetch(new URL(page.pathname.replace(/^\/no/, '/en') + page.search, server.url))
		).text();
		expect(html).toContain('Turn off these e-mails: You got a seat from the waiting list?');
		expect(html).toContain('action="?/confirm"');
		expect(await checked(me.cookie, 'promoted')).toBe(true);
		const none = await fetch(`${server.url}/api/notifications/unsubscribe`, { redirect: 'manual' });
		expect(none.status).toBe(400);
		expect(await none.json()).toMatchObject({ error: 'Validation failed' });
	});
});

describe('the profile’s e-mail notifications', () => {
	it('saves the checked boxes, keeps a payment deadline on and says so', async () => {
		const me = createSession(server.dbFile);
		const res = await fetch(`${server.url}/en/profile?/notifications`, {
			method: 'POST',
			headers: {
				cookie: me.cookie,
				origin: server.url,
				accept: 'text/html',
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: 'registration_opens=on&event_changed=on',
			redirect: 'manual'
		});
		expect(res.status).toBe(200);
		expect(await res.text()).toContain('Your notifications are saved.');
		expect(await checked(me.cookie, 'registration_opens')).toBe(true);
		expect(await checked(me.cookie, 'promoted')).toBe(false);
		expect(await checked(me.cookie, 'reminder')).toBe(false);
		expect(await checked(me.cookie, 'payment_due')).toBe(true);
	});
});
