import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, E2E_DB, e2eAccount, e2eAdmin, e2eDb, e2eSession } from '../helpers/e2e';
import { COPY_TITLE, copyEvent, openRegistration } from '../helpers/registration';

// The marks ladder as members and organisers meet it, in both languages: before the deadline the
// event page promises no mark; after it, it says a late unregistration gives a mark and until when
// it counts; the late unregistration gives it; the member finds it on their marks page; the
// organiser's attendance page refuses a removal without a reason or of an unknown person and
// removes it with one, which the member then sees.

const LOCALES = ['no', 'en'] as const;
type Locale = (typeof LOCALES)[number];

const messages = (locale: Locale) =>
	({
		...JSON.parse(readFileSync(`messages/${locale}/registration.json`, 'utf8')),
		...JSON.parse(readFileSync(`messages/${locale}/marks.json`, 'utf8'))
	}) as Record<string, string>;

/** A message's words up to its first placeholder (the rest holds dates in the page's format). */
const opening = (text: string) => text.split('{')[0]!;

async function memberPage(browser: Browser, baseURL: string, name: string) {
	const context = await browser.newContext();
	const { id } = await e2eAccount(name);
	await e2eSession(context, baseURL, id);
	return { page: await context.newPage(), id };
}

const marksOf = (userId: string) =>
	e2eDb(
		(d) =>
			d.prepare('select kind, weight, removed_reason from marks where user_id = ?').all(userId) as {
				kind: string;
				weight: number;
				removed_reason: string | null;
			}[]
	);

async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
	const context = await browser.newContext();
	const { id } = await e2eAdmin();
	await e2eSession(context, baseURL, id);
	return context.newPage();
}

for (const locale of LOCALES) {
	const t = messages(locale);

	test(`${locale}: a late unregistration is announced with its mark, gives it, the member sees it, and an organiser removes it with a reason`, async ({
		browser,
		baseURL
	}) => {
		const event = copyEvent(E2E_DB);
		openRegistration(E2E_DB, event, { capacity: 5 });
		const setDeadline = (at: Date) =>
			e2eDb((d) =>
				d
					.prepare(
						'update event_registration set unregister_by = ?, late_unregister = 1 where event_id = ?'
					)
					.run(at.toISOString(), event)
			);
		setDeadline(new Date(Date.now() + 86_400_000));
		const member = await memberPage(browser, baseURL!, `Mark Late ${locale}`);
		const { page } = member;
		const path = `/${locale}/events/${event}`;
		await page.goto(path);
		await page.getByRole('button', { name: t.registration_register }).click();
		await expect(page.getByTestId('registration-mine')).toHaveText(t.registration_mine_confirmed!);
		// Before the deadline: no mark, and what comes after it.
		await expect(page.getByTestId('registration-mark-outcome')).toContainText(
			opening(t.marks_outcome_before!)
		);

		setDeadline(new Date(Date.now() - 60_000));
		await page.reload();
		const outcome = page.getByTestId('registration-mark-outcome');
		await expect(outcome).toContainText(opening(t.marks_outcome_late!));
		// What the mark will mean: the default ladder's first step, two hours' delay.
		await expect(outcome).toContainText(locale === 'no' ? '2 timer' : '2 hours');
		expect(marksOf(member.id)).toEqual([]);

		await page.getByLabel(t.registration_late_confirm!).check();
		await page.getByRole('button', { name: t.registration_unregister_late }).click();
		await expect(page.getByText(t.registration_unregistered!)).toBeVisible();
		expect(marksOf(member.id)).toEqual([
			{ kind: 'late_unregister', weight: 1, removed_reason: null }
		]);

		await page.goto(`/${locale}/profile`);
		await page.getByTestId('marks-link').click();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.marks_page_title!);
		const row = page.getByTestId('marks').getByRole('row').filter({ hasText: event });
		await expect(row).toContainText(`${COPY_TITLE[locale]} ${event}`);
		await expect(row).toContainText(t.marks_kind_late_unregister!);
		await expect(row).toContainText(t.marks_status_active!);
		await expect(page.getByTestId('marks-standing')).toContainText(opening(t.marks_delay_general!));
		expect(await axeViolations(page)).toEqual([]);

		const admin = await adminPage(browser, baseURL!);
		await admin.goto(`/${locale}/admin/events/${event}/attendance`);
		await expect(admin.getByTestId('event-marks')).toContainText(`Mark Late ${locale}`);
		expect(await axeViolations(admin)).toEqual([]);
		const mark = admin.getByLabel(t.marks_field_mark!, { exact: true });
		await mark.selectOption({ label: `Mark Late ${locale}: ${t.marks_kind_late_unregister}` });
		// A browser that does not check the field first: the server says what is missing.
		await admin
			.locator('#removeMark-reason')
			.evaluate((input) => input.removeAttribute('required'));
		await admin.getByRole('button', { name: t.marks_remove_submit }).click();
		await expect(admin.locator('#removeMark-reason-error')).toHaveText(t.marks_error_required!);
		expect(marksOf(member.id)[0]!.removed_reason).toBeNull();

		// A mark that is not (or no longer) there.
		await admin
			.getByLabel(t.marks_field_mark!, { exact: true })
			.evaluate((select: HTMLSelectElement) => select.add(new Option('?', 'no-such-mark'), 1));
		await admin.getByLabel(t.marks_field_mark!, { exact: true }).selectOption('no-such-mark');
		await admin.locator('#removeMark-reason').fill('gone');
		await admin.getByRole('button', { name: t.marks_remove_submit }).click();
		await expect(admin.locator('#removeMark-markId-error')).toHaveText(t.marks_error_unknown_mark!);

		await admin.getByLabel(t.marks_field_mark!, { exact: true }).selectOption({ index: 1 });
		await admin.locator('#removeMark-reason').fill('The bus broke down');
		await admin.getByRole('button', { name: t.marks_remove_submit }).click();
		await expect(admin.getByRole('status')).toHaveText(t.marks_done_removed!);
		expect(marksOf(member.id)).toEqual([
			{ kind: 'late_unregister', weight: 1, removed_reason: 'The bus broke down' }
		]);

		await page.reload();
		await expect(row).toContainText(
			t.marks_status_removed!.replace('{reason}', 'The bus broke down')
		);
		await expect(page.getByTestId('marks-standing')).toHaveText(t.marks_standing_none!);
	});

	test(`${locale}: the attendance form refuses a state not in the list and an unknown person, and saves a state with a reason`, async ({
		browser,
		baseURL
	}) => {
		const event = copyEvent(E2E_DB);
		openRegistration(E2E_DB, event, { capacity: 5 });
		const member = await memberPage(browser, baseURL!, `Mo Door ${locale}`);
		await member.page.goto(`/${locale}/events/${event}`);
		await member.page.getByRole('button', { name: t.registration_register }).click();
		await expect(member.page.getByTestId('registration-mine')).toBeVisible();

		const admin = await adminPage(browser, baseURL!);
		await admin.goto(`/${locale}/admin/events/${event}/attendance`);
		const person = admin.getByLabel(t.marks_field_person!);
		const state = admin.getByLabel(t.marks_field_state!);
		await expect(admin.getByTestId('attendance')).toContainText(t.marks_state_unsettled!);

		await person.selectOption({ label: `Mo Door ${locale}` });
		await state.evaluate((select: HTMLSelectElement) => select.add(new Option('?', 'asleep')));
		await state.selectOption('asleep');
		await admin.locator('#state-reason').fill('checked by hand');
		await admin.getByRole('button', { name: t.marks_set_submit }).click();
		await expect(admin.locator('#state-state-error')).toHaveText(t.marks_error_invalid!);

		await person.evaluate((select: HTMLSelectElement) => select.add(new Option('?', 'nobody')));
		await person.selectOption('nobody');
		await state.selectOption({ label: t.marks_state_no_show! });
		await admin.getByRole('button', { name: t.marks_set_submit }).click();
		await expect(admin.locator('#state-registrationId-error')).toHaveText(
			t.marks_error_unknown_registration!
		);
		expect(marksOf(member.id)).toEqual([]);

		await person.selectOption({ label: `Mo Door ${locale}` });
		await state.selectOption({ label: t.marks_state_no_show! });
		await admin.locator('#state-reason').fill('Not at the door all evening');
		await admin.getByRole('button', { name: t.marks_set_submit }).click();
		await expect(admin.getByRole('status')).toHaveText(t.marks_done_state!);
		await expect(admin.getByTestId('attendance')).toContainText(t.marks_state_no_show!);
		await expect(admin.getByTestId('event-marks')).toContainText(t.marks_kind_no_show!);
		expect(marksOf(member.id)).toEqual([{ kind: 'no_show', weight: 1, removed_reason: null }]);
	});
}

