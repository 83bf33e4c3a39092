import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { png } from '../../src/lib/server/files/test-fixtures';
import { axeViolations, E2E_PASSWORD, e2eAccount, e2eAdmin, e2eSession } from '../helpers/e2e';

// The admin's content pages in Chromium, in both languages: an admin writes an event in Norwegian
// and English and finds it on its public page, in the calendar feed and in the search; a unit's
// leader edits their unit's page and is refused another's; a body is previewed without
// JavaScript; axe finds nothing on each admin page type.

const LOCALES = ['no', 'en'] as const;
const texts = (locale: string) =>
	JSON.parse(readFileSync(`messages/${locale}/admin.json`, 'utf8')) as Record<string, string>;

async function signInAsAdmin(page: Page, baseURL: string) {
	const { id } = await e2eAdmin();
	await e2eSession(page.context(), baseURL, id);
}

for (const locale of LOCALES) {
	test(`${locale}: an admin publishes an event in both languages; its page, the calendar and the search show it`, async ({
		page,
		baseURL
	}) => {
		const t = texts(locale);
		await signInAsAdmin(page, baseURL!);
		const tag = Math.random().toString(36).slice(2, 7);
		const titles = { no: `Quizkveld ${tag}`, en: `Quiz night ${tag}` };
		await page.goto(`/${locale}/admin`);
		expect(await axeViolations(page)).toEqual([]);
		await page
			.getByRole('navigation', { name: t.admin_nav_label })
			.getByRole('link', { name: t.admin_kind_events })
			.click();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.admin_kind_events!);
		expect(await axeViolations(page)).toEqual([]);
		await page.getByRole('link', { name: t.admin_content_new }).click();
		await page.getByLabel(`${t.admin_field_title} (${t.admin_language_no})`).fill(titles.no);
		await page.getByLabel(`${t.admin_field_title} (${t.admin_language_en})`).fill(titles.en);
		await page
			.getByLabel(`${t.admin_field_body} (${t.admin_language_no})`)
			.fill('Lag på **fire**.');
		await page
			.getByLabel(`${t.admin_field_body} (${t.admin_language_en})`)
			.fill('Teams of **four**.');
		await page.getByLabel(new RegExp(`^${t.admin_field_starts_at}\\*?$`)).fill('2027-03-05T19:00');
		await page.getByLabel(new RegExp(`^${t.admin_field_ends_at}\\*?$`)).fill('2027-03-05T22:00');
		await page.getByLabel(new RegExp(`^${t.admin_field_location}\\*?$`)).fill('Kafeen');
		await page.getByLabel(new RegExp(`^${t.admin_field_category}\\*?$`)).selectOption('social');
		await page.getByLabel(new RegExp(`^${t.admin_field_campus}\\*?$`)).selectOption('oslo');
		await page.getByLabel(t.admin_content_publish_now!).check();
		expect(await axeViolations(page)).toEqual([]);
		await page.getByRole('button', { name: t.admin_content_save, exact: true }).click();
		await expect(page.getByRole('status')).toHaveText(t.admin_content_saved!);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[locale]);
		expect(await axeViolations(page)).toEqual([]);
		const id = new URL(page.url()).pathname.split('/').pop()!;

		for (const lang of LOCALES) {
			await page.goto(`/${lang}/events/${id}`);
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[lang]);
			await expect(
				page.locator('strong', { hasText: lang === 'no' ? 'fire' : 'four' })
			).toBeVisible();
			const ical = await (await page.request.get(`/${lang}/events/calendar.ics`)).text();
			expect(ical).toContain(titles[lang]);
			await page.goto(`/${lang}/search?q=${encodeURIComponent(titles[lang])}`);
			await expect(page.getByRole('link', { name: titles[lang] })).toBeVisible();
		}
	});
}

