import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, e2eAdmin, e2eSession } from '../helpers/e2e';
import { holdScripts } from '../helpers/slow-scripts';

// The assistant in Chromium, in both languages: with JavaScript a dialog loaded on the first
// click (focus kept inside, Escape closes and gives the focus back, sources as links); without
// JavaScript the same button is a link to a plain form that posts and shows the answer. The site
// runs without a model, so answers are the site's passages quoted.

const LOCALES = ['no', 'en'] as const;
const QUESTION = { no: 'Når er julebordet?', en: 'When is the Christmas party?' };

function texts(locale: (typeof LOCALES)[number], feature = 'assistant') {
	return JSON.parse(readFileSync(`messages/${locale}/${feature}.json`, 'utf8')) as Record<
		string,
		string
	>;
}

for (const locale of LOCALES) {
	const t = texts(locale);

	test(`${locale}: the dialog is loaded on the first click, answers with sources, keeps and returns the focus`, async ({
		page
	}) => {
		const scripts: string[] = [];
		page.on('response', (res) => {
			if (res.request().resourceType() === 'script') scripts.push(res.url());
		});
		await page.goto(`/${locale}/events`);
		await page.waitForLoadState('networkidle');
		const firstVisit = scripts.length;
		const open = page.getByRole('link', { name: t.assistant_open });
		await open.click();
		const dialog = page.getByRole('dialog', { name: t.assistant_title });
		await expect(dialog).toBeVisible();
		// Its code came with the click, not with the page.
		expect(scripts.length).toBeGreaterThan(firstVisit);
		const field = dialog.getByLabel(t.assistant_label!);
		await expect(field).toBeFocused();
		await field.fill(QUESTION[locale]);
		await dialog.getByRole('button', { name: t.assistant_submit }).click();
		const answer = dialog.getByTestId('assistant-answer');
		await expect(answer).toContainText(QUESTION[locale]);
		const sources = answer.getByRole('link');
		await expect(sources.first()).toHaveAttribute('href', new RegExp(`^/${locale}/`));
		expect(await axeViolations(page)).toEqual([]);
		// The answer can be rated in place.
		const rating = answer.getByRole('group', { name: t.assistant_rate_question });
		await rating.getByRole('button', { name: t.assistant_rate_yes, exact: true }).click();
		await expect(answer.getByText(t.assistant_rated_helpful!)).toBeVisible();
		// Tab stays inside the modal dialog.
		for (let i = 0; i < 8; i++) {
			await page.keyboard.press('Tab');
			expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
		}
		await page.keyboard.press('Escape');
		await expect(dialog).toBeHidden();
		await expect(open).toBeFocused();
	});

	test.describe(`${locale} without JavaScript`, () => {
		test.use({ javaScriptEnabled: false });
		test('the button leads to a form that posts the question and shows the answer', async ({
			page
		}) => {
			await page.goto(`/${locale}`);
			await page.getByRole('link', { name: t.assistant_open }).click();
			await expect(page).toHaveURL(new RegExp(`/${locale}/assistant$`));
			await page.getByLabel(t.assistant_label!).fill(QUESTION[locale]);
			await page.getByRole('button', { name: t.assistant_submit }).click();
			const answer = page.getByTestId('assistant-answer');
			await expect(answer).toContainText(QUESTION[locale]);
			await expect(answer.getByRole('link').first()).toHaveAttribute(
				'href',
				new RegExp(`^/${locale}/`)
			);
			// The question stays in the field, to ask it differently.
			await expect(page.getByLabel(t.assistant_label!)).toHaveValue(QUESTION[locale]);
			// The rating buttons post too.
			await answer.getByRole('button', { name: t.assistant_rate_no, exact: true }).click();
			await expect(page.getByText(t.assistant_rated_unhelpful!)).toBeVisible();
		});
	});
}

/** Asks on /{locale}/assistant and gives the answer. */
async function ask(page: Page, locale: (typeof LOCALES)[number], question: string) {
	const t = texts(locale);
	await page.goto(`/${locale}/assistant`);
	await page.getByLabel(t.assistant_label!).fill(question);
	await page.getByRole('button', { name: t.assistant_submit }).click();
	const answer = page.getByTestId('assistant-answer');
	await expect(answer).toContainText(question);
	return answer;
}

/** Questions of issue 30 (item 20) in each language, and what their answers must hold. */
const ASKED = {
	no: {
		nothing: 'kvantekromodynamikk for sebraer',
		price: 'Hva koster medlemskap?',
		office: 'Hvor er kontoret deres?',
		reimbursed: 'Hvordan får jeg refusjon?',
		notSold: 'kommer snart'
	},
	en: {
		nothing: 'quantum chromodynamics of zebras',
		price: 'How much does membership cost?',
		office: 'Where is your office?',
		reimbursed: 'How do I get reimbursed?',
		notSold: 'coming soon'
	}
};

