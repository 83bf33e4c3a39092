import { expect, test, type Page } from '@playwright/test';
import { pdf } from '../../src/lib/server/files/test-fixtures';
import { axeViolations, e2eAccount, e2eDb, e2eSession } from '../helpers/e2e';
import { holdScripts } from '../helpers/slow-scripts';

// Job applications in a real browser: the form on a job's page in both languages, with JavaScript
// off (a plain multipart post) and on (enhanced), with a small PDF as the CV; then the job unit's
// leader finds the application in the inbox and moves it on. axe checks the form and the inbox.

const JOB = '/jobs/treasurer-oslo';
const WORDS = {
	en: {
		name: 'Your name',
		email: 'Your email address',
		phone: 'Phone number',
		motivation: 'Why do you want this role?',
		cv: 'CV (PDF or Word)',
		submit: 'Send application',
		sent: 'Thank you, we have received your application.'
	},
	no: {
		name: 'Navnet ditt',
		email: 'E-postadressen din',
		phone: 'Telefonnummer',
		motivation: 'Hvorfor vil du ha dette vervet?',
		cv: 'CV (PDF eller Word)',
		submit: 'Send søknad',
		sent: 'Takk, vi har mottatt søknaden din.'
	}
} as const;

async function apply(
	page: Page,
	locale: 'en' | 'no',
	name: string,
	email = 'applicant@example.org'
) {
	const w = WORDS[locale];
	await page.goto(`/${locale}${JOB}`);
	await page.getByLabel(w.name).fill(name);
	await page.getByLabel(w.email).fill(email);
	await page.getByLabel(w.phone).fill('+47 912 34 567');
	await page.getByLabel(w.motivation).fill('I kept the accounts of my choir for three years.');
	await page
		.getByLabel(w.cv)
		.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf() });
	await page.getByRole('button', { name: w.submit }).click();
	await expect(page).toHaveURL(new RegExp(`/${locale}${JOB}\\?sent=1$`));
	await expect(page.getByTestId('application-sent')).toContainText(w.sent);
}

for (const locale of ['en', 'no'] as const) {
	for (const javaScriptEnabled of [false, true]) {
		test(`${locale}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: apply with a PDF, see the confirmation and an empty form`, async ({
			browser
		}) => {
			const context = await browser.newContext({ javaScriptEnabled });
			const page = await context.newPage();
			await apply(page, locale, `E2E ${locale} ${javaScriptEnabled ? 'js' : 'nojs'}`);
			// What was sent is not offered for sending again.
			await expect(page.getByLabel(WORDS[locale].name)).toHaveValue('');
			await expect(page.getByLabel(WORDS[locale].motivation)).toHaveValue('');
			await context.close();
		});
	}
}

test('what is typed before the scripts arrive is still in the form once they have, and is sent', async ({
	page
}) => {
	const w = WORDS.en;
	const release = await holdScripts(page);
	await page.goto(`/en${JOB}`, { waitUntil: 'commit' });
	const typed = {
		[w.name]: 'Early Typist',
		[w.email]: 'early@example.org',
		[w.phone]: '+47 912 34 568',
		[w.motivation]: 'I typed this on a slow train, before the page had finished loading.'
	};
	for (const [label, text] of Object.entries(typed)) await page.getByLabel(label).fill(text);
	release();
	await page.waitForLoadState('networkidle');
	for (const [label, text] of Object.entries(typed))
		await expect(page.getByLabel(label)).toHaveValue(text);
	await page
		.getByLabel(w.cv)
		.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf() });
	await page.getByRole('button', { name: w.submit }).click();
	await expect(page.getByTestId('application-sent')).toContainText(w.sent);
	await expect(page.getByLabel(w.name)).toHaveValue('');
});

test('the form says what is missing in place, and passes axe', async ({ page }) => {
	await page.goto(`/en${JOB}`);
	await expect(page.getByTestId('application-privacy')).toContainText('183 days');
	expect(await axeViolations(page)).toEqual([]);
	await page.getByRole('button', { name: 'Send application' }).click();
	await expect(page.getByRole('alert')).toContainText('Please correct the fields marked below.');
	await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
	await expect(page.getByText('Please attach your CV.')).toBeVisible();
	expect(await axeViolations(page)).toEqual([]);
});

test('the unit’s leader finds the application in the inbox and changes its status', async ({
	browser,
	baseURL
}) => {
	const name = `Inbox applicant ${Date.now()}`;
	const applicant = await browser.newContext({ javaScriptEnabled: false });
	await apply(await applicant.newPage(), 'en', name);
	await applicant.close();

	const leader = await e2eAccount('Lea Leader', 'leader');
	const context = await browser.newContext();
	await e2eSession(context, baseURL!, leader.id);
	const page = await context.newPage();
	await page.goto('/en/admin/inbox/applications');
	expect(await axeViolations(page)).toEqual([]);
	await page.getByRole('link', { name }).click();
	await expect(page.getByTestId('application-status')).toHaveText('Received');
	await expect(page.getByTestId('application-files')).toContainText('cv.pdf');
	expect(await axeViolations(page)).toEqual([]);

	await page.getByLabel('New status').selectOption('in_review');
	await page.getByRole('button', { name: 'Change status' }).click();
	await expect(page.getByRole('status')).toHaveText('The status has been changed.');
	await expect(page.getByTestId('application-status')).toHaveText('In review');
	await expect(page.getByTestId('audit-trail')).toContainText('Received → In review');
	await context.close();
});

test('the applicant withdraws through the e-mailed link (Norwegian, JavaScript on)', async ({
	page
}) => {
	const email = `withdraw-${Date.now()}@example.org`;
	await apply(page, 'no', 'Trekker Søknaden', email);
	const link = e2eDb(
		(d) =>
			d
				.prepare(
					"select text_body from mail_outbox where to_address = ? and kind = 'application-confirmation'"
				)
				.get(email) as { text_body: string }
	).text_body.match(/https?:\/\/\S+/)![0];
	const url = new URL(link);
	await page.goto(url.pathname + url.search);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trekk søknaden din');
	await page.getByRole('button', { name: 'Trekk og slett' }).click();
	await expect(page.getByTestId('application-withdrawn')).toContainText(
		'Vi har slettet søknaden din'
	);
	const left = e2eDb((d) =>
		d.prepare('select count(*) as n from job_applications where email = ?').get(email)
	) as { n: number };
	expect(left.n).toBe(0);
});
