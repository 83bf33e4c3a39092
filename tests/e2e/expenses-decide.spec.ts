import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, E2E_DB, E2E_PASSWORD, e2eAccount, e2eDb, mailKinds } from '../helpers/e2e';
import { claimsOn, receiptLine, recentDate } from '../helpers/expense-claims';
import { phoneJpeg } from '../../src/lib/server/files/test-fixtures';

// A claim's way from draft to paid in Chromium, in both languages, as its three people see it:
// the claimant submits it from its page, the unit's leader approves it from the queue, finance
// marks it paid, and the claimant finds the status, the history and the e-mails. axe checks the
// list and the claim's page on the way. The draft is made through the domain (the form is tested
// on its own).

const KEY_FILE = join(dirname(E2E_DB), 'expense-account.key');

/** Signs in through the sign-in page, in whatever context `page` lives (no JavaScript, dark). */
async function signIn(page: Page, email: string): Promise<Page> {
	await page.goto('/en/auth/login');
	await page.getByLabel('E-mail').fill(email);
	await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
	await page.getByRole('button', { name: 'Sign in', exact: true }).click();
	await expect(page).not.toHaveURL(/\/auth\/login/);
	return page;
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
	return signIn(await (await browser.newContext()).newPage(), email);
}

async function expectNoAxeViolations(page: Page) {
	expect(await axeViolations(page)).toEqual([]);
}

const WORDS = {
	en: {
		submit: 'Submit',
		submitted:
			/^The claim was submitted\. An e-mail went to the unit's leaders and finance \(\d+\)\.$/,
		approve: 'Approve',
		approveConfirm: /^I have checked the lines and receipts, and NOK\s249\.90 is to be paid out$/,
		approved:
			/^The claim was approved\. An e-mail went to the unit's finance \(\d+\), who pay it out next\.$/,
		pay: 'Mark as paid',
		payConfirm: /^I have paid NOK\s249\.90 to the claimant's account$/,
		paid: 'The claim was marked as paid. The claimant has been e-mailed.',
		statusSubmitted: 'Submitted',
		statusPaid: 'Paid',
		queue: 'Waiting for you',
		history: ['Created the claim', 'Submitted', 'Approved', 'Marked as paid']
	},
	no: {
		submit: 'Send inn',
		submitted:
			/^Refusjonen er sendt inn\. Enhetens ledere og økonomiansvarlige \(\d+\) har fått e-post\.$/,
		approve: 'Godkjenn',
		approveConfirm: /^Jeg har sjekket linjene og kvitteringene, og 249,90\skr skal betales ut$/,
		approved:
			/^Refusjonen er godkjent\. Enhetens økonomiansvarlige \(\d+\) har fått e-post og betaler ut\.$/,
		pay: 'Marker som utbetalt',
		payConfirm: /^Jeg har betalt 249,90\skr til innsenderens konto$/,
		paid: 'Refusjonen er markert som utbetalt. Innsenderen har fått e-post.',
		statusSubmitted: 'Sendt inn',
		statusPaid: 'Utbetalt',
		queue: 'Venter på deg',
		history: ['Opprettet refusjonen', 'Sendte inn', 'Godkjente', 'Markerte som utbetalt']
	}
} as const;

