// Walks the public content pages over real HTTP against the built server (run `vite build` first):
// every route in both locales, the 404s, the events filters, the jobs list and the unit tabs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTableGone } from '../helpers/fixtures';
import { teamMember } from '../helpers/identity';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
});

afterAll(async () => {
	await server?.stop();
});

const LOCALES = ['no', 'en'] as const;

const ABOUT = [
	'what-is-org',
	'history',
	'bylaws',
	'operations',
	'politics',
	'study-quality',
	'partner-org',
	'alumni',
	'academics-contact'
];

// The public page routes of the spec's page table, with real ids of the demo content. An order
// page needs the buyer's session (shop tests); /auth/callback needs a provider's answer (identity
// tests); /profile and /fs need a session (their redirect is walked below).
const ROUTES = [
	'',
	'/about',
	...ABOUT.map((s) => `/about/${s}`),
	'/privacy',
	'/terms',
	'/safety',
	'/students',
	'/campus',
	'/partner',
	'/org-fund',
	'/business-hotspot',
	'/press',
	'/membership',
	'/contact',
	'/policies',
	'/policies/code-of-conduct',
	'/policies/expenses',
	'/events',
	'/events?past=1',
	'/events/evt-julebord',
	'/events/evt-debate',
	'/news',
	'/news/news-new-board',
	'/jobs',
	'/jobs/treasurer-oslo',
	'/jobs/photographer',
	'/units',
	'/units/board-oslo',
	'/units/board-oslo?tab=team',
	'/units/board-oslo?tab=products',
	'/units/board-oslo?tab=news',
	'/projects',
	'/projects/student-housing',
	'/projects/green-campus',
	'/shop',
	'/shop?category=merch',
	'/shop/hoodie',
	'/shop/julebord-ticket',
	'/shop/cart',
	'/shop/checkout',
	'/membership',
	'/auth/login',
	'/auth/invite'
];

async function get(path: string): Promise<{ status: number; html: string }> {
	const res = await fetch(server.url + path, { redirect: 'manual' });
	return { status: res.status, html: await res.text() };
}

