import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { axeViolations, e2eAccount, e2eDb, e2eSession } from '../helpers/e2e';
import { holdScripts } from '../helpers/slow-scripts';
import { pdf, phoneJpeg, png, windowsProgram } from '../../src/lib/server/files/test-fixtures';
import { NORWEGIAN_RECEIPT, receiptImage } from '../../src/lib/server/receipts/test-fixtures';

// Filing an expense claim in Chromium, in both languages: with JavaScript (receipts upload as
// they are picked, with a progress bar and a preview, and the draft saves itself) and without
// (one multipart post). The claim, its lines and receipts are read back from the database.

const LOCALES = ['no', 'en'] as const;
type Locale = (typeof LOCALES)[number];
const db = e2eDb;

/** A signed-in member: a user and a session row, the session cookie in the browser. */
async function signedIn(context: BrowserContext, baseURL: string): Promise<string> {
	const { id } = await e2eAccount('Kari Claimant');
	await e2eSession(context, baseURL, id);
	return id;
}

function texts(locale: Locale) {
	const read = (name: string) =>
		JSON.parse(readFileSync(`messages/${locale}/${name}.json`, 'utf8')) as Record<string, string>;
	const all = { ...read('expenses'), ...read('expense-form'), ...read('expense-pages') };
	return (key: string, params: Record<string, string | number> = {}) =>
		Object.entries(params).reduce(
			(text, [k, v]) => text.replace(`{${k}}`, String(v)),
			all[`expense_form_${key}`] ?? all[key]!
		);
}

type Row = Record<string, string | number | null>;
const claimsOf = (userId: string) =>
	db((d) => d.prepare('select * from expense_claims where claimant_id = ?').all(userId)) as Row[];
const linesOf = (claimId: string) =>
	db((d) =>
		d
			.prepare(
				'select l.*, f.mime_type, f.owner_id from expense_lines l left join files f on f.id = l.file_id where claim_id = ? order by position'
			)
			.all(claimId)
	) as Row[];

// No wait for hydration: what is typed or chosen before the scripts arrive is read into the form.
async function fillClaim(page: Page, t: ReturnType<typeof texts>, account = '1234 56 78903') {
	await page.getByLabel(t('campus'), { exact: true }).selectOption('oslo');
	await page.getByLabel(t('unit'), { exact: true }).selectOption('board-oslo');
	await page.getByLabel(t('purpose'), { exact: true }).fill('Pizza for the volunteers');
	await page.getByLabel(t('account'), { exact: true }).fill(account);
}

async function fillReceipt(page: Page, t: ReturnType<typeof texts>, n: number, amount: string) {
	const line = page.getByRole('group', { name: t('receipt_line', { n }) });
	await line.getByLabel(t('merchant'), { exact: true }).fill(`Pizzeria ${n}`);
	await line.getByLabel(t('description'), { exact: true }).fill(`Pizza, order ${n}`);
	await line.getByLabel(t('amount'), { exact: true }).fill(amount);
	return line;
}

/** Picks a receipt on a line (uploaded at once with JavaScript) and waits for its preview. */
async function attach(
	line: Locator,
	t: ReturnType<typeof texts>,
	file: { name: string; mimeType: string; buffer: Buffer }
) {
	await line.getByLabel(t('file'), { exact: true }).setInputFiles(file);
	await expect(line.getByText(t('file_received', { name: file.name }))).toBeVisible();
	const preview = line.getByRole('img', { name: t('preview', { name: file.name }) });
	await expect(preview).toBeVisible();
	// A decoded picture, not a broken image the page's CSP refused.
	await expect
		.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
		.toBeGreaterThan(0);
}

