import { expect, test, type Page } from '@playwright/test';
import { e2eAccount, e2eSession } from '../helpers/e2e';

// Switching language on a page that has hydrated (a client-side navigation, no reload by the
// visitor) shows the page exactly as it is when opened in the new language: titles of events,
// news and products included, not only the menus and headings.

const PAGES = [
	['home', ''],
	['events list', '/events'],
	['event', '/events/evt-julebord'],
	['shop', '/shop'],
	['product', '/shop/hoodie'],
	['news list', '/news'],
	['news item', '/news/news-new-board'],
	['units', '/units'],
	['unit', '/units/board-oslo'],
	['jobs', '/jobs'],
	['job', '/jobs/treasurer-oslo'],
	['projects', '/projects'],
	['project', '/projects/green-campus'],
	['about page', '/about/history'],
	['text page', '/privacy'],
	['policies', '/policies'],
	['campus', '/campus'],
	['membership', '/membership'],
	['search', '/search?q=styret'],
	['cart', '/shop/cart']
] as const;

/** What the page says: its title and the main content's text (whitespace aside). */
async function shown(page: Page) {
	const main = await page.locator('main').evaluate((el) => el.textContent ?? '');
	return { title: await page.title(), main: main.replace(/\s+/g, ' ').trim() };
}

async function switchAndCompare(page: Page, from: 'no' | 'en', path: string) {
	const to = from === 'no' ? 'en' : 'no';
	await page.goto(`/${to}${path}`);
	// Both pages are read as they are once hydrated (the claim form changes its lists then).
	await page.waitForLoadState('networkidle');
	const fresh = await shown(page);
	await page.goto(`/${from}${path}`);
	// The switch is to be a client-side navigation: the app has to be running first.
	await page.waitForLoadState('networkidle');
	await page.getByTestId('language-switcher').click();
	await expect(page).toHaveURL(new RegExp(`/${to}${path.replace(/[?]/g, '\\?')}$`));
	await expect(page.locator('html')).toHaveAttribute('lang', to);
	await page.waitForLoadState('networkidle');
	await expect.poll(() => shown(page)).toEqual(fresh);
}

for (const [name, path] of PAGES) {
	for (const from of ['no', 'en'] as const) {
		test(`${name}: switching from ${from} shows the page as it is in the other language`, async ({
			page
		}) => {
			await switchAndCompare(page, from, path);
		});
	}
}

for (const [name, path] of [
	['profile', '/profile'],
	['claims', '/fs'],
	['claim form', '/fs/new']
] as const) {
	test(`${name} (signed in): switching from no shows the page as it is in English`, async ({
		page,
		context,
		baseURL
	}) => {
		const member = await e2eAccount('Sigrid Switcher');
		await e2eSession(context, baseURL!, member.id);
		await switchAndCompare(page, 'no', path);
	});
}