for (const locale of LOCALES) {
	test(`${locale}: an admin adds an event category named in both languages; the event form chooses it, and each language's filter shows its own name`, async ({
		page,
		baseURL
	}) => {
		const t = texts(locale);
		await signInAsAdmin(page, baseURL!);
		const tag = Math.random().toString(36).slice(2, 7);
		const names = { no: `Fest ${tag}`, en: `Party ${tag}` };
		await page.goto(`/${locale}/admin/content/event-categories`);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			t.admin_kind_event_categories!
		);
		expect(await axeViolations(page)).toEqual([]);
		await page.getByRole('link', { name: t.admin_content_new }).click();
		await page.getByLabel(`${t.admin_field_name} (${t.admin_language_no})`).fill(names.no);
		await page.getByLabel(`${t.admin_field_name} (${t.admin_language_en})`).fill(names.en);
		expect(await axeViolations(page)).toEqual([]);
		await page.getByRole('button', { name: t.admin_content_save, exact: true }).click();
		await expect(page.getByRole('status')).toHaveText(t.admin_content_saved!);
		const code = new URL(page.url()).pathname.split('/').pop()!;
		expect(code).toBe(`fest-${tag}`);

		await page.goto(`/${locale}/admin/content/events/new`);
		const title = `Festkveld ${tag}`;
		await page.getByLabel(`${t.admin_field_title} (${t.admin_language_no})`).fill(title);
		await page.getByLabel(`${t.admin_field_title} (${t.admin_language_en})`).fill(title);
		await page.getByLabel(new RegExp(`^${t.admin_field_starts_at}\\*?$`)).fill('2027-04-05T19:00');
		await page.getByLabel(new RegExp(`^${t.admin_field_ends_at}\\*?$`)).fill('2027-04-05T23:00');
		await page.getByLabel(new RegExp(`^${t.admin_field_location}\\*?$`)).fill('Kafeen');
		const category = page.getByLabel(new RegExp(`^${t.admin_field_category}\\*?$`));
		await expect(category.locator('option', { hasText: names[locale] })).toHaveCount(1);
		await category.selectOption(code);
		await page.getByLabel(new RegExp(`^${t.admin_field_campus}\\*?$`)).selectOption('oslo');
		await page.getByLabel(t.admin_content_publish_now!).check();
		await page.getByRole('button', { name: t.admin_content_save, exact: true }).click();
		await expect(page.getByRole('status')).toHaveText(t.admin_content_saved!);

		for (const lang of LOCALES) {
			await page.goto(`/${lang}/events`);
			const filter = page.locator('select[name="category"]');
			await expect(filter.locator('option', { hasText: names[lang] })).toHaveCount(1);
			await expect(
				filter.locator('option', { hasText: names[lang === 'no' ? 'en' : 'no'] })
			).toHaveCount(0);
			await filter.selectOption({ label: names[lang] });
			await filter.locator('xpath=ancestor::form').locator('button[type="submit"]').click();
			await expect(page).toHaveURL(new RegExp(`category=${code}`));
			await expect(page.getByRole('link', { name: title })).toBeVisible();
		}
	});
}