for (const locale of LOCALES) {
	test.describe(`/${locale}/fs/new`, () => {
		const t = texts(locale);

		test('with JavaScript: two receipts upload with progress and preview, the draft saves itself, and the claim is submitted', async ({
			page,
			context,
			baseURL
		}) => {
			const userId = await signedIn(context, baseURL!);
			await page.goto(`/${locale}/fs/new`);
			// Every <progress> the page shows is remembered: uploads on localhost are quick.
			await page.evaluate(() => {
				const seen = ((window as unknown as { progressSeen: number }).progressSeen = 0);
				void seen;
				new MutationObserver(() => {
					if (document.querySelector('progress')) {
						(window as unknown as { progressSeen: number }).progressSeen++;
					}
				}).observe(document.body, { childList: true, subtree: true });
			});
			await fillClaim(page, t);

			const first = await fillReceipt(page, t, 1, '249,90');
			await attach(first, t, {
				name: 'pizza.jpg',
				mimeType: 'image/jpeg',
				buffer: await phoneJpeg()
			});

			// A second line comes without a round trip.
			const url = page.url();
			await page.getByRole('button', { name: t('add_receipt') }).click();
			const second = await fillReceipt(page, t, 2, '100');
			await attach(second, t, { name: 'drinks.png', mimeType: 'image/png', buffer: await png() });
			expect(
				await page.evaluate(() => (window as unknown as { progressSeen: number }).progressSeen)
			).toBeGreaterThan(0);
			expect(url).toMatch(/\/fs\/new$/);
			await expect(page.getByTestId('running-total')).toContainText(/349[,.]90/);

			// The draft saved itself; the address is now the draft's.
			await expect(page.getByTestId('autosave')).toHaveText(
				new RegExp(`^${t('saved_at', { time: '' }).trim()} \\d`),
				{ timeout: 15_000 }
			);
			await expect(page).toHaveURL(new RegExp(`/${locale}/fs/[0-9a-f-]{36}/edit$`));
			// …and the page is the draft's: its heading and title say so.
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('edit_title'));
			await expect(page).toHaveTitle(new RegExp(`^${t('edit_title')} – `));
			await expect.poll(() => linesOf(String(claimsOf(userId)[0]?.id ?? '')).length).toBe(2);
			expect(claimsOf(userId)).toMatchObject([{ status: 'draft', total_ore: 34990 }]);

			await page.getByRole('button', { name: t('submit'), exact: true }).click();
			await expect(page).toHaveURL(new RegExp(`/${locale}/fs/[0-9a-f-]{36}\\?done=submit$`));
			const [claim] = claimsOf(userId);
			expect(claim).toMatchObject({ status: 'submitted', total_ore: 34990 });
			expect(linesOf(String(claim!.id))).toMatchObject([
				{ merchant: 'Pizzeria 1', amount_ore: 24990, mime_type: 'image/jpeg', owner_id: userId },
				{ merchant: 'Pizzeria 2', amount_ore: 10000, mime_type: 'image/png', owner_id: userId }
			]);
		});

		test('a wrong account number: autosave keeps every valid field, the error sits by the field, and the summary names it', async ({
			page,
			context,
			baseURL
		}) => {
			const userId = await signedIn(context, baseURL!);
			await page.goto(`/${locale}/fs/new`);
			await fillClaim(page, t, '1234 56 78904');
			await fillReceipt(page, t, 1, '80');
			const account = page.getByLabel(t('account'), { exact: true });
			await expect(page.getByTestId('autosave')).toContainText(t('account'), { timeout: 15_000 });
			await expect(account).toHaveAttribute('aria-invalid', 'true');
			await expect(page.locator('#claim-payoutAccount-error')).toHaveText(
				t('expense_error_account')
			);
			// The purpose and the receipt line are saved; the account is not.
			const [claim] = claimsOf(userId);
			expect(claim).toMatchObject({ purpose: 'Pizza for the volunteers', payout_account: null });
			expect(linesOf(String(claim!.id))).toMatchObject([
				{ merchant: 'Pizzeria 1', amount_ore: 8000 }
			]);

			await page.getByRole('button', { name: t('save'), exact: true }).click();
			const summary = page.getByTestId('error-summary');
			await expect(summary).toBeFocused();
			await expect(summary).toContainText(t('errors_title_kept'));
			await expect(summary.getByRole('listitem')).toHaveText([
				`${t('account')}: ${t('expense_error_account')}`
			]);
			expect(await axeViolations(page)).toEqual([]);

			await account.fill('1234 56 78903');
			await page.getByRole('button', { name: t('save'), exact: true }).click();
			await expect(page).toHaveURL(new RegExp(`/${locale}/fs/${claim!.id}/edit\\?saved=1$`));
			expect(claimsOf(userId)).toHaveLength(1);
			expect(claimsOf(userId)[0]!.payout_account).not.toBeNull();
		});

		test('on a phone the upload control is a finger-sized target', async ({
			page,
			context,
			baseURL
		}) => {
			await signedIn(context, baseURL!);
			await page.setViewportSize({ width: 390, height: 844 });
			await page.goto(`/${locale}/fs/new`);
			const line = page.getByRole('group', { name: t('receipt_line', { n: 1 }) });
			const box = await line.getByLabel(t('file'), { exact: true }).boundingBox();
			expect(box!.height).toBeGreaterThanOrEqual(44);
			expect(box!.x + box!.width).toBeLessThanOrEqual(390);
		});

		for (const theme of ['light', 'dark'] as const) {
			test(`has no axe violations in the ${theme} theme, with a mileage line and with errors`, async ({
				page,
				context,
				baseURL
			}) => {
				await signedIn(context, baseURL!);
				await page.emulateMedia({ colorScheme: theme });
				await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
				await page.goto(`/${locale}/fs/new`);
				await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
				await page.getByRole('button', { name: t('add_mileage') }).click();
				const mileage = page.getByRole('group', { name: t('mileage_line', { n: 2 }) });
				await mileage.getByLabel(t('km'), { exact: true }).fill('12');
				await expect(mileage.getByTestId('mileage-amount')).toContainText(/42/);
				expect(await axeViolations(page)).toEqual([]);
				// And with the errors of a refused save on the page.
				await page.getByRole('button', { name: t('save'), exact: true }).click();
				await expect(page.getByTestId('error-summary')).toBeFocused();
				expect(await axeViolations(page)).toEqual([]);
			});
		}
	});

	test.describe(`/${locale}/fs/new without JavaScript`, () => {
		test.use({ javaScriptEnabled: false });
		const t = texts(locale);

		test('files a claim with one receipt in one post; a wrong field keeps the receipt and saves the draft without it', async ({
			page,
			context,
			baseURL
		}) => {
			const userId = await signedIn(context, baseURL!);
			await page.goto(`/${locale}/fs/new`);
			await fillClaim(page, t);
			const line = await fillReceipt(page, t, 1, '-5');
			await line.getByLabel(t('file'), { exact: true }).setInputFiles({
				name: 'taxi.pdf',
				mimeType: 'application/pdf',
				buffer: pdf()
			});
			await page.getByRole('button', { name: t('save'), exact: true }).click();

			// Refused: the summary has the focus and names the field, the field says why, the receipt
			// is kept; the draft is saved with everything else.
			const summary = page.getByTestId('error-summary');
			await expect(summary).toBeFocused();
			await expect(summary.getByRole('listitem')).toHaveText([
				`${t('receipt_line', { n: 1 })}, ${t('amount').charAt(0).toLowerCase()}${t('amount').slice(1)}: ${t('expense_error_amount_not_positive')}`
			]);
			const again = page.getByRole('group', { name: t('receipt_line', { n: 1 }) });
			await expect(again.getByLabel(t('amount'), { exact: true })).toHaveAttribute(
				'aria-invalid',
				'true'
			);
			await expect(again.getByText(t('file_received', { name: 'taxi.pdf' }))).toBeVisible();
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('edit_title'));
			const [draft] = claimsOf(userId);
			expect(draft).toMatchObject({ status: 'draft', purpose: 'Pizza for the volunteers' });
			expect(linesOf(String(draft!.id))).toEqual([]);

			await again.getByLabel(t('amount'), { exact: true }).fill('312,50');
			await page.getByRole('button', { name: t('save'), exact: true }).click();
			await expect(page).toHaveURL(new RegExp(`/${locale}/fs/${draft!.id}/edit\\?saved=1$`));
			expect(claimsOf(userId)).toHaveLength(1);
			await expect(page.getByText(t('saved'))).toBeVisible();
			await expect(page.getByText(t('file_received', { name: 'taxi.pdf' }))).toBeVisible();

			await page.getByRole('button', { name: t('submit'), exact: true }).click();
			await expect(page).toHaveURL(new RegExp(`/${locale}/fs/[0-9a-f-]{36}\\?done=submit$`));
			const [claim] = claimsOf(userId);
			expect(claim).toMatchObject({ status: 'submitted', total_ore: 31250 });
			expect(linesOf(String(claim!.id))).toMatchObject([
				{ merchant: 'Pizzeria 1', mime_type: 'application/pdf', owner_id: userId }
			]);
		});
	});
}

