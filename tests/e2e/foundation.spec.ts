import { expect, test, type Page } from '@playwright/test';
import { holdScripts } from '../helpers/slow-scripts';

// The walking skeleton as a visitor meets it: both languages with seeded content, the language
// switch, locale negotiation for unprefixed links, protected pages, theme, menu and skip link.

async function htmlLang(page: Page) {
	return page.locator('html').getAttribute('lang');
}

test.describe('home page in both languages', () => {
	for (const [locale, heading, news] of [
		['no', 'Kommende arrangementer', 'Siste nytt'],
		['en', 'Upcoming events', 'Latest news']
	] as const) {
		test(`/${locale} shows seeded events, news and products in its language`, async ({ page }) => {
			const response = await page.goto(`/${locale}`);
			expect(response?.status()).toBe(200);
			expect(await htmlLang(page)).toBe(locale);
			await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
			await expect(page.getByRole('heading', { level: 2, name: news })).toBeVisible();

			const events = page.locator('section[aria-labelledby="home-events"] a[href*="/events/"]');
			expect(await events.count()).toBeGreaterThan(0);
			expect(await events.first().getAttribute('href')).toMatch(new RegExp(`^/${locale}/events/`));
			const products = page.locator('section[aria-labelledby="home-products"] a[href*="/shop/"]');
			expect(await products.count()).toBeGreaterThan(0);
		});
	}

	test('the two languages show different text for the same content', async ({ page }) => {
		await page.goto('/no');
		const no = await page.locator('main h1').innerText();
		await page.goto('/en');
		const en = await page.locator('main h1').innerText();
		expect(no).not.toBe(en);
	});
});

test('the language switcher keeps the page and its query, and sets <html lang>', async ({
	page
}) => {
	await page.goto('/no/events?page=1');
	expect(await htmlLang(page)).toBe('no');
	await page.getByTestId('language-switcher').click();
	await expect(page).toHaveURL(/\/en\/events\?page=1$/);
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await expect(page.getByRole('link', { name: 'Events', exact: true }).first()).toBeVisible();

	await page.getByTestId('language-switcher').click();
	await expect(page).toHaveURL(/\/no\/events\?page=1$/);
	await expect(page.locator('html')).toHaveAttribute('lang', 'no');
	await expect(
		page.getByRole('link', { name: 'Arrangementer', exact: true }).first()
	).toBeVisible();
});

test.describe('unprefixed paths go to the negotiated language', () => {
	test('Accept-Language decides when there is no cookie; the query is kept', async ({
		browser
	}) => {
		const context = await browser.newContext({ locale: 'en-GB' });
		const page = await context.newPage();
		await page.goto('/events?page=1');
		await expect(page).toHaveURL(/\/en\/events\?page=1$/);
		expect(await htmlLang(page)).toBe('en');
		await context.close();
	});

	test('an unsupported browser language falls back to Norwegian', async ({ browser }) => {
		const context = await browser.newContext({ locale: 'de-DE' });
		const page = await context.newPage();
		await page.goto('/news');
		await expect(page).toHaveURL(/\/no\/news$/);
		await context.close();
	});

	test('the language last visited (cookie) wins over Accept-Language', async ({ browser }) => {
		const context = await browser.newContext({ locale: 'en-US' });
		const page = await context.newPage();
		await page.goto('/no/jobs');
		await page.goto('/events');
		await expect(page).toHaveURL(/\/no\/events$/);
		await context.close();
	});
});

test.describe('protected pages', () => {
	for (const locale of ['no', 'en']) {
		test(`/${locale}/profile without a session goes to the sign-in page with redirectTo`, async ({
			page
		}) => {
			await page.goto(`/${locale}/profile`);
			const url = new URL(page.url());
			expect(url.pathname).toBe(`/${locale}/auth/login`);
			expect(url.searchParams.get('redirectTo')).toBe(`/${locale}/profile`);
			expect(url.search).toBe(`?redirectTo=%2F${locale}%2Fprofile`);
		});
	}

	test('an anonymous session is not enough for /fs', async ({ page }) => {
		const response = await page.request.post('/api/auth/anonymous');
		expect(response.status()).toBe(200);
		await page.goto('/en/fs/claims');
		const url = new URL(page.url());
		expect(url.pathname).toBe('/en/auth/login');
		expect(url.searchParams.get('redirectTo')).toBe('/en/fs/claims');
	});
});

test.describe('theme', () => {
	test('choosing dark applies at once with JavaScript and is remembered', async ({ page }) => {
		await page.goto('/en');
		// Applying on change is the hydrated page's behaviour; wait until the app has loaded.
		await page.waitForLoadState('networkidle');
		await page.getByLabel('Colour theme').selectOption('dark');
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
		await page.reload();
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
		const background = await page.evaluate(() => getComputedStyle(document.body).colorScheme);
		expect(background).toBe('dark');
	});

	test('works without JavaScript through the Apply button', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/no/news');
		await page.getByLabel('Fargetema').selectOption('dark');
		await page.getByRole('button', { name: 'Bruk tema' }).click();
		await expect(page).toHaveURL(/\/no\/news$/);
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
		await context.close();
	});
});

test('the mobile menu opens from the keyboard and its links lead on', async ({ browser }) => {
	const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
	const page = await context.newPage();
	await page.goto('/en');
	const menu = page.getByRole('navigation', { name: 'Main menu' }).last();
	await expect(menu).toBeHidden();
	await page.getByText('Menu', { exact: true }).focus();
	await page.keyboard.press('Enter');
	await expect(menu).toBeVisible();
	await menu.getByRole('link', { name: 'News' }).click();
	await expect(page).toHaveURL(/\/en\/news$/);
	await context.close();
});

test('a mobile menu opened before the scripts arrive stays open when they do', async ({
	browser
}) => {
	const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
	const page = await context.newPage();
	const release = await holdScripts(page);
	await page.goto('/en', { waitUntil: 'commit' });
	await page.getByText('Menu', { exact: true }).click();
	const menu = page.getByRole('navigation', { name: 'Main menu' }).last();
	await expect(menu).toBeVisible();
	release();
	await page.waitForLoadState('networkidle');
	await expect(menu).toBeVisible();
	await menu.getByRole('link', { name: 'News' }).click();
	await expect(page).toHaveURL(/\/en\/news$/);
	await expect(menu).toBeHidden();
	await context.close();
});

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
	await page.goto('/en/events');
	await page.keyboard.press('Tab');
	const skip = page.getByRole('link', { name: 'Skip to main content' });
	await expect(skip).toBeFocused();
	await expect(skip).toBeVisible();
	await page.keyboard.press('Enter');
	await expect(page.locator('main#main')).toBeFocused();
});

test('a reloaded page keeps its styles and runs its scripts', async ({ page }) => {
	const errors: string[] = [];
	page.on('console', (m) => {
		if (m.type() === 'error') errors.push(m.text());
	});
	await page.goto('/en/events');
	await page.waitForLoadState('networkidle');
	// The browser asks again with the page's ETag and is answered 304.
	await page.reload();
	await page.waitForLoadState('networkidle');
	const styled = await page.evaluate(
		() => getComputedStyle(document.querySelector('main')!).maxWidth
	);
	expect(styled).not.toBe('none');
	expect(errors).toEqual([]);
});
