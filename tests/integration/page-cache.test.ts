// Pages kept for visitors without a session, over real HTTP: a kept page is the page the visitor
// would have been rendered (their language, theme and campus, never someone else's sign-in state),
// and a change to what it shows is visible on the very next request. A signed-in member's page is
// never kept, but the public data it shows is (content/kept.ts): each member still gets their own
// page, and a change shows on their next request too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, withDb } from '../helpers/fixtures';
import { eventForm } from '../helpers/event-form';
import { mainText } from '../helpers/http';
import { shopper } from '../helpers/shop';
import { startServer, type TestServer } from '../helpers/server';
import { staffBrowsers } from '../helpers/staff';

let server: TestServer;

beforeAll(async () => {
	// The default time to live (seconds) is far longer than any test here takes.
	server = await startServer({ ADMIN_EMAILS: 'admin@example.org' });
});
afterAll(() => server?.stop());

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
	fetch(server.url + path, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });

/** What a visitor notices of whose page it is: language, theme and the sign-in link. */
function whosePage(html: string) {
	return {
		lang: /<html lang="(\w+)"/.exec(html)?.[1],
		theme: /data-theme="(\w+)"/.exec(html)?.[1],
		signedIn: html.includes('/auth/logout')
	};
}

function stockOf(html: string) {
	const [, state, text] = /data-stock="(\w+)"[^>]*>([\s\S]*?)<\/span>/.exec(html) ?? [];
	return [state, text?.replace(/<[^>]*>/g, '').trim()];
}

describe('the same address for different visitors', () => {
	it("a signed-in member never gets the page kept for visitors, and visitors never get the member's", async () => {
		const member = createSession(server.dbFile, { name: 'Kari Nordmann' });
		expect(whosePage(await (await get('/en/events')).text()).signedIn).toBe(false);

		const mine = await get('/en/events', member.cookie);
		expect(whosePage(await mine.text()).signedIn).toBe(true);
		expect(mine.headers.get('cache-control')).toBe('private, no-cache');

		const visitor = await get('/en/events');
		expect(whosePage(await visitor.text()).signedIn).toBe(false);
		expect(visitor.headers.get('cache-control')).toBe('no-cache');
		expect(visitor.headers.get('vary')).toContain('Cookie');
	});

	it('keeps Norwegian and English, light and dark apart', async () => {
		for (let round = 0; round < 2; round++) {
			expect(whosePage(await (await get('/no/shop')).text())).toMatchObject({ lang: 'no' });
			expect(whosePage(await (await get('/en/shop')).text())).toMatchObject({ lang: 'en' });
			const dark = await (await get('/en/shop', 'theme=dark')).text();
			expect(whosePage(dark)).toMatchObject({ lang: 'en', theme: 'dark' });
			const light = await (await get('/en/shop', 'theme=light')).text();
			expect(whosePage(light)).toMatchObject({ lang: 'en', theme: 'light' });
		}
	});

	it("keeps one campus's home page apart from another's", async () => {
		const oslo = mainText(await (await get('/en', 'campus=oslo')).text());
		const bergen = mainText(await (await get('/en', 'campus=bergen')).text());
		expect(oslo).not.toBe(bergen);
		expect(mainText(await (await get('/en', 'campus=oslo')).text())).toBe(oslo);
	});

	it('a kept page still gives a visitor without the locale cookie that cookie, and no other', async () => {
		await get('/en/units');
		const fresh = await get('/en/units');
		expect(fresh.headers.getSetCookie()).toEqual([expect.stringMatching(/^locale=en;/)]);
		const known = await get('/en/units', 'locale=en');
		expect(known.headers.getSetCookie()).toEqual([]);
	});

	it('sends a kept page compressed to a browser that accepts it, the same page once unpacked', async () => {
		await get('/en/about');
		const plain = await get('/en/about', undefined, { 'accept-encoding': 'identity' });
		const br = await get('/en/about', undefined, { 'accept-encoding': 'gzip, deflate, br' });
		const gzip = await get('/en/about', undefined, { 'accept-encoding': 'gzip' });
		expect([plain, br, gzip].map((r) => r.headers.get('content-encoding'))).toEqual([
			null,
			'br',
			'gzip'
		]);
		const text = await plain.text();
		expect(await br.text()).toBe(text);
		expect(await gzip.text()).toBe(text);
	});

	it('answers 304 to a browser that already has the page', async () => {
		const first = await get('/en/jobs');
		const etag = first.headers.get('etag');
		expect(etag).toBeTruthy();
		const again = await get('/en/jobs', undefined, { 'if-none-match': etag! });
		expect(again.status).toBe(304);
		// A browser stores a 304's headers over the page's: another CSP there (the files'
		// `default-src 'none'`) would block the reloaded page's scripts and styles.
		expect(again.headers.get('content-security-policy')).toBeNull();
		expect(first.headers.get('content-security-policy')).toContain("script-src 'self'");
	});

	it('under a burst of mixed visitors every answer is that visitor’s page', async () => {
		const member = createSession(server.dbFile);
		const visitors = Array.from({ length: 120 }, (_, i) => ({
			lang: i % 2 === 0 ? 'no' : 'en',
			theme: i % 3 === 0 ? 'dark' : 'light',
			signedIn: i % 5 === 0
		}));
		const answers = await Promise.all(
			visitors.map(async (v) => {
				const cookie = [`theme=${v.theme}`, v.signedIn ? member.cookie : ''].filter(Boolean);
				const res = await get(`/${v.lang}/news`, cookie.join('; '));
				return whosePage(await res.text());
			})
		);
		expect(answers).toEqual(visitors);
	});
});