test('a save clicked while the first autosave is on its way goes to the draft it makes', async ({
	page,
	context,
	baseURL
}) => {
	const t = texts('en');
	const userId = await signedIn(context, baseURL!);
	// A slow network: the autosave answers only after the member has clicked Save.
	await page.route(/\?\/autosave$/, async (route) => {
		await new Promise((resolve) => setTimeout(resolve, 1500));
		await route.continue();
	});
	await page.goto('/en/fs/new');
	// Listened for before typing: on a busy machine the autosave may go while the fields fill.
	const autosave = page.waitForRequest(/\?\/autosave$/);
	await fillClaim(page, t);
	await fillReceipt(page, t, 1, '80');
	await autosave;
	await page.getByRole('button', { name: t('save'), exact: true }).click();
	await expect(page).toHaveURL(/\/en\/fs\/[0-9a-f-]{36}\/edit\?saved=1$/);
	expect(claimsOf(userId)).toHaveLength(1);
	expect(claimsOf(userId)[0]).toMatchObject({ total_ore: 8000 });
});

test('a receipt the server refuses is named on its line, and the next pick may replace it', async ({
	page,
	context,
	baseURL
}) => {
	const t = texts('en');
	const errors = JSON.parse(readFileSync('messages/en/files.json', 'utf8')) as Record<
		string,
		string
	>;
	const userId = await signedIn(context, baseURL!);
	await page.goto('/en/fs/new');
	const line = page.getByRole('group', { name: t('receipt_line', { n: 1 }) });
	const input = line.getByLabel(t('file'), { exact: true });
	await input.setInputFiles({
		name: 'receipt.pdf',
		mimeType: 'application/pdf',
		buffer: windowsProgram()
	});
	await expect(line.getByRole('alert')).toHaveText(errors.file_error_unsupported_type!);
	await expect(input).toHaveAttribute('aria-invalid', 'true');

	// A body over the server's limit is answered 413 before the action runs.
	await page.route(/\?\/upload$/, (route) =>
		route.fulfill({
			status: 413,
			contentType: 'application/json',
			body: JSON.stringify({ error: 'Payload too large' })
		})
	);
	await input.setInputFiles({
		name: 'huge.jpg',
		mimeType: 'image/jpeg',
		buffer: await phoneJpeg()
	});
	await expect(line.getByRole('alert')).toHaveText(
		/^The file is larger than \d+ MB, the most one file may be\.$/
	);
	await page.unroute(/\?\/upload$/);

	await input.setInputFiles({ name: 'good.png', mimeType: 'image/png', buffer: await png() });
	await expect(line.getByText(t('file_received', { name: 'good.png' }))).toBeVisible();
	await expect(line.getByRole('alert')).toHaveCount(0);
	const files = db((d) => d.prepare('select mime_type from files where owner_id = ?').all(userId));
	expect(files).toEqual([{ mime_type: 'image/png' }]);
});

