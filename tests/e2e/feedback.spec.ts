import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { axeViolations, E2E_DB, e2eAccount, e2eAdmin, e2eDb, e2eSession } from '../helpers/e2e';
import { copyEvent, openRegistration } from '../helpers/registration';

// Event feedback in Chromium, in both languages, with and without JavaScript: an organiser turns
// it on for an event that is over; an attendee finds the link on the event's page, answers on the
// form's own page and changes the answer; a bad post is refused with nothing changed; someone who
// did not attend is told so; the organiser sees the figures and the comment, never a name. axe
// where JavaScript runs (it needs scripts on the page).

const LOCALES = ['no', 'en'] as const;
type Locale = (typeof LOCALES)[number];

const texts = (locale: Locale) =>
	({
		...JSON.parse(readFileSync(`messages/${locale}/feedback.json`, 'utf8')),
		...JSON.parse(readFileSync(`messages/${locale}/admin-registration.json`, 'utf8'))
	}) as Record<string, string>;
/** A message's words before its first placeholder. */
const start = (text: string) => text.split('{')[0]!;

/** A copied event that ended two hours ago, its registration closed, and `confirmed` holding seats. */
function endedEvent(confirmed: string[]): string {
	const event = copyEvent(E2E_DB);
	const now = Date.now();
	const hours = (h: number) => new Date(now + h * 3_600_000);
	e2eDb((d) =>
		d
			.prepare('update events set starts_at = ?, ends_at = ? where id = ?')
			.run(hours(-5).toISOString(), hours(-2).toISOString(), event)
	);
	openRegistration(E2E_DB, event, { capacity: 5, opensAt: hours(-72), closesAt: hours(-24) });
	e2eDb((d) => {
		const insert = d.prepare(
			"insert into registrations (id, event_id, user_id, pool_id, status, arrival, queue, answer, order_id, pay_by, late, cancelled_reason, created_at, updated_at) values (?, ?, ?, null, 'confirmed', ?, ?, null, null, null, 0, null, ?, ?)"
		);
		confirmed.forEach((userId, i) =>
			insert.run(
				randomUUID(),
				event,
				userId,
				i + 1,
				i + 1,
				hours(-48).toISOString(),
				hours(-48).toISOString()
			)
		);
	});
	return event;
}

async function signedIn(
	browser: Browser,
	baseURL: string,
	userId: string,
	javaScriptEnabled: boolean
) {
	const context = await browser.newContext({ javaScriptEnabled });
	await e2eSession(context, baseURL, userId);
	return context.newPage();
}

const storedAnswer = (event: string) =>
	e2eDb((d) =>
		d.prepare('select rating, comment from event_feedback where event_id = ?').all(event)
	);

