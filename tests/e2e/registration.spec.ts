import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, E2E_DB, e2eAccount, e2eDb, e2eSession, themedPage } from '../helpers/e2e';
import { COPY_TITLE, copyEvent, openRegistration } from '../helpers/registration';

// Registering for an event on its page, as members meet it, in both languages: seats taken in a
// pool, the last seat filled, a waiting place with its true position and the promotion when a
// seat frees; the same posts without JavaScript; the reasons of someone no pool admits; a visitor's
// way to sign in; a late unregistration marked before it is made; the countdown to the opening,
// whose button turns active without a reload and without moving anything; axe in both themes.

const LOCALES = ['no', 'en'] as const;
type Locale = (typeof LOCALES)[number];

const messages = (locale: Locale) =>
	JSON.parse(readFileSync(`messages/${locale}/registration.json`, 'utf8')) as Record<
		string,
		string
	>;

/** A message with its `{name}` placeholders filled in. */
function say(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
	return messages(locale)[key]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/** A signed-in member's page in a browser context of their own. */
async function memberPage(
	browser: Browser,
	baseURL: string,
	name: string,
	javaScriptEnabled = true
): Promise<{ page: Page; id: string }> {
	const context = await browser.newContext({ javaScriptEnabled });
	const { id } = await e2eAccount(name);
	await e2eSession(context, baseURL, id);
	return { page: await context.newPage(), id };
}

/** The pool names openRegistration gives: "Pulje 1" in Norwegian, "Pool 1" in English. */
const poolName = (locale: Locale, n: number) => (locale === 'no' ? `Pulje ${n}` : `Pool ${n}`);

for (const locale of LOCALES) {
	const t = (key: string, values?: Record<string, string | number>) => say(locale, key, values);

	test(`${locale}: members register, the last seat is filled, the next one waits and moves up when a seat frees`, async ({
		browser,
		baseURL
	}) => {
		const event = copyEvent(E2E_DB);
		openRegistration(E2E_DB, event, { capacity: 2, pools: [{ seats: 2 }] });
		const path = `/${locale}/events/${event}`;
		const [ada, bo, cy] = await Promise.all(
			['Ada', 'Bo', 'Cy'].map((n) => memberPage(browser, baseURL!, `${n} Reg ${locale}`))
		);

		await ada!.page.goto(path);
		await expect(ada!.page.getByTestId('registration-counts')).toContainText(
			t('registration_seats', { confirmed: 0, capacity: 2 })
		);
		await ada!.page.getByRole('button', { name: t('registration_register') }).click();
		await expect(ada!.page.getByTestId('registration-mine')).toHaveText(
			t('registration_mine_confirmed_pool', { pool: poolName(locale, 1) })
		);
		await expect(ada!.page.getByTestId('registration-counts')).toContainText(
			t('registration_seats', { confirmed: 1, capacity: 2 })
		);

		await bo!.page.goto(path);
		await bo!.page.getByRole('button', { name: t('registration_register') }).click();
		await expect(bo!.page.getByTestId('registration-mine')).toHaveText(
			t('registration_mine_confirmed_pool', { pool: poolName(locale, 1) })
		);

		await cy!.page.goto(path);
		await expect(cy!.page.getByTestId('registration-counts')).toContainText(
			t('registration_seats', { confirmed: 2, capacity: 2 })
		);
		await cy!.page.getByRole('button', { name: t('registration_register') }).click();
		await expect(cy!.page.getByTestId('registration-mine')).toHaveText(
			t('registration_mine_waiting', { position: 1 })
		);
		await expect(cy!.page.getByTestId('registration-counts')).toContainText(
			t('registration_waiting_count', { count: 1 })
		);

		await ada!.page.getByRole('button', { name: t('registration_unregister') }).click();
		await expect(ada!.page.getByText(t('registration_unregistered'))).toBeVisible();
		await expect(ada!.page.getByRole('button', { name: t('registration_register') })).toBeVisible();

		await cy!.page.reload();
		await expect(cy!.page.getByTestId('registration-mine')).toHaveText(
			t('registration_mine_confirmed_pool', { pool: poolName(locale, 1) })
		);
		await expect(cy!.page.getByTestId('registration-counts')).toContainText(
			t('registration_waiting_count', { count: 0 })
		);

		// The profile lists the event, linked, with the place held; someone with none reads so.
		await cy!.page.goto(`/${locale}/profile`);
		const mine = cy!.page.getByTestId('registrations').getByRole('listitem');
		await expect(mine).toHaveCount(1);
		await expect(mine).toContainText(
			t('registration_mine_confirmed_pool', { pool: poolName(locale, 1) })
		);
		await mine.getByRole('link', { name: COPY_TITLE[locale] }).click();
		await expect(cy!.page).toHaveURL(new RegExp(`/${locale}/events/${event}$`));
		await ada!.page.goto(`/${locale}/profile`);
		await expect(ada!.page.getByText(t('registration_mine_empty'))).toBeVisible();
	});

	test(`${locale}, JavaScript off: a member registers and unregisters with plain posts`, async ({
		browser,
		baseURL
	}) => {
		const event = copyEvent(E2E_DB);
		openRegistration(E2E_DB, event, { capacity: 5, pools: [{ seats: 5 }] });
		const { page } = await memberPage(browser, baseURL!, `Noa Script ${locale}`, false);
		await page.goto(`/${locale}/events/${event}`);
		await page.getByRole('button', { name: t('registration_register') }).click();
		await expect(page.getByTestId('registration-mine')).toHaveText(
			t('registration_mine_confirmed_pool', { pool: poolName(locale, 1) })
		);
		await expect(page.getByTestId('registration-counts')).toContainText(
			t('registration_seats', { confirmed: 1, capacity: 5 })
		);
		await page.getByRole('button', { name: t('registration_unregister') }).click();
		await expect(page.getByText(t('registration_unregistered'))).toBeVisible();
		await expect(page.getByTestId('registration-counts')).toContainText(
			t('registration_seats', { confirmed: 0, capacity: 5 })
		);
	});

	test(`${locale}: someone no pool admits is told what the pools ask for, and gets no button`, async ({
		browser,
		baseURL
	}) => {
		const event = copyEvent(E2E_DB);
		openRegistration(E2E_DB, event, { capacity: 5, pools: [{ seats: 5, eligibility: 'members' }] });
		const { page } = await memberPage(browser, baseURL!, `Ina Eligible ${locale}`);
		await page.goto(`/${locale}/events/${event}`);
		await expect(page.getByText(t('registration_ineligible'))).toBeVisible();
		await expect(page.getByText(t('registration_reason_members'))).toBeVisible();
		await expect(page.getByRole('button', { name: t('registration_register') })).toHaveCount(0);
	});

	test(`${locale}: a visitor sees the counts and a sign-in link that leads back to the event`, async ({
		page
	}) => {
		const event = copyEvent(E2E_DB);
		openRegistration(E2E_DB, event, { capacity: 3, pools: [{ seats: 3 }] });
		await page.goto(`/${locale}/events/${event}`);
		await expect(page.getByTestId('registration-counts')).toContainText(
			t('registration_seats', { confirmed: 0, capacity: 3 })
		);
		await expect(page.getByText(`${poolName(locale, 1)}: 0`)).toBeVisible();
		await expect(
			page.getByText(messages(locale).registration_closes!.split('{date}')[0]!)
		).toBeVisible();
		const link = page.getByRole('link', { name: t('registration_sign_in') });
		await expect(link).toHaveAttribute(
			'href',
			`/${locale}/auth/login?redirectTo=${encodeURIComponent(`/${locale}/events/${event}`)}`
		);
	});

	test(`${locale}: after the deadline a late unregistration is marked late before it is made; without late unregistration it is refused`, async ({
		browser,
		baseURL
	}) => {
		const event = copyEvent(E2E_DB);
		openRegistration(E2E_DB, event, { capacity: 5 });
		const { page } = await memberPage(browser, baseURL!, `Lea Late ${locale}`);
		const path = `/${locale}/events/${event}`;
		await page.goto(path);
		await page.getByRole('button', { name: t('registration_register') }).click();
		await expect(page.getByTestId('registration-mine')).toHaveText(
			t('registration_mine_confirmed')
		);

		const deadline = new Date(Date.now() - 60_000).toISOString();
		const setLate = (allowed: boolean) =>
			e2eDb((d) =>
				d
					.prepare(
						'update event_registration set unregister_by = ?, late_unregister = ? where event_id = ?'
					)
					.run(deadline, allowed ? 1 : 0, event)
			);
		setLate(false);
		await page.reload();
		await expect(page.getByTestId('registration-deadline')).toContainText(
			messages(locale).registration_unregister_closed!.split('{date}')[0]!
		);
		await expect(page.getByRole('button', { name: t('registration_unregister') })).toHaveCount(0);

		setLate(true);
		await page.reload();
		await expect(page.getByTestId('registration-deadline')).toContainText(
			messages(locale).registration_late_notice!.split('{date}')[0]!
		);
		const late = page.getByRole('button', { name: t('registration_unregister_late') });
		await late.click();
		// The box is required: nothing was sent.
		await expect(page.getByTestId('registration-mine')).toHaveText(
			t('registration_mine_confirmed')
		);
		await page.getByLabel(t('registration_late_confirm')).check();
		await late.click();
		await expect(page.getByText(t('registration_unregistered'))).toBeVisible();
		const row = e2eDb(
			(d) =>
				d
					.prepare("select late from registrations where event_id = ? and status = 'cancelled'")
					.get(event) as { late: number }
		);
		expect(row.late).toBe(1);
	});

	test(`${locale}: before opening the button waits with a countdown and turns active at opening, without a reload and without moving anything`, async ({
		browser,
		baseURL
	}) => {
		const event = copyEvent(E2E_DB);
		// Far enough ahead that a loaded machine has the page up and observed before the flip.
		const opensAt = new Date(Date.now() + 12_000);
		openRegistration(E2E_DB, event, { capacity: 5, opensAt });
		const { page } = await memberPage(browser, baseURL!, `Tia Timer ${locale}`);
		// Every navigation of the page, the history API's included.
		let navigations = 0;
		page.on('framenavigated', (frame) => {
			if (frame === page.mainFrame()) navigations += 1;
		});
		await page.goto(`/${locale}/events/${event}`);
		const button = page.getByRole('button', { name: t('registration_register') });
		await expect(button).toBeDisabled();
		await expect(page.getByTestId('registration-countdown')).toContainText(
			messages(locale).registration_opens_in!.split('{time}')[0]!.trim()
		);
		await page.evaluate(() => {
			type Shift = { value: number; startTime: number; sources?: { node?: Node }[] };
			const w = window as unknown as { shifts: string[]; shift: number; marker: string };
			w.shifts = [];
			w.shift = 0;
			w.marker = 'same document';
			new PerformanceObserver((list) => {
				for (const entry of list.getEntries() as unknown as Shift[]) {
					w.shift += entry.value;
					const nodes = (entry.sources ?? []).map((s) =>
						s.node instanceof Element ? s.node.outerHTML.slice(0, 120) : String(s.node?.nodeName)
					);
					w.shifts.push(`${entry.value} at ${Math.round(entry.startTime)} ms: ${nodes.join(', ')}`);
				}
			}).observe({ type: 'layout-shift', buffered: true });
		});
		const before = await button.boundingBox();
		const navigated = navigations;

		await expect(button).toBeEnabled({ timeout: 20_000 });
		await expect(page.getByTestId('registration-countdown')).toBeHidden();
		// Two frames, so that a shift the flip caused has been reported.
		await page.evaluate(
			() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
		);
		// The shifts, named, if any; then their sum, the cumulative layout shift.
		expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual(
			[]
		);
		expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
		expect(await page.evaluate(() => (window as unknown as { marker: string }).marker)).toBe(
			'same document'
		);
		expect(navigations).toBe(navigated);
		expect(await button.boundingBox()).toEqual(before);

		await button.click();
		await expect(page.getByTestId('registration-mine')).toHaveText(
			t('registration_mine_confirmed')
		);
	});

	test(`${locale}: the event page with registration has no axe violations, light and dark`, async ({
		browser,
		baseURL
	}) => {
		const event = copyEvent(E2E_DB);
		openRegistration(E2E_DB, event, { capacity: 4, pools: [{ seats: 2 }, { seats: 2 }] });
		e2eDb((d) =>
			d
				.prepare(
					"update event_registration set question_no = 'Allergier?', question_en = 'Allergies?' where event_id = ?"
				)
				.run(event)
		);
		const later = copyEvent(E2E_DB);
		openRegistration(E2E_DB, later, { capacity: 4, opensAt: new Date(Date.now() + 3_600_000) });
		const { id } = await e2eAccount(`Axel Axe ${locale}`);
		const found: string[] = [];
		for (const theme of ['light', 'dark'] as const) {
			const { context, page } = await themedPage(browser, baseURL!, theme);
			await e2eSession(context, baseURL!, id);
			await page.goto(`/${locale}/events/${later}`);
			await expect(page.getByTestId('registration-countdown')).toBeVisible();
			found.push(...(await axeViolations(page)).map((v) => `${theme}, before opening: ${v}`));
			await page.goto(`/${locale}/events/${event}`);
			await expect(page.getByLabel(locale === 'no' ? 'Allergier?' : 'Allergies?')).toBeVisible();
			found.push(...(await axeViolations(page)).map((v) => `${theme}: ${v}`));
			await page.getByRole('button', { name: t('registration_register') }).click();
			await expect(page.getByTestId('registration-mine')).toBeVisible();
			found.push(...(await axeViolations(page)).map((v) => `${theme}, registered: ${v}`));
			await page.getByRole('button', { name: t('registration_unregister') }).click();
			await expect(page.getByText(t('registration_unregistered'))).toBeVisible();
			await context.close();
		}
		expect(found).toEqual([]);
	});
}
