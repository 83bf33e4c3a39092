import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { axeViolations, e2eAdmin, e2eDb, e2eSession } from '../helpers/e2e';

// The contact form in a real browser, in both languages, with JavaScript off (plain form post)
// and on (enhanced); then an admin finds the message in the inbox, replies, and it is handled.

const LOCALES = ['no', 'en'] as const;
const load = (locale: string, file: string) =>
	JSON.parse(readFileSync(`messages/${locale}/${file}.json`, 'utf8')) as Record<string, string>;

for (const locale of LOCALES) {
	const t = load(locale, 'contact');
	for (const javaScript of [false, true]) {
		test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}: errors are shown next to the fields, what was typed stays, then the message is sent`, async ({
			browser
		}) => {
			const context = await browser.newContext({ javaScriptEnabled: javaScript });
			const page = await context.newPage();
			await page.goto(`/${locale}/contact`);
			await page.getByLabel(t.contact_name!).fill('Kari');
			await page.getByLabel(t.contact_email!).fill('kari@');
			await page.getByLabel(t.contact_subject!).fill(`Hei ${locale} ${javaScript}`);
			await page.getByLabel(t.contact_message!, { exact: true }).fill('Short');
			await page.getByRole('button', { name: t.contact_submit }).click();

			await expect(page.getByRole('alert')).toHaveText(t.contact_error_summary!);
			await expect(page.getByLabel(t.contact_email!)).toHaveAttribute('aria-invalid', 'true');
			await expect(page.getByText(t.contact_error_too_short!)).toBeVisible();
			await expect(page.getByLabel(t.contact_name!)).toHaveValue('Kari');

			await page.getByLabel(t.contact_email!).fill('kari@example.org');
			await page
				.getByLabel(t.contact_message!, { exact: true })
				.fill('A message long enough to be sent.');
			await page.getByRole('button', { name: t.contact_submit }).click();
			await expect(page.getByRole('status')).toContainText(t.contact_sent_title!);
			// Without JavaScript the post answers with a redirect to the confirmation.
			if (!javaScript) await expect(page).toHaveURL(new RegExp(`/${locale}/contact\\?sent=1$`));
			await context.close();
		});
	}

	test(`${locale}: an admin finds a new message in the inbox, replies, and it is handled`, async ({
		page,
		baseURL
	}) => {
		const t = load(locale, 'inbox');
		// axe reads the inbox's pages in one language: the other has the same markup.
		const axe = async () => (locale === 'no' ? await axeViolations(page) : []);
		const subject = `Salen ${locale} ${Math.random().toString(36).slice(2, 7)}`;
		await page.goto(`/${locale}/contact`);
		await page.getByLabel(load(locale, 'contact').contact_name!).fill('Ola <i>Nordmann</i>');
		await page.getByLabel(load(locale, 'contact').contact_email!).fill('ola@example.org');
		await page.getByLabel(load(locale, 'contact').contact_subject!).fill(subject);
		await page
			.getByLabel(load(locale, 'contact').contact_message!, { exact: true })
			.fill('Kan vi låne salen? <img src=x onerror="window.pwned=1">');
		await page.getByRole('button', { name: load(locale, 'contact').contact_submit }).click();
		await expect(page.getByRole('status')).toContainText(
			load(locale, 'contact').contact_sent_title!
		);

		const { id } = await e2eAdmin();
		await e2eSession(page.context(), baseURL!, id);
		await page.goto(`/${locale}`);
		// The header tells staff something waits; the link leads to the inbox.
		await page.getByTestId('account-menu').locator('summary').click();
		await page.getByTestId('staff-inbox').getByRole('link').click();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.inbox_title!);
		expect(await axe()).toEqual([]);
		await page.getByTestId('inbox-contact').click();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.contact_inbox_title!);
		expect(await axe()).toEqual([]);
		await page.getByRole('link', { name: subject }).click();
		await expect(page.getByTestId('contact-text')).toHaveText(
			'Kan vi låne salen? <img src=x onerror="window.pwned=1">'
		);
		expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
		expect(await axe()).toEqual([]);

		await page.getByLabel(t.contact_inbox_reply_label!).fill('Ja, ring oss.');
		await page.getByRole('button', { name: t.contact_inbox_reply_submit }).click();
		await expect(page.getByRole('status')).toHaveText(t.contact_inbox_replied!);
		await expect(page.getByTestId('contact-status')).toHaveText(t.contact_inbox_status_handled!);
		await expect(page.getByTestId('contact-replies')).toContainText('Ja, ring oss.');
		expect(await axe()).toEqual([]);
		const mail = e2eDb((db) =>
			db
				.prepare(
					"select text_body from mail_outbox where kind = 'contact-reply' and to_address = 'ola@example.org' order by created_at desc"
				)
				.get()
		) as { text_body: string };
		expect(mail.text_body).toContain('Ja, ring oss.\n\n');
		expect(mail.text_body).toContain('> Kan vi låne salen?');
	});
}
