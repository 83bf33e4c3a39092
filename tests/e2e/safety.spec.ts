import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { keyring, loadKeys } from '../../src/lib/server/crypto/keyring';
import { axeViolations, E2E_DB, e2eAccount, e2eDb, e2eSession } from '../helpers/e2e';
import { holdScripts } from '../helpers/slow-scripts';

// A safety report in a real browser, in both languages, with JavaScript off (plain posts) and on
// (enhanced): sent from the /safety page, the receipt code noted, then followed up with the code
// and the passphrase to see the report and write in its conversation. axe checks the form, the
// receipt and the follow-up page where JavaScript runs. Then the safety team's side: the notices
// they get, the list's mark for a reporter who wrote again, and a report's page.

const WORDS = {
	no: {
		link: 'Send et varsel',
		body: 'Hva har skjedd?',
		unit: 'Gjelder det en bestemt enhet?',
		passphrase: 'Passordfrase',
		again: 'Passordfrasen en gang til',
		send: 'Send varselet',
		sent: 'Varselet er sendt',
		followLink: 'Gå til oppfølgingssiden',
		code: 'Kvitteringskode',
		open: 'Åpne varselet',
		reply: 'Svar til varslingsteamet',
		sendReply: 'Send svar',
		replied: 'Svaret ditt er sendt.',
		shortError: 'Skriv minst 20 tegn.'
	},
	en: {
		link: 'Send a safety report',
		body: 'What happened?',
		unit: 'Does it concern a particular unit?',
		passphrase: 'Passphrase',
		again: 'The passphrase again',
		send: 'Send the report',
		sent: 'Your report has been sent',
		followLink: 'Go to the follow-up page',
		code: 'Receipt code',
		open: 'Open the report',
		reply: 'Reply to the safety team',
		sendReply: 'Send reply',
		replied: 'Your reply has been sent.',
		shortError: 'Please write at least 20 characters.'
	}
} as const;

async function reportAndFollowUp(page: Page, locale: 'no' | 'en', js: boolean) {
	const w = WORDS[locale];
	const text = `${js ? 'With' : 'Without'} JavaScript (${locale}): someone followed me home after the party.`;
	const passphrase = `blue whales sing ${locale} ${js}`;
	// axe reads the pages once, in one language with JavaScript: the others have the same markup.
	const axe = async () => {
		if (js && locale === 'no') expect(await axeViolations(page)).toEqual([]);
	};

	await page.goto(`/${locale}/safety`);
	await page.getByRole('link', { name: w.link }).click();
	await expect(page).toHaveURL(new RegExp(`/${locale}/safety/report$`));
	await axe();

	// A refused post keeps what was typed and chosen, and says why.
	await page.getByLabel(w.body).fill('Too short');
	await page.getByLabel(w.unit).selectOption('board-oslo');
	await page.getByLabel(w.passphrase, { exact: true }).fill(passphrase);
	await page.getByLabel(w.again).fill(passphrase);
	await page.getByRole('button', { name: w.send }).click();
	await expect(page.getByText(w.shortError)).toBeVisible();
	await expect(page.getByLabel(w.body)).toHaveValue('Too short');
	await expect(page.getByLabel(w.unit)).toHaveValue('board-oslo');

	await page.getByLabel(w.body).fill(text);
	await page.getByLabel(w.passphrase, { exact: true }).fill(passphrase);
	await page.getByLabel(w.again).fill(passphrase);
	await page.getByRole('button', { name: w.send }).click();
	const receipt = page.getByTestId('safety-receipt');
	await expect(receipt).toContainText(w.sent);
	const code = (await page.getByTestId('safety-receipt-code').textContent())!.trim();
	expect(code).toMatch(/^([0-9A-Z]{4}-){4}[0-9A-Z]{4}$/);
	if (js) {
		// One click takes the whole code, to copy it whole; not a word of it.
		await page.getByTestId('safety-receipt-code').click();
		expect(await page.evaluate(() => getSelection()?.toString().trim())).toBe(code);
	}
	// Not in the address bar: a shared computer's history does not keep it.
	expect(page.url()).not.toContain(code);
	await axe();

	await page.getByRole('link', { name: w.followLink }).click();
	await axe();
	await page.getByLabel(w.code).fill(code.toLowerCase());
	await page.getByLabel(w.passphrase).fill(passphrase);
	await page.getByRole('button', { name: w.open }).click();
	await expect(page.getByTestId('safety-report-body')).toHaveText(text);
	await axe();

	await page.getByLabel(w.reply).fill('I remembered the date: it was Friday.');
	await page.getByRole('button', { name: w.sendReply }).click();
	await expect(page.getByTestId('safety-replied')).toHaveText(w.replied);
	await expect(page.getByTestId('safety-conversation')).toContainText(
		'I remembered the date: it was Friday.'
	);
	expect(page.url()).not.toContain(code);
}