for (const javaScriptEnabled of [true, false]) {
	test.describe(`Enter in a field (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, () => {
		test.use({ javaScriptEnabled });
		test('saves the draft and removes no line', async ({ page, context, baseURL }) => {
			const t = texts('en');
			const userId = await signedIn(context, baseURL!);
			await page.goto('/en/fs/new');
			await fillClaim(page, t);
			await fillReceipt(page, t, 1, '80');
			await page.getByRole('button', { name: t('add_mileage') }).click();
			await page.getByLabel(t('purpose'), { exact: true }).press('Enter');
			await expect(page).toHaveURL(/\/en\/fs\/[0-9a-f-]{36}\/edit\?saved=1$/);
			const [claim] = claimsOf(userId);
			expect(claim).toMatchObject({ status: 'draft', total_ore: 8000 });
			// The empty mileage line is dropped as blank; the receipt line is kept.
			expect(linesOf(String(claim!.id)).map((l) => l.merchant)).toEqual(['Pizzeria 1']);
		});
	});
}

test('what is chosen and typed before the scripts arrive is in the form: the units offered, the autosave', async ({
	page,
	context,
	baseURL
}) => {
	const t = texts('en');
	const userId = await signedIn(context, baseURL!);
	const release = await holdScripts(page);
	await page.goto('/en/fs/new', { waitUntil: 'commit' });
	await page.getByLabel(t('campus'), { exact: true }).selectOption('bergen');
	await page.getByLabel(t('unit'), { exact: true }).selectOption('sport-bergen');
	await page.getByLabel(t('purpose'), { exact: true }).fill('Climbing wall fee');
	const line = page.getByRole('group', { name: t('receipt_line', { n: 1 }) });
	await line.getByLabel(t('merchant'), { exact: true }).fill('Klatreverket');
	await line.getByLabel(t('description'), { exact: true }).fill('Day passes');
	await line.getByLabel(t('amount'), { exact: true }).fill('450');
	release();
	await page.waitForLoadState('networkidle');
	await expect(line.getByLabel(t('merchant'), { exact: true })).toHaveValue('Klatreverket');
	// Once the page runs, only the chosen campus's units are offered.
	await expect(page.getByRole('group', { name: 'Oslo' })).toHaveCount(0);
	await expect(page.getByTestId('autosave')).toContainText(t('saved_at', { time: '' }).trim(), {
		timeout: 15_000
	});
	const [claim] = claimsOf(userId);
	expect(claim).toMatchObject({ campus_id: 'bergen', unit_id: 'sport-bergen' });
	expect(linesOf(String(claim!.id))).toMatchObject([
		{ merchant: 'Klatreverket', description: 'Day passes', amount_ore: 45000 }
	]);
});

for (const [locale, amount] of [
	['no', '234,00'],
	['en', '234.00']
] as const) {
	test(`the receipt’s suggested description fills the fields still empty or at their default, amounts as ${locale} writes them`, async ({
		page,
		context,
		baseURL
	}) => {
		const t = texts(locale);
		await signedIn(context, baseURL!);
		await page.goto(`/${locale}/fs/new`);
		const line = page.getByRole('group', { name: t('receipt_line', { n: 1 }) });
		// Nothing to read yet: no button.
		await expect(line.getByRole('button', { name: t('suggest') })).toHaveCount(0);
		await line.getByLabel(t('file'), { exact: true }).setInputFiles({
			name: 'kvittering.jpg',
			mimeType: 'image/jpeg',
			buffer: await receiptImage(NORWEGIAN_RECEIPT, 'jpeg')
		});
		await expect(line.getByText(t('file_received', { name: 'kvittering.jpg' }))).toBeVisible();
		await line.getByRole('button', { name: t('suggest') }).click();
		// OCR of the photo takes a few seconds on a busy machine.
		await expect(line.getByLabel(t('description'), { exact: true })).toHaveValue(
			locale === 'no' ? 'Pizza og drikke fra Peppes Pizza' : 'Pizza and drinks from Peppes Pizza',
			{ timeout: 20_000 }
		);
		await expect(line.getByLabel(t('merchant'), { exact: true })).toHaveValue('Peppes Pizza');
		await expect(line.getByLabel(t('amount'), { exact: true })).toHaveValue(amount);
		// The date still held the day the line was added: the receipt's date replaces it.
		await expect(line.getByLabel(t('date'), { exact: true })).toHaveValue('2026-03-12');
		expect(await axeViolations(page)).toEqual([]);
	});
}
