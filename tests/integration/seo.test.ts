// Findability over real HTTP: JSON-LD of the organisation, events and products, the preview
// image, /sitemap.xml (both locales of every page and content item, every URL answering 200)
// and /robots.txt. Run `vite build` first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
});

afterAll(async () => {
	await server?.stop();
});

async function html(path: string): Promise<string> {
	const res = await fetch(server.url + path);
	expect(res.status).toBe(200);
	return res.text();
}

/** Every JSON-LD block of a page, parsed. */
function jsonLd(page: string): Record<string, unknown>[] {
	const blocks = page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g);
	return [...blocks].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

describe('JSON-LD', () => {
	it('describes the organisation on the home page', async () => {
		const [org] = jsonLd(await html('/en'));
		expect(org).toMatchObject({
			'@context': 'https://schema.org',
			'@type': 'Organization',
			name: 'Orgweb',
			url: `${server.url}/en`
		});
	});

	it('describes an event with Oslo times, place and ticket offer', async () => {
		const [event] = jsonLd(await html('/no/events/evt-julebord'));
		expect(event).toMatchObject({
			'@type': 'Event',
			name: 'Julebord',
			url: `${server.url}/no/events/evt-julebord`,
			location: { '@type': 'Place', name: 'Chateau Neuf, Oslo' },
			offers: {
				'@type': 'Offer',
				price: '350.00',
				priceCurrency: 'NOK',
				url: `${server.url}/no/shop/julebord-ticket`
			}
		});
		expect(new Date(event!.startDate as string).getTime()).toBeLessThan(
			new Date(event!.endDate as string).getTime()
		);
	});

	it('describes a product with price and availability', async () => {
		const [product] = jsonLd(await html('/en/shop/hoodie'));
		expect(product).toMatchObject({
			'@type': 'Product',
			name: 'Hoodie',
			image: [`${server.url}/images/products/hoodie.svg`],
			offers: { price: '499.00', priceCurrency: 'NOK', availability: 'https://schema.org/InStock' }
		});
	});

	it('cannot be broken out of by stored text', async () => {
		const { default: Database } = await import('better-sqlite3');
		const db = new Database(server.dbFile);
		db.prepare('UPDATE events SET summary_en = ? WHERE id = ?').run(
			'</script><script>alert(1)</script>',
			'evt-career'
		);
		db.close();
		const page = await html('/en/events/evt-career');
		expect(page).not.toContain('<script>alert(1)');
		expect(jsonLd(page)[0]?.description).toBe('</script><script>alert(1)</script>');
	});
});

describe('a page with an address of its own in each language', () => {
	/** A copy of a seeded row under new addresses: `id` the Norwegian one, `slugEn` the English. */
	async function copyRow(table: 'news' | 'events', from: string, id: string, slugEn: string) {
		const { default: Database } = await import('better-sqlite3');
		const db = new Database(server.dbFile);
		try {
			const row = db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(from) as Record<
				string,
				string
			>;
			const copy = {
				...row,
				id,
				slug_en: slugEn,
				title_no: `${row.title_no} (${id})`,
				title_en: `${row.title_en} (${slugEn})`
			};
			const columns = Object.keys(copy);
			db.prepare(
				`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`
			).run(copy);
		} finally {
			db.close();
		}
	}

	/** The page's hreflang alternates and the language switcher's link. */
	function addresses(page: string) {
		const alternates = Object.fromEntries(
			[...page.matchAll(/<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)"/g)].map((m) => [
				m[1],
				m[2]!.replace(server.url, '')
			])
		);
		const switcher = /<a href="([^"]+)"[^>]*data-testid="language-switcher"/.exec(page)?.[1];
		return { alternates, switcher };
	}

	for (const [section, from] of [
		['news', 'news-cup'],
		['events', 'evt-climbing']
	] as const) {
		it(`${section}: the alternates and the language switcher name each language's own address`, async () => {
			const address = { no: `${section}-norsk-adresse`, en: `${section}-english-address` };
			await copyRow(section, from, address.no, address.en);
			const expected = {
				no: `/no/${section}/${address.no}`,
				en: `/en/${section}/${address.en}`,
				'x-default': `/no/${section}/${address.no}`
			};
			for (const [locale, other] of [
				['no', 'en'],
				['en', 'no']
			] as const) {
				const page = await html(expected[locale]);
				const found = addresses(page);
				expect(found.alternates).toEqual(expected);
				expect(found.switcher).toBe(expected[other]);
				expect(page).toContain(`<link rel="canonical" href="${server.url}${expected[locale]}"`);
				const alternate = await fetch(server.url + expected[other], { redirect: 'manual' });
				expect(alternate.status).toBe(200);
				// The other language's address under this language's prefix leads to this one's own.
				const crossed = `/${locale}/${section}/${address[other]}`;
				const moved = await fetch(server.url + crossed, { redirect: 'manual' });
				expect(moved.status, crossed).toBe(301);
				expect(new URL(moved.headers.get('location')!, server.url).pathname).toBe(expected[locale]);
			}
		});
	}
});