for (const locale of LOCALES) {
	const t = texts(locale);
	const asked = ASKED[locale];

	test(`${locale}: a question that finds nothing says so in words and links to the search and the contact page`, async ({
		page
	}) => {
		const answer = await ask(page, locale, asked.nothing);
		// The addresses are links under the answer, not raw text in it.
		await expect(answer).not.toContainText(`/${locale}/search`);
		await expect(answer).not.toContainText(`(/${locale}/contact)`);
		await expect(answer.getByRole('link', { name: t.assistant_contact_link })).toHaveAttribute(
			'href',
			`/${locale}/contact`
		);
		await expect(
			answer.getByRole('link', { name: t.assistant_search_link!.split('{')[0]! })
		).toHaveAttribute('href', `/${locale}/search?q=${encodeURIComponent(asked.nothing)}`);
		await expect(answer.getByText(t.assistant_elsewhere!)).toBeVisible();
		expect(await axeViolations(page)).toEqual([]);
	});

	test(`${locale}: the membership's price is answered from the page that sells it`, async ({
		page
	}) => {
		const answer = await ask(page, locale, asked.price);
		await expect(answer.getByRole('link').first()).toHaveAttribute('href', `/${locale}/membership`);
		// The four plans /membership sells, not a price of its own nor "coming soon".
		await expect(answer).toContainText('600');
		await expect(answer).not.toContainText(asked.notSold);
	});

	test(`${locale}: where the office is, is answered from the contact page with its address`, async ({
		page
	}) => {
		const answer = await ask(page, locale, asked.office);
		await expect(answer).toContainText('Campusveien 1');
		await expect(answer.getByRole('link').first()).toHaveAttribute('href', `/${locale}/contact`);
	});

	test(`${locale}: how to get reimbursed is answered from the expense policy, with a link to the claims`, async ({
		page
	}) => {
		const answer = await ask(page, locale, asked.reimbursed);
		await expect(answer.getByRole('link').first()).toHaveAttribute(
			'href',
			`/${locale}/policies/expenses`
		);
		await expect(answer.locator(`a[href="/${locale}/fs"]`)).toBeVisible();
	});

	test(`${locale}: search keywords an admin gives a page in the content editor lead the assistant there`, async ({
		page,
		context,
		baseURL
	}) => {
		const admin = texts(locale, 'admin');
		// A page of each test's own, and words no page uses, so tests running at once do not meet.
		const slug = locale === 'no' ? 'business-hotspot' : 'press';
		const tag = Math.random()
			.toString(36)
			.replace(/[^a-z]/g, '')
			.slice(0, 6);
		const words = { no: `gründerhus${tag}`, en: `incubator${tag}` };
		const { id } = await e2eAdmin();
		await e2eSession(context, baseURL!, id);
		await page.goto(`/${locale}/admin/content/pages/${slug}`);
		for (const lang of LOCALES) {
			const label = `${admin.admin_field_keywords} (${admin[`admin_language_${lang}`]})`;
			await page.getByLabel(label).fill(`${words[lang]}, ${lang}`);
		}
		await page.getByRole('button', { name: admin.admin_content_save, exact: true }).click();
		await expect(page.getByRole('status')).toHaveText(admin.admin_content_saved!);
		const answer = await ask(page, locale, `${words[locale]}?`);
		await expect(answer.getByRole('link').first()).toHaveAttribute('href', `/${locale}/${slug}`);
	});

	test(`${locale}: a question asked before the page's scripts arrive is answered, and so is the next once they have`, async ({
		page
	}) => {
		const release = await holdScripts(page);
		await page.goto(`/${locale}/assistant`, { waitUntil: 'commit' });
		const field = page.getByLabel(t.assistant_label!);
		await field.fill(QUESTION[locale]);
		await page.getByRole('button', { name: t.assistant_submit }).click();
		const answer = page.getByTestId('assistant-answer');
		await expect(answer).toContainText(QUESTION[locale]);
		await expect(answer.getByRole('link').first()).toHaveAttribute('href', /^\/(no|en)\//);
		release();
		// "Once they have": the scripts have arrived and the page has hydrated. Typing while hydration
		// sets the field's value can land after the old text instead of replacing it.
		await page.waitForLoadState('networkidle');
		await expect(field).toHaveValue(QUESTION[locale]);
		await field.fill(asked.price);
		await page.getByRole('button', { name: t.assistant_submit }).click();
		await expect(answer).toContainText(asked.price);
		await expect(answer.getByRole('link').first()).toHaveAttribute('href', `/${locale}/membership`);
	});
}

for (const locale of LOCALES) {
	test(`${locale}: an admin sees the questions the assistant missed and marks one handled`, async ({
		page,
		context,
		baseURL
	}) => {
		const admin = texts(locale, 'admin');
		const question = `Finnes det en sjakklubb for ${locale} ${Math.random().toString(36).slice(2, 8)}?`;
		const asked = await page.request.post('/api/public-assistant', {
			data: { message: question, locale }
		});
		expect((await asked.json()).found).toBe(false);
		const { id } = await e2eAdmin();
		await e2eSession(context, baseURL!, id);
		await page.goto(`/${locale}/admin/assistant?locale=${locale}`);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(admin.admin_assistant_title!);
		const row = page.getByRole('row').filter({ hasText: question });
		await expect(row).toBeVisible();
		expect(await axeViolations(page)).toEqual([]);
		await row.getByRole('button').click();
		// The message has plural forms; the question was asked once.
		const [dismissed] = admin.admin_assistant_dismissed as unknown as [
			{ match: Record<string, string> }
		];
		await expect(page.getByRole('status')).toContainText(
			dismissed.match['countPlural=one']!.replace('{count}', '1')
		);
		await expect(page.getByRole('row').filter({ hasText: question })).toHaveCount(0);
	});
}