describe('a change shows on the next request', () => {
	it("one buyer's reservation changes the stock every other visitor sees at once", async () => {
		const before = stockOf(await (await get('/en/shop/mug')).text());
		expect(before).toEqual(['in_stock', 'In stock']);
		for (const quantity of ['4', '2']) {
			const buyer = shopper(server.url);
			expect((await buyer.post('/en/shop/mug', { quantity })).status).toBe(303);
		}
		expect(stockOf(await (await get('/en/shop/mug')).text())).toEqual(['low', 'Only 4 left']);
	});

	it('a change written by another process shows on the next request', async () => {
		expect(mainText(await (await get('/en/shop/sticker')).text())).toContain('Sticker');
		withDb(server.dbFile, (db) =>
			db.prepare("update products set active = 0 where id = 'prod-sticker'").run()
		);
		expect((await get('/en/shop/sticker')).status).toBe(404);
	});
});

describe('a page and its data', () => {
	it('a client-side navigation gets the page’s data, not the page kept for visitors', async () => {
		// Kept first: the page's HTML.
		expect((await get('/en/news')).headers.get('content-type')).toMatch(/^text\/html/);
		for (const query of ['', '?x-sveltekit-invalidated=11']) {
			const data = await get(`/en/news/__data.json${query}`);
			expect(data.status).toBe(200);
			expect(data.headers.get('content-type')).toMatch(/^application\/json/);
			expect(((await data.json()) as { type: string }).type).toBe('data');
		}
		// And the page is still the page.
		expect((await get('/en/news')).headers.get('content-type')).toMatch(/^text\/html/);
	});
});

describe("signed-in members' pages", () => {
	const as = staffBrowsers(() => server);
	/** The name in the page's header and whether it links to a cart. */
	const whoseHeader = (html: string) => ({
		name: /Aud Aasen|Bjørn Berg/.exec(html)?.[0],
		cart: html.includes('href="/en/shop/cart"')
	});

	it("members asking at once each get their own name and cart, never another member's", async () => {
		const aud = createSession(server.dbFile, { name: 'Aud Aasen' });
		const bjorn = createSession(server.dbFile, { name: 'Bjørn Berg' });
		withDb(server.dbFile, (db) =>
			db
				.prepare(
					'insert into cart_reservations (id, cart_id, product_id, quantity, created_at, expires_at) values (?, ?, ?, 1, ?, ?)'
				)
				.run(
					crypto.randomUUID(),
					bjorn.userId,
					'prod-mug',
					new Date().toISOString(),
					new Date(Date.now() + 600_000).toISOString()
				)
		);
		const asked = Array.from({ length: 60 }, (_, i) => ({
			member: i % 2 === 0 ? aud : bjorn,
			path: ['/en', '/en/events', '/en/events/evt-climbing'][i % 3]!
		}));
		const answers = await Promise.all(
			asked.map(async ({ member, path }) =>
				whoseHeader(await (await get(path, member.cookie)).text())
			)
		);
		expect(answers).toEqual(
			asked.map(({ member }) =>
				member === aud ? { name: 'Aud Aasen', cart: false } : { name: 'Bjørn Berg', cart: true }
			)
		);
	});

	it("a change written by another process shows on a member's next request", async () => {
		const member = createSession(server.dbFile);
		for (const path of ['/en/events', '/en/events/evt-climbing']) {
			expect(mainText(await (await get(path, member.cookie)).text())).toContain(
				'Climbing night for beginners'
			);
		}
		withDb(server.dbFile, (db) =>
			db.prepare("update events set title_en = 'Bouldering night' where id = 'evt-climbing'").run()
		);
		for (const path of ['/en/events', '/en/events/evt-climbing']) {
			const html = await (await get(path, member.cookie)).text();
			expect(mainText(html)).toContain('Bouldering night');
			expect(mainText(html)).not.toContain('Climbing night for beginners');
		}
	});

	it("an event an admin publishes shows in a member's events list on the member's next request", async () => {
		const member = createSession(server.dbFile);
		const day = '/en/events?from=2027-01-15&to=2027-01-15';
		expect(mainText(await (await get(day, member.cookie)).text())).not.toContain('Winter ball');
		const { browser } = as('admin@example.org');
		const created = await browser.post('/en/admin/content/events/new?/save', eventForm());

		expect(created.status).toBe(303);
		expect(mainText(await (await get(day, member.cookie)).text())).toContain('Winter ball');
	});
});