for (const lang of ['en', 'no'] as const) {
	const w = WORDS[lang];
	test(`${lang}: submitted by the claimant, approved by the leader, paid by finance, seen by the claimant`, async ({
		browser
	}) => {
		// Three people sign in and six pages are checked with axe: more than the default 30 s on a
		// busy machine.
		test.slow();
		const claimant = await e2eAccount('Clara Claimant');
		const leader = await e2eAccount('Leif Leader', 'leader');
		const finance = await e2eAccount('Fiona Finance', 'finance');
		const purpose = `Board dinner ${lang} ${randomUUID().slice(0, 6)}`;
		const claims = claimsOn(E2E_DB, { keyFile: KEY_FILE });
		const id = await claims.draft(claimant.id, { purpose });
		await claims.close();

		// The claimant finds the draft in the list and submits it from its page.
		const own = await signedIn(browser, claimant.email);
		await own.goto(`/${lang}/fs`);
		await expectNoAxeViolations(own);
		await own.getByRole('link', { name: purpose }).click();
		await expect(own).toHaveURL(new RegExp(`/${lang}/fs/${id}$`));
		await own.getByRole('button', { name: w.submit, exact: true }).click();
		await expect(own).toHaveURL(new RegExp(`/${lang}/fs/${id}\\?done=submit$`));
		await expect(own.getByRole('status')).toHaveText(w.submitted);
		await expect(own.locator('[data-status]').first()).toHaveText(w.statusSubmitted);
		await expectNoAxeViolations(own);

		// The leader sees it waiting in the queue, opens it and approves.
		const lead = await signedIn(browser, leader.email);
		await lead.goto(`/${lang}/fs`);
		await expect(lead.getByRole('heading', { name: w.queue })).toBeVisible();
		await lead.getByTestId('queue').getByRole('link', { name: purpose }).click();
		await expectNoAxeViolations(lead);
		// Approving asks for a confirmation first: without the tick, nothing is sent.
		await lead.getByRole('button', { name: w.approve, exact: true }).click();
		await expect(lead).not.toHaveURL(/\?done=approve$/);
		await lead.getByRole('checkbox', { name: w.approveConfirm }).check();
		await lead.getByRole('button', { name: w.approve, exact: true }).click();
		await expect(lead).toHaveURL(/\?done=approve$/);
		await expect(lead.getByRole('status')).toHaveText(w.approved);

		// Finance pays it out; the payout date is today unless changed.
		const fin = await signedIn(browser, finance.email);
		await fin.goto(`/${lang}/fs/${id}`);
		await expectNoAxeViolations(fin);
		await fin.getByRole('button', { name: w.pay }).click();
		await expect(fin).not.toHaveURL(/\?done=pay$/);
		await fin.getByRole('checkbox', { name: w.payConfirm }).check();
		await fin.getByRole('button', { name: w.pay }).click();
		await expect(fin).toHaveURL(/\?done=pay$/);
		await expect(fin.getByRole('status')).toHaveText(w.paid);

		// The claimant sees the status, every step with who took it, and the e-mails.
		await own.goto(`/${lang}/fs/${id}`);
		await expect(own.locator('[data-status]').first()).toHaveText(w.statusPaid);
		const trail = own.getByTestId('audit-trail');
		await expect(trail.locator('tbody tr')).toHaveCount(4);
		for (const [i, words] of w.history.entries()) {
			await expect(trail.locator('tbody tr').nth(i)).toContainText(words);
		}
		await expect(trail).toContainText('Leif Leader');
		await expect(trail).toContainText('Fiona Finance');
		await own.goto(`/${lang}/fs?status=paid`);
		await expect(own.getByTestId('mine').getByRole('link', { name: purpose })).toBeVisible();
		expect(mailKinds(claimant.email, id)).toEqual([
			'expense-received',
			'expense-approved',
			'expense-paid'
		]);
		expect(mailKinds(leader.email, id)).toEqual(['expense-submitted']);
		expect(mailKinds(finance.email, id)).toEqual(['expense-submitted', 'expense-to-pay']);
	});
}