for (const locale of LOCALES) {
	const t = messages(locale);

	test(`${locale}: the ladder page shows the ladder in force and refuses a bad one field by field, saving nothing`, async ({
		browser,
		baseURL
	}) => {
		const admin = await adminPage(browser, baseURL!);
		await admin.goto(`/${locale}/admin/marks`);
		await expect(admin.getByRole('heading', { level: 1 })).toHaveText(t.marks_ladder_title!);
		const from = admin.getByLabel(t.marks_ladder_freeze_from!.replace('{n}', '1'));
		await expect(from).toHaveValue('15.06');
		expect(await axeViolations(admin)).toEqual([]);
		await from.fill('31.02');
		await admin.getByLabel(t.marks_ladder_no_show!).fill('many');
		await admin.getByRole('button', { name: t.marks_ladder_save }).click();
		await expect(admin.locator('#f-freeze-0-from-error')).toHaveText(t.marks_error_day!);
		await expect(admin.locator('#f-noShowWeight-error')).toHaveText(t.marks_error_int!);
		await expect(admin.getByLabel(t.marks_ladder_no_show!)).toHaveValue('many');
		expect(
			e2eDb((d) => d.prepare("select value from app_meta where key = 'marks_ladder'").get())
		).toBeUndefined();
	});
}

for (const locale of LOCALES) {
	const t = messages(locale);

	test(`${locale}: a member with an active mark is told why and until when, and counts down to their own opening`, async ({
		browser,
		baseURL
	}) => {
		const event = copyEvent(E2E_DB);
		openRegistration(E2E_DB, event, { capacity: 5 });
		const member = await memberPage(browser, baseURL!, `Mina Marked ${locale}`);
		const eventAt = new Date(Date.now() - 7 * 86_400_000).toISOString();
		e2eDb((d) =>
			d
				.prepare(
					"insert into marks (id, user_id, event_id, registration_id, kind, weight, event_at, created_at) values (?, ?, ?, ?, 'no_show', 1, ?, ?)"
				)
				.run(`mark-${event}`, member.id, event, `reg-${event}`, eventAt, eventAt)
		);
		await member.page.goto(`/${locale}/events/${event}`);
		await expect(member.page.getByTestId('registration-marks')).toContainText(
			opening(t.marks_delay_standing!)
		);
		await expect(member.page.getByTestId('registration-marks')).toContainText(
			locale === 'no' ? '2 timer' : '2 hours'
		);
		await expect(member.page.getByTestId('registration-countdown')).toBeVisible();
		await expect(member.page.getByRole('button', { name: t.registration_register })).toBeDisabled();
	});
}
