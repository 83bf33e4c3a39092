// Walks the public content pages over real HTTP against the built server (run `vite build` first):
// every route in both locales, the 404s, the events filters, the jobs list and the unit tabs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const ROUTES = [
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
	'/policies/expenses'
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
			expect(hasLink(html, 'canonical', `/${locale}${path}`)).toBe(true);
			for (const alt of LOCALES) {
				expect(hasLink(html, 'alternate', `/${alt}${path}`, alt)).toBe(true);
			}
			expect(hasLink(html, 'alternate', `/no${path}`, 'x-default')).toBe(true);
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

describe('unknown pages answer 404 in the right locale', () => {
	it.each([
		'/no/about/nope',
		'/en/about/nope',
		'/no/policies/nope',
		'/en/policies/code-of-conduct/extra',
		'/en/no-such-page'
	])('%s', async (path) => {
		const { status, html } = await get(path);
		expect(status).toBe(404);
		expect(html).toMatch(new RegExp(`<html[^>]*\\blang="${path.split('/')[1]}"`));
	});
});