for (const locale of LOCALES) {
	const t = texts(locale);
	for (const javaScriptEnabled of [true, false]) {
		const js = javaScriptEnabled ? 'with' : 'without';

		test(`${locale}, ${js} JavaScript: an organiser asks for feedback, an attendee gives and changes it, and the results show no names`, async ({
			browser,
			baseURL
		}) => {
			const attendee = await e2eAccount(`Fiona Feedback ${locale}`);
			const stranger = await e2eAccount(`Sam Stranger ${locale}`);
			const event = endedEvent([attendee.id]);
			const admin = await signedIn(browser, baseURL!, (await e2eAdmin()).id, javaScriptEnabled);

			// The organiser turns it on, from the registration settings' link.
			await admin.goto(`/${locale}/admin/events/${event}/registration`);
			await admin.getByRole('link', { name: t.feedback_admin_link, exact: true }).click();
			await expect(admin.getByTestId('feedback-empty')).toHaveText(t.feedback_admin_none!);
			await admin.getByLabel(t.feedback_admin_switch!).check();
			await admin.getByRole('button', { name: t.feedback_admin_save }).click();
			await expect(admin.getByRole('status')).toHaveText(t.feedback_admin_saved_on!);
			await expect(admin.getByLabel(t.feedback_admin_switch!)).toBeChecked();
			if (javaScriptEnabled) expect(await axeViolations(admin)).toEqual([]);

			// The attendee finds the link on the event's page and answers.
			const page = await signedIn(browser, baseURL!, attendee.id, javaScriptEnabled);
			await page.goto(`/${locale}/events/${event}`);
			await page.getByRole('link', { name: t.feedback_link_give }).click();
			await expect(page).toHaveURL(new RegExp(`/${locale}/events/${event}/feedback$`));
			if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
			const ratings = page.getByRole('group', { name: t.feedback_rating });
			await ratings.getByRole('radio', { name: t.feedback_rating_4 }).check();
			await page.getByLabel(t.feedback_comment!).fill('Great choir, long queue at the bar');
			await page.getByRole('button', { name: t.feedback_send }).click();
			await expect(page.getByRole('status')).toContainText(start(t.feedback_saved!));
			await expect(ratings.getByRole('radio', { name: t.feedback_rating_4 })).toBeChecked();

			// …and changes it until the form closes.
			await ratings.getByRole('radio', { name: t.feedback_rating_2 }).check();
			await page.getByRole('button', { name: t.feedback_change }).click();
			await expect(page.getByRole('status')).toContainText(start(t.feedback_changed!));
			expect(storedAnswer(event)).toEqual([
				{ rating: 2, comment: 'Great choir, long queue at the bar' }
			]);
			await page.goto(`/${locale}/events/${event}`);
			await expect(page.getByRole('link', { name: t.feedback_link_change })).toBeVisible();

			// A post the form would not send: refused in words, nothing changed.
			for (const [form, words] of [
				[{ rating: '6', comment: 'x' }, t.feedback_invalid_rating!],
				[{ rating: 'five' }, t.feedback_invalid_rating!],
				[{ rating: '3', comment: 'x'.repeat(1001) }, start(t.feedback_comment_too_long!)]
			] as const) {
				const refused = await page.request.post(`/${locale}/events/${event}/feedback`, {
					form,
					// As a browser without JavaScript posts it: the page again, with the refusal.
					headers: { origin: baseURL!, accept: 'text/html' }
				});
				expect(refused.status()).toBe(400);
				expect(await refused.text()).toContain(words);
			}
			expect(storedAnswer(event)).toEqual([
				{ rating: 2, comment: 'Great choir, long queue at the bar' }
			]);

			// Someone who did not attend sees no link, and the form tells them why.
			const other = await signedIn(browser, baseURL!, stranger.id, javaScriptEnabled);
			await other.goto(`/${locale}/events/${event}`);
			await expect(other.getByRole('link', { name: t.feedback_link_give })).toHaveCount(0);
			await other.goto(`/${locale}/events/${event}/feedback`);
			await expect(other.getByText(t.feedback_not_attended!)).toBeVisible();
			await expect(other.getByRole('radio')).toHaveCount(0);
			const theirs = await other.request.post(`/${locale}/events/${event}/feedback`, {
				form: { rating: '5' },
				headers: { origin: baseURL!, accept: 'text/html' }
			});
			expect(theirs.status()).toBe(403);
			expect(await theirs.text()).toContain(t.feedback_not_attended);
			expect(storedAnswer(event)).toHaveLength(1);

			// The organiser's results: the figures and the comment, no name.
			await admin.reload();
			const figures = admin.getByTestId('feedback-figures');
			await expect(figures).toContainText('1');
			await expect(figures).toContainText(
				t.feedback_admin_average_value!.replace('{average}', '2')
			);
			await expect(admin.getByTestId('feedback-comments')).toContainText(
				'Great choir, long queue at the bar'
			);
			await expect(admin.locator('main')).not.toContainText('Fiona');
			const csv = await admin.request.get(`/${locale}/admin/events/${event}/feedback.csv`);
			expect(csv.status()).toBe(200);
			const file = await csv.text();
			expect(file).toContain('Great choir, long queue at the bar');
			expect(file).not.toContain('Fiona');
			if (javaScriptEnabled) expect(await axeViolations(admin)).toEqual([]);
		});
	}

	test(`${locale}: a visitor is sent to sign in, and a member may not see the organisers' page`, async ({
		browser,
		baseURL,
		page
	}) => {
		const event = endedEvent([]);
		await page.goto(`/${locale}/events/${event}/feedback`);
		await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
		const member = await e2eAccount(`Mo Member ${locale}`);
		const signedInPage = await signedIn(browser, baseURL!, member.id, true);
		const results = await signedInPage.goto(`/${locale}/admin/events/${event}/feedback`);
		expect(results?.status()).toBe(404);
	});
}
