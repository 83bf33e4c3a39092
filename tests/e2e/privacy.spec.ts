import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { axeViolations, E2E_PASSWORD, e2eAccount, e2eDb, e2eSession } from '../helpers/e2e';

// A member's privacy rights in Chromium, in both languages: from /profile they download their
// data (a JSON file) and delete their account, and land signed out on the confirmation page; once
// with JavaScript off, where a wrong password keeps them on the form with nothing deleted. axe on
// the profile, the deletion page and the confirmation.

const LOCALES = ['no', 'en'] as const;

const messages = (locale: string) =>
	({
		...JSON.parse(readFileSync(`messages/${locale}/privacy.json`, 'utf8')),
		...JSON.parse(readFileSync(`messages/${locale}/profile.json`, 'utf8'))
	}) as Record<string, string>;

const deletedAt = (id: string) =>
	e2eDb(
		(d) =>
			d.prepare('select deleted_at from users where id = ?').get(id) as {
				deleted_at: string | null;
			}
	).deleted_at;

for (const locale of LOCALES) {
	test(`${locale}: a member downloads their data and deletes their account`, async ({
		page,
		context,
		baseURL
	}) => {
		const t = messages(locale);
		const member = await e2eAccount(`Dina Data ${locale}`);
		await e2eSession(context, baseURL!, member.id);

		await page.goto(`/${locale}/profile`);
		await expect(page.getByRole('heading', { level: 2, name: t.privacy_title })).toBeVisible();
		expect(await axeViolations(page)).toEqual([]);

		const downloading = page.waitForEvent('download');
		await page.getByRole('button', { name: t.privacy_download }).click();
		const download = await downloading;
		expect(download.suggestedFilename()).toMatch(
			new RegExp(`^orgweb-data-${member.id}-.*\\.json$`)
		);
		const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
			account: { email: string; hasPassword: boolean };
		};
		expect(data.account).toMatchObject({ email: member.email, hasPassword: true });
		await expect(page).toHaveURL(new RegExp(`/${locale}/profile$`));

		await page.getByRole('link', { name: t.privacy_delete_link }).click();
		await expect(page).toHaveURL(new RegExp(`/${locale}/profile/delete$`));
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.privacy_delete_title!);
		expect(await axeViolations(page)).toEqual([]);

		// Without the box ticked: said at the box, nothing deleted.
		await page.getByLabel(t.privacy_delete_password!).fill(E2E_PASSWORD);
		await page.getByRole('button', { name: t.privacy_delete_submit }).click();
		await expect(page.getByText(t.privacy_delete_confirm_error!)).toBeVisible();
		expect(deletedAt(member.id)).toBeNull();
		expect(await axeViolations(page)).toEqual([]);

		await page.getByLabel(t.privacy_delete_confirm!).check();
		await page.getByLabel(t.privacy_delete_password!).fill(E2E_PASSWORD);
		await page.getByRole('button', { name: t.privacy_delete_submit }).click();
		await expect(page).toHaveURL(new RegExp(`/${locale}/auth/deleted$`));
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.privacy_deleted_title!);
		expect(await axeViolations(page)).toEqual([]);
		expect(deletedAt(member.id)).not.toBeNull();

		// Signed out: the profile sends them to sign in.
		await page.goto(`/${locale}/profile`);
		await expect(page).toHaveURL(new RegExp(`/${locale}/auth/login`));
	});
}

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false });

	test('a wrong password keeps the form and deletes nothing; the right one deletes and signs out', async ({
		page,
		context,
		baseURL
	}) => {
		const t = messages('en');
		const member = await e2eAccount('Nils NoScript');
		await e2eSession(context, baseURL!, member.id);

		await page.goto('/en/profile/delete');
		await page.getByLabel(t.privacy_delete_confirm!).check();
		await page.getByLabel(t.privacy_delete_password!).fill('not the password at all');
		await page.getByRole('button', { name: t.privacy_delete_submit }).click();
		await expect(page.getByRole('alert')).toContainText(t.privacy_delete_wrong_password!);
		await expect(page.getByLabel(t.privacy_delete_confirm!)).toBeChecked();
		await expect(page.getByLabel(t.privacy_delete_password!)).toHaveAttribute(
			'aria-invalid',
			'true'
		);
		expect(deletedAt(member.id)).toBeNull();

		await page.getByLabel(t.privacy_delete_password!).fill(E2E_PASSWORD);
		await page.getByRole('button', { name: t.privacy_delete_submit }).click();
		await expect(page).toHaveURL(/\/en\/auth\/deleted$/);
		await expect(page.getByTestId('account-deleted')).toContainText(t.privacy_deleted_done!);
		expect(deletedAt(member.id)).not.toBeNull();
		expect((await context.cookies()).find((c) => c.name === 'session')).toBeUndefined();
	});
});
