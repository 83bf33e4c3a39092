import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, E2E_DB, e2eAccount, e2eDb, e2eSession } from '../helpers/e2e';
import { COPY_TITLE, copyEvent, openRegistration } from '../helpers/registration';

// The personal calendar feed as a member meets it on the profile, in both languages: the address
// made and shown once, the feed listing their event in their language, a new address ending the
// old one at once, the feed turned off; the same plain posts without JavaScript; axe on the section.

const LOCALES = ['no', 'en'] as const;
type Locale = (typeof LOCALES)[number];

const texts = (locale: Locale) =>
	JSON.parse(readFileSync(`messages/${locale}/profile.json`, 'utf8')) as Record<string, string>;

/** A member registered for an event of their own, whose profile language is `locale`. */
async function registeredMember(
	browser: Browser,
	baseURL: string,
	locale: Locale,
	javaScriptEnabled = true
): Promise<{ page: Page; event: string }> {
	const event = copyEvent(E2E_DB);
	openRegistration(E2E_DB, event, { capacity: 5 });
	const context = await browser.newContext({ javaScriptEnabled });
	const { id } = await e2eAccount(`Cal Feed ${locale}`);
	e2eDb((d) => d.prepare('update users set locale = ? where id = ?').run(locale, id));
	await e2eSession(context, baseURL, id);
	const page = await context.newPage();
	const registered = await page.request.post(`/api/events/${event}/registration`, {
		headers: { origin: baseURL },
		data: {}
	});
	expect(registered.status()).toBe(200);
	return { page, event };
}

/** Presses `button` in the calendar section and reads the address it shows (not `previous`). */
async function newAddress(page: Page, t: Record<string, string>, button: string, previous = '') {
	await page.getByRole('button', { name: button }).click();
	await expect(page.getByRole('status')).toContainText(t.profile_calendar_made!);
	const field = page.getByLabel(t.profile_calendar_url!);
	await expect(field).not.toHaveValue(previous);
	const url = await field.inputValue();
	expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}$/);
	return url;
}

for (const locale of LOCALES) {
	const t = texts(locale);

	test(`${locale}: a member makes a calendar feed on the profile, finds their event in it, and a new address ends the old one`, async ({
		browser,
		baseURL
	}) => {
		const { page, event } = await registeredMember(browser, baseURL!, locale);
		await page.goto(`/${locale}/profile`);
		const section = page.getByRole('region', { name: t.profile_calendar });
		await expect(section.getByTestId('calendar-feed-status')).toContainText(
			t.profile_calendar_none!
		);

		const first = await newAddress(page, t, t.profile_calendar_create!);
		expect(await axeViolations(page)).toEqual([]);
		const feed = await page.request.get(first);
		expect(feed.status()).toBe(200);
		expect(feed.headers()['content-type']).toContain('text/calendar');
		expect(await feed.text()).toContain(`SUMMARY:${COPY_TITLE[locale]} ${event}`);

		const second = await newAddress(page, t, t.profile_calendar_renew!, first);
		expect((await page.request.get(first)).status()).toBe(404);
		expect((await page.request.get(second)).status()).toBe(200);

		await page.getByRole('button', { name: t.profile_calendar_off }).click();
		await expect(page.getByRole('status')).toHaveText(t.profile_calendar_turned_off!);
		await expect(section.getByTestId('calendar-feed-status')).toContainText(
			t.profile_calendar_none!
		);
		expect((await page.request.get(second)).status()).toBe(404);
	});
}

test('no: the calendar feed works without JavaScript', async ({ browser, baseURL }) => {
	const t = texts('no');
	const { page, event } = await registeredMember(browser, baseURL!, 'no', false);
	await page.goto('/no/profile');
	const first = await newAddress(page, t, t.profile_calendar_create!);
	expect(await (await page.request.get(first)).text()).toContain(`${COPY_TITLE.no} ${event}`);
	// Reloaded without the answer: the address is not shown again, only that there is a feed.
	await page.goto('/no/profile');
	await expect(page.getByLabel(t.profile_calendar_url!)).toHaveCount(0);
	const second = await newAddress(page, t, t.profile_calendar_renew!);
	expect((await page.request.get(first)).status()).toBe(404);
	expect((await page.request.get(second)).status()).toBe(200);
});
