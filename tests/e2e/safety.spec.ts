import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../helpers/e2e';
import { holdScripts } from '../helpers/slow-scripts';

// A safety report in a real browser, in both languages, with JavaScript off (plain posts) and on
// (enhanced): sent from the /safety page, the receipt code noted, then followed up with the code
// and the passphrase to see the report and write in its conversation. axe checks the form, the
// receipt and the follow-up page where JavaScript runs.

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