test('a rejection without JavaScript, buttons that wait while a decision is sent, and the dark theme passing axe', async ({
	browser,
	baseURL
}) => {
	const claimant = await e2eAccount('Clara Claimant');
	const leader = await e2eAccount('Leif Leader', 'leader');
	const claims = claimsOn(E2E_DB, { keyFile: KEY_FILE });
	const rejected = await claims.submitted(claimant.id, { purpose: 'Taxi without receipt' });
	const approved = await claims.submitted(claimant.id, { purpose: 'Printer paper' });
	await claims.close();

	// Without JavaScript: a plain form post and the 303 back to the claim.
	const plainContext = await browser.newContext({ javaScriptEnabled: false });
	const plain = await signIn(await plainContext.newPage(), leader.email);
	await plain.goto(`/en/fs/${rejected}`);
	await plain.getByLabel('Reason for rejecting').fill('Please add the taxi receipt');
	await plain.getByRole('button', { name: 'Reject', exact: true }).click();
	await expect(plain).toHaveURL(new RegExp(`/en/fs/${rejected}\\?done=reject$`));
	await expect(plain.getByRole('status')).toContainText('The claim was rejected.');
	await plainContext.close();

	// With JavaScript: while the approval is on its way, the buttons are disabled and say so.
	const lead = await signedIn(browser, leader.email);
	await lead.goto(`/en/fs/${approved}`);
	let release: () => void = () => {};
	const held = new Promise<void>((resolve) => (release = resolve));
	await lead.route(/\?\/approve$/, async (route) => {
		await held;
		await route.continue();
	});
	await lead.getByRole('checkbox', { name: /^I have checked the lines and receipts/ }).check();
	await lead.getByRole('button', { name: 'Approve', exact: true }).click();
	const sending = lead.getByRole('button', { name: 'Sending…' });
	await expect(sending).toBeDisabled();
	await expect(lead.getByRole('button', { name: 'Reject', exact: true })).toBeDisabled();
	release();
	await expect(lead).toHaveURL(/\?done=approve$/);
	await expect(lead.getByRole('status')).toContainText('The claim was approved.');

	// The claimant's view of the rejected claim, in the dark theme.
	const darkContext = await browser.newContext({ colorScheme: 'dark' });
	await darkContext.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
	const own = await signIn(await darkContext.newPage(), claimant.email);
	await own.goto(`/en/fs/${rejected}`);
	await expect(own.locator('html')).toHaveAttribute('data-theme', 'dark');
	await expect(own.getByTestId('rejection-reason')).toHaveText('Please add the taxi receipt');
	await expect(own.getByRole('link', { name: 'Edit' })).toBeVisible();
	await own.getByText('Withdraw…').click();
	await expect(own.getByRole('button', { name: 'Yes, withdraw the claim' })).toBeVisible();
	await expectNoAxeViolations(own);
	await own.goto('/en/fs');
	await expectNoAxeViolations(own);
	await darkContext.close();
});

test('an approver whose page is out of date is told so in an alert, and the decision already made stands', async ({
	browser
}) => {
	const claimant = await e2eAccount('Clara Claimant');
	const leader = await e2eAccount('Leif Leader', 'leader');
	const finance = await e2eAccount('Fiona Finance', 'finance');
	const claims = claimsOn(E2E_DB, { keyFile: KEY_FILE });
	const id = await claims.submitted(claimant.id, { purpose: 'Projector lamp' });
	await claims.close();

	const lead = await signedIn(browser, leader.email);
	const fin = await signedIn(browser, finance.email);
	await lead.goto(`/no/fs/${id}`);
	await fin.goto(`/no/fs/${id}`);
	await lead.getByRole('checkbox', { name: /^Jeg har sjekket linjene/ }).check();
	await lead.getByRole('button', { name: 'Godkjenn', exact: true }).click();
	await expect(lead).toHaveURL(/\?done=approve$/);

	await fin.getByLabel('Begrunnelse for avvisningen').fill('For dyrt');
	await fin.getByRole('button', { name: 'Avvis', exact: true }).click();
	await expect(fin.getByRole('alert')).toHaveText(
		/Det kan ikke gjøres med refusjonen slik den står nå|Refusjonen ble endret mens du så på den/
	);
	// What was typed is kept for another try.
	await expect(fin.getByLabel('Begrunnelse for avvisningen')).toHaveValue('For dyrt');
	await fin.reload();
	await expect(fin.locator('[data-status]').first()).toHaveText('Godkjent');
});