for (const kind of ['news', 'events'] as const) {
	test(`${kind}: an item has an address of its own in each language; the other language’s address leads there (301), and the sitemap names each`, async ({
		page,
		baseURL
	}) => {
		const t = texts('en');
		await signInAsAdmin(page, baseURL!);
		const tag = Math.random().toString(36).slice(2, 7);
		const titles = { no: `Nytt styre ${tag}`, en: `New board ${tag}` };
		await page.goto(`/en/admin/content/${kind}/new`);
		await page.getByLabel(`${t.admin_field_title} (${t.admin_language_no})`).fill(titles.no);
		await page.getByLabel(`${t.admin_field_title} (${t.admin_language_en})`).fill(titles.en);
		if (kind === 'events') {
			await page
				.getByLabel(new RegExp(`^${t.admin_field_starts_at}\\*?$`))
				.fill('2027-05-05T19:00');
			await page.getByLabel(new RegExp(`^${t.admin_field_ends_at}\\*?$`)).fill('2027-05-05T21:00');
			await page.getByLabel(new RegExp(`^${t.admin_field_location}\\*?$`)).fill('Aula');
			await page.getByLabel(new RegExp(`^${t.admin_field_category}\\*?$`)).selectOption('social');
			await page.getByLabel(new RegExp(`^${t.admin_field_campus}\\*?$`)).selectOption('oslo');
		}
		await page.getByLabel(t.admin_content_publish_now!).check();
		await page.getByRole('button', { name: t.admin_content_save, exact: true }).click();
		await expect(page.getByRole('status')).toHaveText(t.admin_content_saved!);
		const address = { no: `nytt-styre-${tag}`, en: `new-board-${tag}` };

		const get = (path: string) => page.request.get(path, { maxRedirects: 0 });
		expect((await get(`/en/${kind}/${address.en}`)).status()).toBe(200);
		expect((await get(`/no/${kind}/${address.no}`)).status()).toBe(200);
		for (const [path, to] of [
			[`/en/${kind}/${address.no}`, `/en/${kind}/${address.en}`],
			[`/no/${kind}/${address.en}`, `/no/${kind}/${address.no}`]
		]) {
			const moved = await get(path!);
			expect(moved.status(), path).toBe(301);
			expect(moved.headers().location).toBe(to);
		}
		for (const locale of LOCALES) {
			await page.goto(
				kind === 'events' ? `/${locale}/events?from=2027-05-05&to=2027-05-05` : `/${locale}/news`
			);
			await expect(page.getByRole('link', { name: titles[locale] })).toHaveAttribute(
				'href',
				`/${locale}/${kind}/${address[locale]}`
			);
		}
		const sitemap = await (await get('/sitemap.xml')).text();
		const entry = sitemap
			.split('\n')
			.find((line) => line.includes(`<loc>${baseURL}/en/${kind}/${address.en}</loc>`));
		expect(entry).toContain(`hreflang="no" href="${baseURL}/no/${kind}/${address.no}"`);
		expect(sitemap).not.toContain(`${baseURL}/en/${kind}/${address.no}`);
	});
}

