import { expect, test, type Page } from '@playwright/test';
import { e2eDb } from '../helpers/e2e';

// Public content as a visitor's browser meets it: feeds parsed by the browser's own XML parser,
// the calendar download, and the campus choice and search working without JavaScript.

/** Parses XML with the browser's DOMParser; fails on any well-formedness error. */
async function parseXml<T>(page: Page, xml: string, read: (doc: Document) => T): Promise<T> {
	return page.evaluate(
		({ xml, read }) => {
			const doc = new DOMParser().parseFromString(xml, 'application/xml');
			const error = doc.querySelector('parsererror');
			if (error) throw new Error(`not well-formed: ${error.textContent}`);
			return new Function('doc', `return (${read})(doc)`)(doc);
		},
		{ xml, read: read.toString() }
	) as Promise<T>;
}

test('the news RSS feed is well-formed RSS 2.0 with the news in the page language', async ({
	page,
	request
}) => {
	await page.goto('/en/news');
	const href = await page.locator('link[type="application/rss+xml"]').getAttribute('href');
	const res = await request.get(href!);
	expect(res.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
	const feed = await parseXml(page, await res.text(), (doc) => ({
		root: doc.documentElement.nodeName,
		version: doc.documentElement.getAttribute('version'),
		title: doc.querySelector('channel > title')?.textContent,
		items: [...doc.querySelectorAll('item')].map((item) => ({
			title: item.querySelector('title')?.textContent,
			link: item.querySelector('link')?.textContent,
			date: item.querySelector('pubDate')?.textContent
		}))
	}));
	expect(feed).toMatchObject({ root: 'rss', version: '2.0', title: 'News from Orgweb' });
	expect(feed.items.map((i) => i.title)).toContain('New board elected in Oslo');
	for (const item of feed.items) {
		expect(item.link).toMatch(/^http:\/\/localhost:\d+\/en\/news\/[\w-]+$/);
		expect(Number.isNaN(Date.parse(item.date!))).toBe(false);
	}
	const dates = feed.items.map((i) => Date.parse(i.date!));
	expect([...dates].sort((a, b) => b - a)).toEqual(dates);
});

test('the sitemap is well-formed and every page link in it opens', async ({ page, request }) => {
	const xml = await (await request.get('/sitemap.xml')).text();
	const locs = await parseXml(page, xml, (doc) =>
		[...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? '')
	);
	expect(locs.length).toBeGreaterThan(80);
	await page.goto(new URL(locs.find((l) => l.endsWith('/en/events/evt-julebord'))!).pathname);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Christmas party');
});

/** A copy of a seeded news item or event under new addresses, one for each language. */
function copyWithAddresses(
	table: 'news' | 'events',
	from: string,
	address: Record<'no' | 'en', string>
) {
	e2eDb((d) => {
		const row = d.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(from) as Record<
			string,
			string
		>;
		// Titles of its own too, so that no other test finds two of the seeded item.
		const copy = {
			...row,
			id: address.no,
			slug_en: address.en,
			title_no: `${row.title_no} (${address.no})`,
			title_en: `${row.title_en} (${address.en})`
		};
		const columns = Object.keys(copy);
		d.prepare(
			`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`
		).run(copy);
	});
}

for (const [section, from] of [
	['news', 'news-shop-open'],
	['events', 'evt-career']
] as const) {
	test(`the language switcher on ${section === 'news' ? 'a news item' : 'an event'} leads straight to the other language's own address`, async ({
		page
	}) => {
		const tag = Math.random().toString(36).slice(2, 7);
		const address = { no: `norsk-${section}-${tag}`, en: `english-${section}-${tag}` };
		copyWithAddresses(section, from, address);
		await page.goto(`/no/${section}/${address.no}`);
		for (const other of ['en', 'no'] as const) {
			const own = `/${other}/${section}/${address[other]}`;
			const [response] = await Promise.all([
				page.waitForResponse((r) => r.request().isNavigationRequest()),
				page.getByTestId('language-switcher').first().click()
			]);
			// Straight there: not the other address and a 301 on the way.
			expect(new URL(response.url()).pathname).toBe(own);
			expect(response.status()).toBe(200);
			await expect(page).toHaveURL(own);
			await expect(page.locator('html')).toHaveAttribute('lang', other);
		}
	});
}

test('"add to calendar" downloads an .ics file of the event', async ({ page }) => {
	await page.goto('/no/events/evt-julebord');
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByTestId('add-to-calendar').click()
	]);
	expect(download.suggestedFilename()).toBe('evt-julebord.ics');
	const chunks: Buffer[] = [];
	for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
	const body = Buffer.concat(chunks).toString('utf8');
	expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
	expect(body).toContain('SUMMARY:Julebord\r\n');
	expect(body).toMatch(/DTSTART;TZID=Europe\/Oslo:\d{8}T190000\r\n/);
});

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false });

	test('choosing a campus in the header filters the events list', async ({ page }) => {
		await page.goto('/en/events');
		await expect(page.getByText('Christmas party')).toBeVisible();
		await page.getByRole('combobox', { name: 'Your campus' }).selectOption('bergen');
		await page.getByRole('button', { name: 'Choose campus' }).click();
		await expect(page).toHaveURL(/\/en\/events$/);
		await expect(page.getByRole('combobox', { name: 'Your campus' })).toHaveValue('bergen');
		await expect(page.getByRole('link', { name: 'Career day', exact: true })).toBeVisible();
		await expect(page.getByText('Christmas party')).toHaveCount(0);
		// The choice follows the visitor to the units list.
		await page.goto('/en/units');
		await expect(page.getByRole('heading', { level: 2, name: 'Bergen' })).toBeVisible();
		await expect(page.getByRole('heading', { level: 2, name: 'Oslo' })).toHaveCount(0);
	});

	test('the header search box leads to results', async ({ page }) => {
		await page.goto('/no');
		await page
			.getByRole('banner')
			.locator('summary')
			.filter({ hasText: 'Søk på nettstedet' })
			.click();
		await page.getByRole('searchbox', { name: 'Søk på nettstedet' }).fill('julebord');
		await page.getByRole('search', { name: 'Søk på nettstedet' }).getByRole('button').click();
		await expect(page).toHaveURL(/\/no\/search\?q=julebord$/);
		await page
			.getByTestId('search-hit')
			.getByRole('link', { name: 'Julebord', exact: true })
			.click();
		await expect(page).toHaveURL(/\/no\/events\/evt-julebord$/);
	});

	test('the events filter form and the pages work', async ({ page }) => {
		await page.goto('/en/events');
		await page.getByLabel('Category').selectOption('sport');
		await page.getByRole('button', { name: 'Show events' }).click();
		await expect(page).toHaveURL(/category=sport/);
		await expect(page.getByTestId('event-card')).toHaveCount(1);
		await expect(page.getByText('Climbing night for beginners')).toBeVisible();
	});
});
