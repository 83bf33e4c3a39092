import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { phoneJpeg } from '../../src/lib/server/files/test-fixtures';
import { e2eAccount, e2eAdmin, e2eSession } from '../helpers/e2e';

// The main journeys as pictures (npm run screenshots): every page a new visitor, a shopper, a
// member filing a claim and the staff meet, at a desktop's and a phone's size, in both languages.
// One file per page and size: screenshots/<locale>-<size>/<nn>-<name>.png, the whole page.

const SIZES = {
	desktop: { width: 1280, height: 800 },
	phone: { width: 390, height: 844 }
} as const;

type Locale = 'no' | 'en';

function messages(locale: Locale) {
	const all: Record<string, string> = {};
	for (const file of ['shop', 'cart', 'checkout', 'expense-form', 'contact']) {
		Object.assign(all, JSON.parse(readFileSync(`messages/${locale}/${file}.json`, 'utf8')));
	}
	return (key: string) => all[key] ?? key;
}

for (const locale of ['no', 'en'] as const) {
	for (const [size, viewport] of Object.entries(SIZES)) {
		test(`${locale} ${size}`, async ({ browser, baseURL }) => {
			const t = messages(locale);
			const context = await browser.newContext({ viewport });
			const page = await context.newPage();
			let n = 0;
			const shot = async (name: string, path?: string, prepare?: (page: Page) => Promise<void>) => {
				await test.step(name, async () => {
					if (path !== undefined) await page.goto(`/${locale}${path}`);
					await page.waitForLoadState('networkidle');
					await prepare?.(page);
					n += 1;
					await page.screenshot({
						path: `screenshots/${locale}-${size}/${String(n).padStart(2, '0')}-${name}.png`,
						fullPage: true
					});
				});
			};

			// A visitor.
			await shot('home', '');
			if (size === 'phone') {
				await shot('menu', undefined, (p) => p.getByTestId('menu-button').click());
			}
			await shot('events', '/events');
			await shot('event', '/events/evt-julebord');
			await shot('news', '/news');
			await shot('news-item', '/news/news-new-board');
			await shot('units', '/units');
			await shot('unit', '/units/board-oslo');
			await shot('jobs', '/jobs');
			await shot('job', '/jobs/treasurer-oslo');
			await shot('membership', '/membership');
			await shot('contact', '/contact');
			await shot('safety-report', '/safety/report');
			await shot('sign-in', '/auth/login');

			// A shopper: five hoodies, the cart, the checkout and its errors.
			await shot('shop', '/shop');
			await shot('product', '/shop/hoodie');
			await page.getByLabel(t('shop_quantity')).fill('5');
			await page.getByRole('button', { name: t('shop_add_to_cart') }).click();
			await expect(page).toHaveURL(/\/shop\/cart/);
			await shot('cart');
			await shot('events-with-cart', '/events');
			await shot('checkout', '/shop/checkout');
			await shot('checkout-errors', undefined, async (p) => {
				await p.getByRole('button', { name: t('checkout_pay') }).click();
				await expect(p.getByText(t('checkout_error_terms'))).toBeVisible();
			});

			// A member filing a claim.
			const member = await e2eAccount('Kari Nordmann');
			await e2eSession(context, baseURL!, member.id);
			await shot('profile', '/profile');
			await shot('claim-form', '/fs/new');
			await page.getByLabel(t('expense_form_campus'), { exact: true }).selectOption('oslo');
			await page.getByLabel(t('expense_form_unit'), { exact: true }).selectOption('board-oslo');
			await page.getByLabel(t('expense_form_purpose'), { exact: true }).fill('Pizza');
			await page.getByLabel(t('expense_form_account'), { exact: true }).fill('1234 56 78903');
			const line = page.getByRole('group', {
				name: t('expense_form_receipt_line').replace('{n}', '1')
			});
			await line.getByLabel(t('expense_form_merchant'), { exact: true }).fill('Pizzeria');
			await line.getByLabel(t('expense_form_description'), { exact: true }).fill('Pizza');
			await line.getByLabel(t('expense_form_amount'), { exact: true }).fill('249,90');
			await line
				.getByLabel(t('expense_form_file'), { exact: true })
				.setInputFiles({ name: 'pizza.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg() });
			await expect(line.getByRole('img')).toBeVisible();
			await shot('claim-form-filled');
			await page.getByRole('button', { name: t('expense_form_submit'), exact: true }).click();
			await expect(page).toHaveURL(/\/fs\/[0-9a-f-]{36}/);
			await shot('claim');
			await shot('claims', '/fs');

			// Staff: one new message in the inbox.
			await context.clearCookies();
			await page.goto(`/${locale}/contact`);
			await page.getByLabel(t('contact_name')).fill('Ola');
			await page.getByLabel(t('contact_email')).fill('ola@example.org');
			await page.getByLabel(t('contact_subject')).fill('Hei');
			await page.getByLabel(t('contact_message'), { exact: true }).fill('Kan vi låne salen?');
			await page.getByRole('button', { name: t('contact_submit') }).click();
			await expect(page.getByRole('status')).toBeVisible();
			await shot('contact-sent');
			const admin = await e2eAdmin();
			await e2eSession(context, baseURL!, admin.id);
			await shot('home-staff', '');
			if (size === 'desktop') {
				await shot('account-menu', undefined, (p) =>
					p.getByTestId('account-menu').locator('summary').click()
				);
			}
			await shot('admin-dashboard', '/admin');
			await shot('admin-inbox', '/admin/inbox');
			await context.close();
		});
	}
}
