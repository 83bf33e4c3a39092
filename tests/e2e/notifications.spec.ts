import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { keyring, loadKeys } from '../../src/lib/server/crypto/keyring';
import { unsubscribeToken } from '../../src/lib/server/notifications/unsubscribe-token';
import { notificationWords } from '../../src/lib/server/notifications/words';
import { axeViolations, E2E_DB, e2eAccount, e2eDb, e2eSession } from '../helpers/e2e';

// E-mail notifications in Chromium, in both languages and without JavaScript: a member turns kinds
// off on the profile and finds them saved (a payment deadline shown on, not to be changed); the
// page of a mail's unsubscribe link changes nothing until its button turns the kind off.

const LOCALES = ['no', 'en'] as const;

const messages = (locale: string) =>
	JSON.parse(readFileSync(`messages/${locale}/notifications.json`, 'utf8')) as Record<
		string,
		string
	>;

/** The e2e server's keyring: the key file beside its database (made here if it is not yet). */
const siteKeyring = () => keyring(loadKeys({ file: join(dirname(E2E_DB), 'expense-account.key') }));

const saved = (userId: string) =>
	e2eDb((d) =>
		d
			.prepare('select kind, enabled from notification_preferences where user_id = ? order by kind')
			.all(userId)
	);

async function changeOnProfile(page: Page, locale: 'no' | 'en', userId: string) {
	const t = messages(locale);
	const words = notificationWords(locale);
	await page.goto(`/${locale}/profile`);
	await expect(page.getByRole('heading', { level: 2, name: t.notifications_title })).toBeVisible();
	const deadline = page.getByRole('checkbox', { name: words.kinds.payment_due });
	await expect(deadline).toBeChecked();
	await expect(deadline).toBeDisabled();
	await expect(page.getByText(words.alwaysSent)).toBeVisible();
	await page.getByRole('checkbox', { name: words.kinds.promoted }).uncheck();
	await page.getByRole('checkbox', { name: words.kinds.reminder }).uncheck();
	await page.getByRole('button', { name: t.notifications_save }).click();
	await expect(page.getByRole('status')).toHaveText(t.notifications_saved!);
	expect(saved(userId)).toEqual([
		{ kind: 'promoted', enabled: 0 },
		{ kind: 'reminder', enabled: 0 }
	]);
	await page.reload();
	await expect(page.getByRole('checkbox', { name: words.kinds.promoted })).not.toBeChecked();
	await expect(page.getByRole('checkbox', { name: words.kinds.reminder })).not.toBeChecked();
	await expect(page.getByRole('checkbox', { name: words.kinds.event_changed })).toBeChecked();
}

/** `axe`: with JavaScript only (it runs in the page). */
async function confirmUnsubscribe(page: Page, locale: 'no' | 'en', userId: string, axe = true) {
	const t = messages(locale);
	const words = notificationWords(locale);
	const token = unsubscribeToken(siteKeyring(), { userId, kind: 'event_changed' });
	await page.goto(`/${locale}/notifications/unsubscribe?token=${token}`);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(
		t.notifications_unsubscribe_title!
	);
	await expect(
		page.getByText(t.notifications_unsubscribe_ask!.replace('{kind}', words.kinds.event_changed))
	).toBeVisible();
	expect(saved(userId)).toEqual([]);
	if (axe) expect(await axeViolations(page)).toEqual([]);
	await page.getByRole('button', { name: t.notifications_unsubscribe_button }).click();
	await expect(page.getByRole('status')).toHaveText(t.notifications_unsubscribe_done!);
	expect(saved(userId)).toEqual([{ kind: 'event_changed', enabled: 0 }]);
	await page.getByRole('link', { name: t.notifications_unsubscribe_profile }).click();
	await expect(page).toHaveURL(new RegExp(`/${locale}/profile$`));
	await expect(page.getByRole('checkbox', { name: words.kinds.event_changed })).not.toBeChecked();
}

for (const locale of LOCALES) {
	test(`${locale}: a member turns e-mails off on the profile and finds them saved`, async ({
		page,
		context,
		baseURL
	}) => {
		const member = await e2eAccount(`Nora Notify ${locale}`);
		await e2eSession(context, baseURL!, member.id);
		await changeOnProfile(page, locale, member.id);
		expect(await axeViolations(page)).toEqual([]);
	});

	test(`${locale}: the unsubscribe link’s page asks, and its button turns the kind off`, async ({
		page,
		context,
		baseURL
	}) => {
		const member = await e2eAccount(`Ulf Unsub ${locale}`);
		await e2eSession(context, baseURL!, member.id);
		await confirmUnsubscribe(page, locale, member.id);
	});
}

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false });

	for (const locale of LOCALES) {
		test(`${locale}: the profile saves the choices and the link’s page turns a kind off`, async ({
			page,
			context,
			baseURL
		}) => {
			const member = await e2eAccount(`Ingen Script ${locale}`);
			await e2eSession(context, baseURL!, member.id);
			await changeOnProfile(page, locale, member.id);
			e2eDb((d) =>
				d.prepare('delete from notification_preferences where user_id = ?').run(member.id)
			);
			await confirmUnsubscribe(page, locale, member.id, false);
		});
	}
});
