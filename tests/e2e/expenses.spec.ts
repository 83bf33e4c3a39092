import { readFileSync } from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { phoneJpeg, pdf } from '../../src/lib/server/files/test-fixtures';
import { axeViolations, e2eAccount, e2eDb, e2eSession, mailKinds } from '../helpers/e2e';

// One claim's whole way in Chromium, in both languages, through the pages only: the member files
// it with two receipts (a photo and a PDF) and submits it, the unit's leader approves it from the
// queue, finance marks it paid, and the member sees the status, every step with who took it, the
// receipts and the e-mails, and downloads the PDF for accounting.

type Locale = 'no' | 'en';

function texts(locale: Locale) {
	const all: Record<string, string> = {};
	for (const file of ['profile', 'expenses', 'expense-form', 'expense-pages']) {
		Object.assign(all, JSON.parse(readFileSync(`messages/${locale}/${file}.json`, 'utf8')));
	}
	return (key: string, params: Record<string, string | number> = {}) =>
		Object.entries(params).reduce((text, [k, v]) => text.replace(`{${k}}`, String(v)), all[key]!);
}

async function member(browser: Browser, baseURL: string, userId: string) {
	const context = await browser.newContext();
	await e2eSession(context, baseURL, userId);
	return context.newPage();
}

for (const locale of ['no', 'en'] as const) {
	test(`${locale}: a claim filed with two receipts is approved, paid and followed by its member`, async ({
		browser,
		baseURL
	}) => {
		const t = texts(locale);
		const claimant = await e2eAccount('Clara Claimant');
		const leader = await e2eAccount('Leif Leader', 'leader');
		const finance = await e2eAccount('Fiona Finance', 'finance');
		const purpose = `Volunteer dinner ${locale} ${Date.now()}`;

		// The member files the claim with JavaScript: receipts upload as they are picked.
		const own = await member(browser, baseURL!, claimant.id);
		// It is found from the member's page.
		await own.goto(`/${locale}/profile`);
		await own.getByRole('link', { name: t('profile_expenses_new') }).click();
		await expect(own).toHaveURL(new RegExp(`/${locale}/fs/new$`));
		await own.getByLabel(t('expense_form_campus'), { exact: true }).selectOption('oslo');
		await own.getByLabel(t('expense_form_unit'), { exact: true }).selectOption('board-oslo');
		await own.getByLabel(t('expense_form_purpose'), { exact: true }).fill(purpose);
		await own.getByLabel(t('expense_form_account'), { exact: true }).fill('1234 56 78903');
		const receipts = [
			{ name: 'dinner.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg(), amount: '849,50' },
			{ name: 'drinks.pdf', mimeType: 'application/pdf', buffer: pdf(), amount: '200' }
		];
		for (const [i, receipt] of receipts.entries()) {
			if (i > 0) await own.getByRole('button', { name: t('expense_form_add_receipt') }).click();
			const line = own.getByRole('group', { name: t('expense_form_receipt_line', { n: i + 1 }) });
			await line.getByLabel(t('expense_form_merchant'), { exact: true }).fill(`Shop ${i + 1}`);
			await line.getByLabel(t('expense_form_description'), { exact: true }).fill('Dinner');
			await line.getByLabel(t('expense_form_amount'), { exact: true }).fill(receipt.amount);
			await line.getByLabel(t('expense_form_file'), { exact: true }).setInputFiles(receipt);
			await expect(
				line.getByText(t('expense_form_file_received', { name: receipt.name }))
			).toBeVisible();
		}
		await own.getByRole('button', { name: t('expense_form_submit') }).click();
		await expect(own).toHaveURL(new RegExp(`/${locale}/fs/[0-9a-f-]{36}\\?done=submit$`));
		const id = /fs\/([0-9a-f-]{36})/.exec(own.url())![1]!;
		await expect(own.getByRole('status')).toContainText(t('expense_page_done_submit'));

		// The leader finds it in the queue and approves it.
		const lead = await member(browser, baseURL!, leader.id);
		await lead.goto(`/${locale}/fs`);
		await lead.getByTestId('queue').getByRole('link', { name: purpose }).click();
		await expect(lead).toHaveURL(new RegExp(`/${locale}/fs/${id}$`));
		await lead.getByRole('checkbox').check();
		await lead.getByRole('button', { name: t('expense_page_approve'), exact: true }).click();
		await expect(lead.getByRole('status')).toContainText(t('expense_page_done_approve'));

		// Finance marks it paid with today's date.
		const fin = await member(browser, baseURL!, finance.id);
		await fin.goto(`/${locale}/fs/${id}`);
		await fin.getByRole('checkbox').check();
		await fin.getByRole('button', { name: t('expense_page_pay') }).click();
		await expect(fin).toHaveURL(/\?done=pay$/);

		// The member sees the status, the history with names, both receipts and the e-mails.
		await own.goto(`/${locale}/fs/${id}`);
		await expect(own.locator('[data-status]').first()).toHaveText(t('expense_page_status_paid'));
		const trail = own.getByTestId('audit-trail');
		for (const action of ['submit', 'approve', 'pay']) {
			await expect(trail).toContainText(t(`expense_page_action_${action}`));
		}
		await expect(trail).toContainText('Leif Leader');
		await expect(trail).toContainText('Fiona Finance');
		const photo = own.getByRole('link', {
			name: t('expense_page_receipt_open', { number: 1, name: 'dinner.jpg' })
		});
		// The thumbnail came from the files route: a decoded image, not a broken one.
		await expect
			.poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
			.toBeGreaterThan(0);
		expect(mailKinds(claimant.email, id)).toEqual([
			'expense-received',
			'expense-approved',
			'expense-paid'
		]);
		expect(mailKinds(leader.email, id)).toEqual(['expense-submitted']);
		expect(await axeViolations(own)).toEqual([]);

		// The PDF for accounting downloads as a file.
		const download = own.waitForEvent('download');
		await own.getByRole('link', { name: t('expense_page_pdf') }).click();
		const file = await (await download).path();
		expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

		const lines = e2eDb((d) =>
			d
				.prepare(
					'select amount_ore, file_id from expense_lines where claim_id = ? order by position'
				)
				.all(id)
		) as { amount_ore: number; file_id: string | null }[];
		expect(lines.map((l) => l.amount_ore)).toEqual([84_950, 20_000]);
		expect(lines.every((l) => l.file_id !== null)).toBe(true);
	});
}