describe('preview image', () => {
	it('is a 1200×630 PNG', async () => {
		const res = await fetch(`${server.url}/og-image.png`);
		expect(res.status).toBe(200);
		const bytes = new Uint8Array(await res.arrayBuffer());
		expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
		const view = new DataView(bytes.buffer);
		expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
	});
});

describe('/sitemap.xml', () => {
	let xml: string;
	let locs: string[];

	beforeAll(async () => {
		const res = await fetch(`${server.url}/sitemap.xml`);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
		xml = await res.text();
		locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
	});

	it('lists every page and content item in both locales', () => {
		const paths = [
			'',
			'/about',
			'/about/bylaws',
			'/about/academics-contact',
			'/privacy',
			'/membership',
			'/contact',
			'/events',
			'/events/evt-julebord',
			'/events/evt-debate',
			'/news',
			'/news/news-new-board',
			'/jobs/treasurer-oslo',
			'/units/board-oslo',
			'/projects/green-campus',
			'/policies',
			'/policies/expenses',
			'/shop',
			'/shop/hoodie'
		];
		for (const path of paths) {
			expect(locs).toContain(`${server.url}/no${path}`);
			expect(locs).toContain(`${server.url}/en${path}`);
		}
		expect(locs.filter((l) => l.includes('/no/')).length).toBe(
			locs.filter((l) => l.includes('/en/')).length
		);
		expect(new Set(locs).size).toBe(locs.length);
	});

	it('leaves out per-visitor pages', () => {
		expect(locs.some((l) => /\/(shop\/cart|profile|fs|auth)\b/.test(l))).toBe(false);
	});

	it('names the alternates of each URL', () => {
		const entry = /<url><loc>[^<]*\/en\/events<\/loc>(.*?)<\/url>/.exec(xml)?.[1] ?? '';
		expect(entry).toContain(`hreflang="no" href="${server.url}/no/events"`);
		expect(entry).toContain(`hreflang="en" href="${server.url}/en/events"`);
		expect(entry).toContain(`hreflang="x-default" href="${server.url}/no/events"`);
	});

	it('every URL in it answers 200 in its locale', async () => {
		expect(locs.length).toBeGreaterThan(80);
		for (const loc of locs) {
			const res = await fetch(loc, { redirect: 'manual' });
			expect(res.status, loc).toBe(200);
			const locale = new URL(loc).pathname.split('/')[1];
			expect(await res.text()).toMatch(new RegExp(`<html[^>]*\\blang="${locale}"`));
		}
	});

	it('uses PUBLIC_ORIGIN when it is set', async () => {
		const other = await startServer({ PUBLIC_ORIGIN: 'https://org.example' });
		try {
			const text = await (await fetch(`${other.url}/sitemap.xml`)).text();
			expect(text).toContain('<loc>https://org.example/no</loc>');
			const robots = await (await fetch(`${other.url}/robots.txt`)).text();
			expect(robots).toContain('Sitemap: https://org.example/sitemap.xml');
		} finally {
			await other.stop();
		}
	});
});

describe('/robots.txt', () => {
	it('allows the site, keeps crawlers off the API and private pages, and names the sitemap', async () => {
		const res = await fetch(`${server.url}/robots.txt`);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
		const text = await res.text();
		expect(text).toMatch(/^User-agent: \*$/m);
		expect(text).toMatch(/^Disallow: \/api\/$/m);
		expect(text).toMatch(/^Disallow: \/\*\/shop\/cart$/m);
		expect(text).toMatch(/^Disallow: \/\*\/profile$/m);
		expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
	});
});