for (const locale of ['no', 'en'] as const) {
	test(`${locale}: report and follow up without JavaScript`, async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		await reportAndFollowUp(await context.newPage(), locale, false);
		await context.close();
	});

	test(`${locale}: report and follow up with JavaScript, accessible throughout`, async ({
		page
	}) => {
		await reportAndFollowUp(page, locale, true);
	});
}

test('a unit chosen before the scripts arrive stays chosen when they do', async ({ page }) => {
	const release = await holdScripts(page);
	await page.goto('/en/safety/report', { waitUntil: 'commit' });
	await page.getByLabel(WORDS.en.unit).selectOption('board-oslo');
	release();
	await page.waitForLoadState('networkidle');
	await expect(page.getByLabel(WORDS.en.unit)).toHaveValue('board-oslo');
});

test('a report and a receipt code typed before the scripts arrive are still there when they do', async ({
	page
}) => {
	const w = WORDS.en;
	let release = await holdScripts(page);
	await page.goto('/en/safety/report', { waitUntil: 'commit' });
	const body = 'Typed on a slow connection: someone shouted at me during the board meeting.';
	await page.getByLabel(w.body).fill(body);
	await page.getByLabel('Your name', { exact: true }).fill('Early Reporter');
	await page.getByLabel('Your e-mail address', { exact: true }).fill('early@example.org');
	release();
	await page.waitForLoadState('networkidle');
	await expect(page.getByLabel(w.body)).toHaveValue(body);
	await expect(page.getByLabel('Your name', { exact: true })).toHaveValue('Early Reporter');
	await expect(page.getByLabel('Your e-mail address', { exact: true })).toHaveValue(
		'early@example.org'
	);

	await page.unrouteAll();
	release = await holdScripts(page);
	await page.goto('/en/safety/follow-up', { waitUntil: 'commit' });
	await page.getByLabel(w.code).fill('7k3m-abcd-efgh-jkmn-pqrs');
	release();
	await page.waitForLoadState('networkidle');
	await expect(page.getByLabel(w.code)).toHaveValue('7k3m-abcd-efgh-jkmn-pqrs');
});

const TEAM = {
	no: {
		subject: 'Nytt i varslingsinnboksen',
		wroteAgain: 'Skrev igjen – venter på svar',
		language: 'Språk',
		english: 'Engelsk',
		newStatus: 'Ny status',
		change: 'Endre status',
		changed: 'Statusen er endret.'
	},
	en: {
		subject: 'New in the safety inbox',
		wroteAgain: 'Wrote again – awaits an answer',
		language: 'Language',
		english: 'English',
		newStatus: 'New status',
		change: 'Change status',
		changed: 'The status has been changed.'
	}
} as const;

const REPORTER_PASSPHRASE = 'amber lanterns glow';

/** A browser's form post without JavaScript (an HTML answer, not SvelteKit's JSON). */
const asForm = (origin: string) => ({ origin, accept: 'text/html' });

/** A report sent as a browser without JavaScript sends it, in English; its receipt code. */
async function postReport(request: APIRequestContext, origin: string, body: string) {
	const res = await request.post('/en/safety/report', {
		headers: asForm(origin),
		form: {
			body,
			unitId: '',
			name: '',
			email: '',
			passphrase: REPORTER_PASSPHRASE,
			passphraseAgain: REPORTER_PASSPHRASE,
			website: ''
		}
	});
	expect(res.status()).toBe(200);
	return /data-testid="safety-receipt-code"[^>]*>([0-9A-Z-]{24})</.exec(await res.text())![1]!;
}