function escape(s: string) {
	return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A <link> with this rel whose absolute href is the server's host and `path` (any scheme). */
function hasLink(html: string, rel: string, path: string, hreflang?: string): boolean {
	const links = html.match(/<link\b[^>]*>/g) ?? [];
	const href = new RegExp(`href="https?://${escape(new URL(server.url).host + path)}"`);
	return links.some(
		(l) =>
			l.includes(`rel="${rel}"`) &&
			href.test(l) &&
			(hreflang === undefined || l.includes(`hreflang="${hreflang}"`))
	);
}

/** Text of the main element with tags stripped, for "is this title listed" checks. */
function mainText(html: string): string {
	const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
	return main.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe.each(LOCALES)('public content pages in /%s', (locale) => {
	it.each(ROUTES)(
		'%s answers 200 with lang, title, description, canonical and alternates',
		async (path) => {
			const { status, html } = await get(`/${locale}${path}`);
			expect(status).toBe(200);
			expect(html).toMatch(new RegExp(`<html[^>]*\\blang="${locale}"`));
			expect(html).toMatch(/<title>[^<]*\S[^<]*<\/title>/);
			expect(html).toMatch(/<meta name="description" content="[^"]*\S[^"]*"/);
			expect(html.match(/<h1\b/g)).toHaveLength(1);
			// Canonical and alternates name the path; the query string (filters) is left out.
			const bare = path.split('?')[0];
			expect(hasLink(html, 'canonical', `/${locale}${bare}`)).toBe(true);
			for (const alt of LOCALES) {
				expect(hasLink(html, 'alternate', `/${alt}${bare}`, alt)).toBe(true);
			}
			expect(hasLink(html, 'alternate', `/no${bare}`, 'x-default')).toBe(true);
			// The link preview: title, description, the page's own URL and an absolute image.
			const og = (property: string) =>
				new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
			expect(og('og:title')).toBeTruthy();
			expect(og('og:description')).toBeTruthy();
			expect(og('og:url')).toBe(`${server.url}/${locale}${bare}`);
			expect(og('og:image')).toMatch(/^https?:\/\/[^/]+\/\S+\.(png|svg)$/);
			expect(og('og:locale')).toBe(locale === 'no' ? 'nb_NO' : 'en_GB');
			// Images reserve their space (no layout shift) and say what they show, or alt="".
			for (const img of html.match(/<img\b[^>]*>/g) ?? []) {
				expect(img).toMatch(/\bwidth="\d+"/);
				expect(img).toMatch(/\bheight="\d+"/);
				expect(img).toMatch(/\balt="/);
			}
		}
	);
});

describe.each(LOCALES)('signed-in pages of the page table in /%s', (locale) => {
	it.each(['/profile', '/fs', '/fs/new', '/fs/claim-1'])(
		'%s sends a visitor without a session to the sign-in page of the locale',
		async (path) => {
			const res = await fetch(`${server.url}/${locale}${path}`, { redirect: 'manual' });
			expect(res.status).toBe(303);
			expect(res.headers.get('location')).toBe(
				`/${locale}/auth/login?redirectTo=${encodeURIComponent(`/${locale}${path}`)}`
			);
		}
	);
});

describe('rich-text pages', () => {
	it('render the body as paragraphs in the page locale', async () => {
		const no = await get('/no/about/history');
		expect(no.html).toContain('<h1');
		expect(mainText(no.html)).toContain('Historie');
		expect(no.html).toMatch(/<p[^>]*>Organisasjonen ble stiftet i Oslo høsten 1983/);
		const en = await get('/en/about/history');
		expect(en.html).toMatch(/<p[^>]*>The organisation was founded in Oslo in the autumn of 1983/);
	});

	it('mark the current about subpage in the sub-navigation', async () => {
		const { html } = await get('/en/about/bylaws');
		expect(html).toMatch(/<a[^>]*href="\/en\/about\/bylaws"[^>]*aria-current="page"/);
		expect(html).not.toMatch(/<a[^>]*href="\/en\/about\/history"[^>]*aria-current="page"/);
	});

	it('list the policies on /policies', async () => {
		const text = mainText((await get('/en/policies')).html);
		expect(text).toContain('Code of conduct');
		expect(text).toContain('Expense policy');
	});
});

describe('events', () => {
	const titles = async (path: string) => mainText((await get(path)).html);

	it('lists upcoming events soonest first and leaves past ones out', async () => {
		const text = await titles('/en/events');
		expect(text).toContain('Climbing night for beginners');
		expect(text).toContain('Career day');
		expect(text).toContain('Christmas party');
		expect(text).not.toContain('Debate on student finance');
		expect(text.indexOf('Climbing night')).toBeLessThan(text.indexOf('Career day'));
		expect(text.indexOf('Career day')).toBeLessThan(text.indexOf('Christmas party'));
	});

	it('filters by campus', async () => {
		const text = await titles('/no/events?campus=bergen&category=');
		expect(text).toContain('Karrieredag');
		expect(text).toContain('Klatrekveld for nybegynnere');
		expect(text).not.toContain('Julebord');
	});

	it('filters by category and campus together', async () => {
		const sport = await titles('/en/events?category=sport');
		expect(sport).toContain('Climbing night for beginners');
		expect(sport).not.toContain('Career day');
		const none = await titles('/en/events?campus=oslo&category=sport');
		expect(none).toContain('No upcoming events match the filter.');
	});

	it('keeps the chosen filters selected in the form', async () => {
		const { html } = await get('/en/events?campus=bergen');
		expect(html).toMatch(/<form[^>]*method="GET"/i);
		expect(html).toMatch(/<option value="bergen" selected/);
	});

	it('shows past events in the archive', async () => {
		const text = await titles('/en/events?past=1');
		expect(text).toContain('Debate on student finance');
		expect(text).not.toContain('Christmas party');
		const filtered = await titles('/en/events?past=1&campus=bergen');
		expect(filtered).not.toContain('Debate on student finance');
	});

	it('shows time in Oslo, price, capacity and the ticket link of an event', async () => {
		const { html } = await get('/en/events/evt-julebord');
		const text = mainText(html);
		expect(text).toContain('Chateau Neuf, Oslo');
		expect(text).toMatch(/NOK\s350/);
		expect(text).toContain('120 places');
		expect(text).toMatch(/19:00/);
		expect(html).toContain('href="/en/shop/julebord-ticket"');
	});

	it('shows a free event as free, without a ticket link', async () => {
		const { html } = await get('/no/events/evt-career');
		expect(mainText(html)).toContain('Gratis');
		expect(html).not.toContain('href="/no/shop/');
	});
});

describe('news and jobs', () => {
	it('lists the news, newest first, and shows one item', async () => {
		const text = mainText((await get('/en/news')).html);
		expect(text.indexOf('New board elected in Oslo')).toBeLessThan(
			text.indexOf('The online shop is open')
		);
		const item = mainText((await get('/no/news/news-new-board')).html);
		expect(item).toContain('Det nye styret tar over 1. januar.');
	});

	it('hides jobs whose deadline has passed', async () => {
		const text = mainText((await get('/en/jobs')).html);
		expect(text).toContain('Treasurer on the board');
		expect(text).toContain('Graphic designer');
		expect(text).not.toContain('Photographer');
	});

	it('shows the apply link of an open job and marks an expired one closed', async () => {
		const open = await get('/en/jobs/treasurer-oslo');
		expect(open.html).toContain('href="mailto:styret.oslo@example.org"');
		const closed = await get('/en/jobs/photographer');
		expect(mainText(closed.html)).toContain('The application deadline has passed.');
		expect(closed.html).not.toContain('href="mailto:arrangement@example.org"');
	});
});

describe('units', () => {
	it('groups units under their campus and shows their type', async () => {
		const { html } = await get('/en/units');
		// Each campus heading comes before its units and after the previous campus' units.
		const at = (re: RegExp) => html.search(re);
		const oslo = at(/<h2[^>]*>Oslo<\/h2>/);
		const bergen = at(/<h2[^>]*>Bergen<\/h2>/);
		expect(oslo).toBeGreaterThan(0);
		expect(oslo).toBeLessThan(html.indexOf('Oslo Board'));
		expect(html.indexOf('Events Committee')).toBeLessThan(bergen);
		expect(bergen).toBeLessThan(html.indexOf('Sports Club'));
		expect(mainText(html)).toContain('Committee Events Committee');
		expect(html).toMatch(/<h2[^>]*>Trondheim<\/h2>/);
	});

	const tabLink = (html: string, href: string) =>
		new RegExp(`<a[^>]*href="${href.replace('?', '\\?')}"[^>]*aria-current="page"`).test(html);

	it('opens on the overview tab', async () => {
		const { html } = await get('/en/units/board-oslo');
		expect(tabLink(html, '/en/units/board-oslo')).toBe(true);
		expect(mainText(html)).toContain('The board meets every week');
		expect(mainText(html)).not.toContain('Ingrid Solberg');
	});

	it('shows the team from the team roles on the team tab: titles, else the role; no addresses', async () => {
		const title = { no: 'Campusleder', en: 'Campus leader' };
		teamMember(server.dbFile, {
			name: 'Ingrid Solberg',
			unitId: 'board-oslo',
			role: 'leader',
			title
		});
		teamMember(server.dbFile, { name: 'Jonas Berg', unitId: 'board-oslo', role: 'finance' });
		teamMember(server.dbFile, { name: 'Sara Haugen', unitId: 'sport-bergen', role: 'leader' });
		const { html } = await get('/en/units/board-oslo?tab=team');
		expect(tabLink(html, '/en/units/board-oslo?tab=team')).toBe(true);
		expect(tabLink(html, '/en/units/board-oslo')).toBe(false);
		const text = mainText(html);
		expect(text).toMatch(/Ingrid Solberg\s+Campus leader/);
		expect(text).toMatch(/Jonas Berg\s+Finance/);
		expect(text).not.toContain('Sara Haugen');
		expect(text).not.toContain('@example.org');
		expect(mainText((await get('/no/units/board-oslo?tab=team')).html)).toMatch(
			/Jonas Berg\s+Økonomiansvarlig/
		);
	});

	it('shows the unit’s products and news on their tabs', async () => {
		const products = mainText((await get('/no/units/board-oslo?tab=products')).html);
		expect(products).toContain('Hettegenser');
		expect(products).not.toContain('Billett til julebordet');
		const news = mainText((await get('/no/units/board-oslo?tab=news')).html);
		expect(news).toContain('Nytt styre valgt i Oslo');
		expect(news).not.toContain('Idrettslaget vant vårcupen');
	});

	it('shows empty states on tabs without content', async () => {
		const text = mainText((await get('/en/units/events-oslo?tab=team')).html);
		expect(text).toContain('Nobody is on this unit’s team yet.');
	});
});

describe('projects', () => {
	it('lists both projects with their status', async () => {
		const text = mainText((await get('/no/projects')).html);
		expect(text).toContain('Flere studentboliger');
		expect(text).toContain('Grønn campus');
		expect(text).toContain('Avsluttet');
	});

	it('shows a project body in the page locale', async () => {
		const { html } = await get('/en/projects/green-campus');
		expect(html).toMatch(/<p[^>]*>Green campus started as an initiative/);
	});
});

describe('shop (read-only)', () => {
	it('lists active products with price per locale and stock state', async () => {
		const en = await get('/en/shop');
		const text = mainText(en.html);
		for (const name of ['Hoodie', 'Coffee mug', 'Christmas party ticket', 'Sticker']) {
			expect(text).toContain(name);
		}
		expect(text).toMatch(/NOK\s499/);
		expect(text).toContain('In stock');
		expect(en.html).toContain('src="/images/products/hoodie.svg"');
		expect(mainText((await get('/no/shop')).html)).toMatch(/499\skr/);
	});

	it('filters by category with links that mark the current one', async () => {
		const { html } = await get('/en/shop?category=merch');
		const text = mainText(html);
		expect(text).toContain('Coffee mug');
		expect(text).toContain('Sticker');
		expect(text).not.toContain('Hoodie');
		expect(html).toMatch(/<a[^>]*href="\/en\/shop\?category=merch"[^>]*aria-current="page"/);
		const none = mainText((await get('/en/shop?category=nothing')).html);
		expect(none).toContain('No products in this category.');
	});

	it('shows a product page with member price and unit', async () => {
		const text = mainText((await get('/no/shop/hoodie')).html);
		expect(text).toContain('Hettegenser');
		expect(text).toMatch(/Medlemspris 399\skr/);
		expect(text).toContain('Styret i Oslo');
	});

	it('counts active reservations, not expired ones, against stock', async () => {
		const { default: Database } = await import('better-sqlite3');
		const db = new Database(server.dbFile);
		const insert = db.prepare(
			'INSERT INTO cart_reservations (id, cart_id, product_id, quantity, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)'
		);
		const now = Date.now();
		const iso = (ms: number) => new Date(ms).toISOString();
		insert.run('r-active', 'cart-a', 'prod-mug', 8, iso(now), iso(now + 15 * 60_000));
		insert.run('r-expired', 'cart-b', 'prod-mug', 2, iso(now - 30 * 60_000), iso(now - 60_000));
		db.close();
		expect(mainText((await get('/en/shop/mug')).html)).toContain('Only 2 left');

		const db2 = new Database(server.dbFile);
		db2.prepare('UPDATE cart_reservations SET quantity = 10 WHERE id = ?').run('r-active');
		db2.close();
		// Every mug held in a cart: not sold out, but reserved, and back when the hold runs out.
		expect(mainText((await get('/en/shop?category=merch')).html)).toContain(
			'Reserved in carts – may be available again at'
		);
	});

	it('treats an inactive product as not there', async () => {
		const { default: Database } = await import('better-sqlite3');
		const db = new Database(server.dbFile);
		db.prepare('UPDATE products SET active = 0 WHERE id = ?').run('prod-sticker');
		db.close();
		const { status, html } = await get('/en/shop/sticker');
		expect(status).toBe(404);
		expect(html).toMatch(/<html[^>]*\blang="en"/);
		expect(mainText((await get('/en/shop')).html)).not.toContain('Sticker');
	});
});

describe('unknown pages answer 404 in the right locale', () => {
	it.each([
		'/no/shop/nope',
		'/en/shop/nope',
		'/no/units/nope',
		'/en/units/board-oslo?tab=secret',
		'/no/projects/nope',
		'/no/events/nope',
		'/en/events/nope',
		'/no/news/nope',
		'/en/jobs/nope',
		'/no/about/nope',
		'/en/about/nope',
		'/no/policies/nope',
		'/en/policies/code-of-conduct/extra',
		'/en/no-such-page',
		'/no/events/evt-julebord/extra/deep',
		'/en/shop/order/nope'
	])('%s', async (path) => {
		const { status, html } = await get(path);
		expect(status).toBe(404);
		const locale = path.split('/')[1];
		expect(html).toMatch(new RegExp(`<html[^>]*\\blang="${locale}"`));
		// The real page: site header and footer, the message in the page's language, noindex.
		expect(html).toMatch(/<header\b/);
		expect(html).toMatch(/<footer\b/);
		expect(html).toContain('<meta name="robots" content="noindex"');
		expect(mainText(html)).toContain(locale === 'en' ? 'Page not found' : 'Siden finnes ikke');
	});
});

describe('a server error', () => {
	it('answers a friendly 500 page in the page language, with a reference and no internals', async () => {
		const res = await withTableGone(server.dbFile, 'pages', () =>
			fetch(`${server.url}/en/privacy`, { headers: { 'x-request-id': 'req-500-test' } })
		);
		expect(res.status).toBe(500);
		const html = await res.text();
		expect(html).toMatch(/<html[^>]*\blang="en"/);
		expect(mainText(html)).toContain('Something went wrong');
		expect(mainText(html)).toContain('Reference: req-500-test');
		expect(html).not.toMatch(/sqlite|no such table|pages_gone|\bat \S+ \(|\.ts:\d+/i);
		// The cause is in the log for the operator, under the same id.
		expect(server.output()).toMatch(
			/req-500-test[\s\S]*no such table|no such table[\s\S]*req-500-test/
		);
	});
});

describe('text missing in the page locale', () => {
	it('falls back to the other locale, marked with its lang and a notice', async () => {
		const { default: Database } = await import('better-sqlite3');
		const db = new Database(server.dbFile);
		db.prepare("UPDATE pages SET title_en = '', body_en = '' WHERE slug = ?").run('campus');
		db.close();
		const { status, html } = await get('/en/campus');
		expect(status).toBe(200);
		expect(html).toMatch(/<h1[^>]*>(?:\s|<!--[^>]*-->)*<span lang="no">Campus<\/span>/);
		expect(html).toContain('This text is only available in Norwegian.');
		expect(html).toMatch(
			/<div[^>]*lang="no"[^>]*>(?:\s|<!--[^>]*-->)*<p[^>]*>Hver campus har sitt eget styre/
		);
	});
});

describe('images', () => {
	it('load lazily in lists below the fold and at once as a product page’s main image', async () => {
		const home = (await get('/en')).html;
		const cards = home.match(/<img\b[^>]*>/g) ?? [];
		expect(cards.length).toBeGreaterThan(0);
		for (const img of cards) expect(img).toContain('loading="lazy"');
		const product = (await get('/en/shop/hoodie')).html;
		const main = /<img\b[^>]*>/.exec(product)?.[0] ?? '';
		expect(main).not.toContain('loading="lazy"');
		expect(main).toContain('fetchpriority="high"');
	});
});
