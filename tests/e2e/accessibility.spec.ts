import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { themedPage } from '../helpers/e2e';

// axe-core on every page type, in both languages and both themes: zero violations of WCAG 2.2
// A/AA and axe's best practices. Colour contrast is checked in each rendered theme.

const PAGES = [
	['home', ''],
	['about', '/about'],
	['about subpage', '/about/history'],
	['text page', '/privacy'],
	['policies', '/policies'],
	['policy', '/policies/code-of-conduct'],
	['contact', '/contact'],
	['safety report', '/safety/report'],
	['campus', '/campus'],
	['events', '/events'],
	['past events', '/events?past=1'],
	['event', '/events/evt-julebord'],
	['news', '/news'],
	['news item', '/news/news-new-board'],
	['jobs', '/jobs'],
	['job', '/jobs/treasurer-oslo'],
	['closed job', '/jobs/photographer'],
	['units', '/units'],
	['unit', '/units/board-oslo'],
	['unit team tab', '/units/board-oslo?tab=team'],
	['unit products tab', '/units/board-oslo?tab=products'],
	['projects', '/projects'],
	['project', '/projects/green-campus'],
	['shop', '/shop'],
	['product', '/shop/hoodie'],
	['cart', '/shop/cart'],
	['checkout', '/shop/checkout'],
	['membership', '/membership'],
	['sign-in', '/auth/login'],
	['search results', '/search?q=styret'],
	['not found', '/no-such-page']
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
// A theme changes colours only: the dark one is checked for what colours decide (the full rule set
// runs in the light one), in one language (the other has the same colours and markup), which keeps
// the run short without checking less.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

for (const locale of ['no', 'en'] as const) {
	test.describe(`/${locale}`, () => {
		for (const [name, path] of PAGES) {
			const themes = locale === 'no' ? (['light', 'dark'] as const) : (['light'] as const);
			test(`${name} has no axe violations, ${themes.join(' and ')}`, async ({
				page,
				context,
				baseURL
			}) => {
				const found: { theme: string; id: string; help: string; nodes: string[] }[] = [];
				for (const theme of themes) {
					await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
					await page.emulateMedia({ colorScheme: theme });
					await page.goto(`/${locale}${path}`);
					await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
					const axe = new AxeBuilder({ page });
					const results = await (
						theme === 'light' ? axe.withTags(TAGS) : axe.withRules(COLOUR_RULES)
					).analyze();
					for (const v of results.violations) {
						found.push({
							theme,
							id: v.id,
							help: v.help,
							nodes: v.nodes.map((n) => n.target.join(' ') + ' — ' + n.failureSummary)
						});
					}
				}
				expect(found).toEqual([]);
			});
		}
	});
}

test.describe('states that are not a plain page load', () => {
	for (const theme of ['light', 'dark'] as const) {
		test(`the contact form showing its errors (${theme})`, async ({ browser, baseURL }) => {
			// axe runs as a script in the page, so this state is reached with JavaScript on.
			const { context, page } = await themedPage(browser, baseURL!, theme);
			await page.goto('/en/contact');
			await page.getByLabel('Your email address').fill('not-an-address');
			await page.getByRole('button', { name: 'Send message' }).click();
			await expect(page.getByRole('alert')).toBeVisible();
			const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
			expect(results.violations.map((v) => v.id)).toEqual([]);
			await context.close();
		});

		test(`the open mobile menu (${theme})`, async ({ browser, baseURL }) => {
			const { context, page } = await themedPage(browser, baseURL!, theme, {
				viewport: { width: 390, height: 800 }
			});
			await page.goto('/no/events');
			await page.getByText('Meny', { exact: true }).click();
			const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
			expect(results.violations.map((v) => v.id)).toEqual([]);
			await context.close();
		});
	}
});