for (const viewport of [
	{ width: 390, height: 844 },
	{ width: 1280, height: 800 }
]) {
	test(`at ${viewport.width}×${viewport.height} the claim's amounts are in view, with the table scrolling under them`, async ({
		browser
	}) => {
		const claimant = await e2eAccount('Clara Claimant');
		const claims = claimsOn(E2E_DB, { keyFile: KEY_FILE });
		const id = await claims.draft(claimant.id, {
			purpose: 'Spring conference',
			lines: [
				receiptLine('1 249,90', {
					merchant: 'Scandic Holmenkollen Park Hotel',
					description: 'Conference room with projector and coffee for the whole afternoon'
				})
			]
		});
		await claims.close();
		const context = await browser.newContext({ viewport });
		const own = await signIn(await context.newPage(), claimant.email);
		await own.goto(`/en/fs/${id}`);
		for (const cell of [
			own.getByTestId('claim-lines').locator('tbody td').last(),
			own.getByTestId('claim-total')
		]) {
			await expect(cell).toHaveText(/1.249.90/);
			const box = (await cell.boundingBox())!;
			expect(box.x).toBeGreaterThanOrEqual(0);
			expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
		}
		await expectNoAxeViolations(own);
		await context.close();
	});
}

for (const [lang, flag] of [
	['en', 'Line 1: the same receipt file is on another claim (Paid).'],
	['no', 'Linje 1: den samme kvitteringsfilen ligger på en annen refusjon (Utbetalt).']
] as const) {
	test(`${lang}: the same receipt photo uploaded again for a second claim is flagged to the approver`, async ({
		browser,
		baseURL
	}) => {
		test.slow();
		const claimant = await e2eAccount('Clara Claimant');
		const leader = await e2eAccount('Leif Leader', 'leader');
		const finance = await e2eAccount('Fiona Finance', 'finance');
		// The claimant uploads the very same photo twice, as the claim form does: two file ids.
		const own = await signedIn(browser, claimant.email);
		// A photo of this test's own (other tests upload the fixture's usual sizes).
		const photo = await phoneJpeg(500 + Math.floor(Math.random() * 300), lang === 'en' ? 401 : 403);
		for (let i = 0; i < 2; i++) {
			const res = await own.request.post(`${baseURL}/${lang}/fs/new?/upload`, {
				headers: { accept: 'application/json', 'x-sveltekit-action': 'true', origin: baseURL! },
				multipart: { file: { name: `receipt-${i}.jpg`, mimeType: 'image/jpeg', buffer: photo } }
			});
			expect(res.ok()).toBe(true);
		}
		const [first, again] = e2eDb((d) =>
			d
				.prepare('select id from files where owner_id = ? order by created_at, rowid')
				.all(claimant.id)
		) as { id: string }[];
		expect(first!.id).not.toBe(again!.id);

		const claims = claimsOn(E2E_DB, { keyFile: KEY_FILE });
		const paid = await claims.submitted(claimant.id, {
			lines: [receiptLine('249,90', { fileId: first!.id })]
		});
		await claims.expenses.approve(claims.as(leader.id), paid);
		await claims.expenses.markPaid(claims.as(finance.id), paid, recentDate());
		const second = await claims.submitted(claimant.id, {
			purpose: 'Taxi home',
			lines: [
				receiptLine('312,00', { merchant: `Taxi ${randomUUID().slice(0, 8)}`, fileId: again!.id })
			]
		});
		await claims.close();

		const lead = await signedIn(browser, leader.email);
		await lead.goto(`/${lang}/fs/${second}`);
		const duplicates = lead.getByTestId('duplicates');
		await expect(duplicates.getByRole('listitem')).toHaveText([
			new RegExp(`^${flag.replace(/[().]/g, '\\$&')}`)
		]);
		await expect(duplicates.getByRole('link')).toHaveAttribute('href', `/${lang}/fs/${paid}`);
	});
}