/** The id of the report with this text: the test reads the key as the server does. */
function reportIdOf(body: string): string {
	const ring = keyring(loadKeys({ file: join(dirname(E2E_DB), 'expense-account.key') }));
	const rows = e2eDb((d) => d.prepare('select id, body from safety_reports').all()) as {
		id: string;
		body: string;
	}[];
	const found = rows.find((r) => ring.decrypt(r.body, `safety_report:${r.id}:body`) === body);
	if (!found) throw new Error(`no report with the text ${body}`);
	return found.id;
}

for (const locale of ['no', 'en'] as const) {
	test(`${locale}: the safety team is told by mail, sees who wrote again, and a report's language and status as they are`, async ({
		page,
		browser,
		request,
		baseURL
	}) => {
		const w = TEAM[locale];
		const holder = await e2eAccount(`Siri Safe-${locale}`);
		e2eDb((d) => {
			d.prepare('update users set locale = ? where id = ?').run(locale, holder.id);
			d.prepare('insert into safety_grants (user_id, granted_by, granted_at) values (?, ?, ?)').run(
				holder.id,
				holder.id,
				new Date().toISOString()
			);
		});
		await e2eSession(page.context(), baseURL!, holder.id);

		const quiet = `Left alone (${locale}, ${randomUUID()}): my questions at the meeting were laughed at.`;
		const again = `Written again (${locale}, ${randomUUID()}): someone took my bag after the party.`;
		await postReport(request, baseURL!, quiet);
		const code = await postReport(request, baseURL!, again);
		const replied = await request.post('/en/safety/follow-up?/reply', {
			headers: asForm(baseURL!),
			form: { code, passphrase: REPORTER_PASSPHRASE, message: 'It was a blue bag.' }
		});
		expect(replied.status()).toBe(200);
		const [quietId, againId] = [reportIdOf(quiet), reportIdOf(again)];

		// Told in their language of the reports and the reply, with a link to the inbox and nothing
		// of either (other tests' reports running alongside tell every holder too).
		const mails = e2eDb((d) =>
			d
				.prepare('select kind, subject, text_body from mail_outbox where to_address = ?')
				.all(holder.email)
		) as { kind: string; subject: string; text_body: string }[];
		expect(new Set(mails.map((m) => m.kind))).toEqual(
			new Set(['safety-new-report', 'safety-reporter-reply'])
		);
		for (const mail of mails) {
			expect(mail.subject).toBe(w.subject);
			expect(mail.text_body).toContain(`${baseURL}/${locale}/admin/inbox/safety`);
			expect(mail.text_body).not.toMatch(/bag|meeting|party/);
		}

		await page.goto(`/${locale}/admin/inbox/safety`);
		const row = (id: string) => page.locator(`[data-report-id="${id}"]`);
		await expect(row(againId).getByTestId('safety-reporter-replied')).toHaveText(w.wroteAgain);
		await expect(row(quietId)).toBeVisible();
		await expect(row(quietId).getByTestId('safety-reporter-replied')).toHaveCount(0);
		expect(await axeViolations(page)).toEqual([]);

		await row(againId).getByRole('link').click();
		await expect(page.getByTestId('safety-report-body')).toHaveText(again);
		// The reporter's language by its name in the reader's language, not its code.
		const language = page
			.locator('dt', { hasText: w.language })
			.locator('xpath=following-sibling::dd[1]');
		await expect(language).toHaveText(w.english);
		expect(await axeViolations(page)).toEqual([]);

		// As the page comes from the server (no script to fix it up): the select starts on the
		// report's status, also after a change, so what it shows is never taken for another status.
		const plain = await browser.newContext({ javaScriptEnabled: false });
		await e2eSession(plain, baseURL!, holder.id);
		const report = await plain.newPage();
		await report.goto(`/${locale}/admin/inbox/safety/${againId}`);
		await expect(report.getByLabel(w.newStatus)).toHaveValue('new');
		await report.getByLabel(w.newStatus).selectOption('in_review');
		await report.getByRole('button', { name: w.change }).click();
		await expect(report.getByText(w.changed)).toBeVisible();
		await expect(report.getByLabel(w.newStatus)).toHaveValue('in_review');
		await report.goto(`/${locale}/admin/inbox/safety/${againId}`);
		await expect(report.getByLabel(w.newStatus)).toHaveValue('in_review');
		await plain.close();
	});
}