test('a unit’s leader edits their unit’s page, and is refused another unit’s', async ({
	page,
	baseURL
}) => {
	const t = texts('en');
	const leader = await e2eAccount('Lea Leader', 'leader');
	await e2eSession(page.context(), baseURL!, leader.id);
	await page.goto('/en/admin/content/units');
	await expect(page.getByRole('link', { name: 'Oslo Board' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Sports Club' })).toHaveCount(0);
	await page.getByRole('link', { name: 'Oslo Board' }).click();
	const summary = `We meet every Tuesday ${Math.random().toString(36).slice(2, 6)}.`;
	await page.getByLabel(`${t.admin_field_summary} (${t.admin_language_en})`).fill(summary);
	await page.getByRole('button', { name: t.admin_content_save, exact: true }).click();
	await expect(page.getByRole('status')).toHaveText(t.admin_content_saved!);
	await page.goto('/en/units/board-oslo');
	await expect(page.getByText(summary)).toBeVisible();
	const other = await page.goto('/en/admin/content/units/sport-bergen');
	expect(other?.status()).toBe(404);
	const pages = await page.goto('/en/admin/content/pages');
	expect(pages?.status()).toBe(404);
});

test('from a page with JavaScript the admin area is reached as a page load and shown as the server renders it', async ({
	page
}) => {
	const { email } = await e2eAdmin();
	const auth = JSON.parse(readFileSync('messages/en/auth.json', 'utf8')) as Record<string, string>;
	const t = texts('en');
	const adminPageShown = async () => {
		await expect(page).toHaveURL(/\/en\/admin(\/inbox)?$/);
		await expect(page.getByRole('navigation', { name: t.admin_nav_label })).toBeVisible();
		// No script of the app: the browser has what the server rendered (csr = false).
		await expect(page.locator('script[src], link[rel=modulepreload]')).toHaveCount(0);
	};
	// Signing in with JavaScript, sent on to the admin area: the post's redirect is a client-side
	// navigation, which the area's (empty) browser components turn into a page load.
	await page.goto('/en/auth/login?redirectTo=%2Fen%2Fadmin');
	await page.waitForLoadState('networkidle');
	await page.getByLabel(auth.auth_email!, { exact: true }).fill(email);
	await page.getByLabel(auth.auth_password!, { exact: true }).fill(E2E_PASSWORD);
	await page.getByRole('button', { name: auth.auth_login_submit }).click();
	await adminPageShown();
	// The header's link from a public page.
	await page.goto('/en/events');
	await page.waitForLoadState('networkidle');
	await page.getByTestId('account-menu').locator('summary').click();
	await page.getByTestId('staff-inbox').getByRole('link').click();
	await adminPageShown();
});

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false });
	test('a new policy’s text is previewed as the site will show it, and published', async ({
		page,
		baseURL
	}) => {
		const t = texts('no');
		await signInAsAdmin(page, baseURL!);
		await page.goto('/no/admin/content/pages/new');
		const title = `Retningslinjer for utstyr ${Math.random().toString(36).slice(2, 6)}`;
		const text = '## Utlån\n\n- Lån for en uke\n- Lever rent';
		await page.getByLabel(`${t.admin_field_title} (${t.admin_language_no})`).fill(title);
		await page.getByLabel(`${t.admin_field_body} (${t.admin_language_no})`).fill(text);
		await page.getByLabel(t.admin_content_publish_now!).check();
		await page.getByRole('button', { name: t.admin_content_preview, exact: true }).click();
		const preview = page.getByTestId('preview-body-no');
		await expect(preview.getByRole('heading', { name: 'Utlån', level: 2 })).toBeVisible();
		await expect(preview.getByRole('listitem')).toHaveCount(2);
		// What was typed is still there to save.
		await expect(page.getByLabel(`${t.admin_field_title} (${t.admin_language_no})`)).toHaveValue(
			title
		);
		await expect(page.getByLabel(`${t.admin_field_body} (${t.admin_language_no})`)).toHaveValue(
			text
		);
		await page.getByRole('button', { name: t.admin_content_save, exact: true }).click();
		await expect(page.getByRole('status')).toHaveText(t.admin_content_saved!);
		await page.getByRole('link', { name: t.admin_content_view }).click();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
		await expect(page.getByRole('heading', { name: 'Utlån' })).toBeVisible();
	});
});

test('an admin gives a product a picture with its description, and the shop shows it', async ({
	page,
	baseURL
}) => {
	const t = texts('en');
	await signInAsAdmin(page, baseURL!);
	await page.goto('/en/admin/shop/products/prod-sticker');
	// The demo's drawing is the product's picture until another replaces it.
	await page.getByLabel(t.admin_image_replace!).setInputFiles({
		name: 'sticker.png',
		mimeType: 'image/png',
		buffer: await png(800, 800)
	});
	await page
		.getByLabel(`${t.admin_field_image_alt} (${t.admin_language_no})`)
		.fill('Klistremerke med logo');
	await page
		.getByLabel(`${t.admin_field_image_alt} (${t.admin_language_en})`)
		.fill('A sticker with the logo');
	await page.getByRole('button', { name: t.admin_image_save }).click();
	await expect(page.getByRole('status')).toHaveText(t.admin_content_saved!);
	expect(await axeViolations(page)).toEqual([]);
	await page.goto('/en/shop/sticker');
	const picture = page.getByRole('img', { name: 'A sticker with the logo' });
	await expect(picture).toBeVisible();
	// The browser took a size made for it, not the upload.
	expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
		/\/media\/[0-9a-f-]{36}\/\d+\.(avif|webp)$/
	);
});
