import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	E2E_DB,
	e2eAccount,
	e2eAdmin,
	e2eDb,
	e2eSession,
	themedPage
} from '../helpers/e2e';
import { COPY_TITLE, copyEvent, openRegistration } from '../helpers/registration';

// The organiser's registration pages in Chromium, in both languages: an admin sets up
// registration with two pools (the pools editor without JavaScript and with it), is told on the
// field when the capacity is below the seats already given, removes a person with a reason and
// sees the first in line get the seat, and downloads the attendee list; a leader of another unit
// finds none of it; axe finds nothing on either page.

const LOCALES = ['no', 'en'] as const;
const texts = (locale: string) =>
	({
		...JSON.parse(readFileSync(`messages/${locale}/admin.json`, 'utf8')),
		...JSON.parse(readFileSync(`messages/${locale}/admin-registration.json`, 'utf8'))
	}) as Record<string, string>;
const fill = (text: string, values: Record<string, string | number>) =>
	text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));

/** An instant as a datetime-local value in Oslo time, what the form speaks. */
function osloInput(at: Date): string {
	return new Intl.DateTimeFormat('sv-SE', {
		timeZone: 'Europe/Oslo',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit'
	})
		.format(at)
		.replace(' ', 'T');
}

async function signInAsAdmin(page: Page, baseURL: string) {
	const { id } = await e2eAdmin();
	await e2eSession(page.context(), baseURL, id);
}

/** People registered straight into the database, in this order: `confirmed` in `poolId`, then waiting. */
async function registered(
	eventId: string,
	poolId: string | null,
	people: { name: string; status: 'confirmed' | 'waiting' | 'entered' }[],
	at = new Date()
) {
	const accounts = [];
	for (const [i, p] of people.entries()) {
		const account = await e2eAccount(p.name);
		const now = at.toISOString();
		e2eDb((d) =>
			d
				.prepare(
					'insert into registrations (id, event_id, user_id, pool_id, status, arrival, queue, answer, order_id, pay_by, late, cancelled_reason, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, null, null, null, 0, null, ?, ?)'
				)
				.run(
					randomUUID(),
					eventId,
					account.id,
					p.status === 'confirmed' ? poolId : null,
					p.status,
					i + 1,
					i + 1,
					now,
					now
				)
		);
		accounts.push({ ...account, name: p.name });
	}
	return accounts;
}

for (const locale of LOCALES) {
	for (const javaScriptEnabled of [false, true]) {
		test.describe(`${locale}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
			test.use({ javaScriptEnabled });

			test(`${locale}: an admin sets up registration with two pools from the event's edit page (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
				page,
				baseURL
			}) => {
				const t = texts(locale);
				await signInAsAdmin(page, baseURL!);
				const id = copyEvent(E2E_DB);
				await page.goto(`/${locale}/admin/content/events/${id}`);
				await page.getByRole('link', { name: t.adminreg_edit_link }).click();
				await expect(page.getByRole('heading', { level: 1 })).toContainText(COPY_TITLE[locale]);
				await page
					.getByLabel(t.adminreg_opens_at!)
					.fill(osloInput(new Date(Date.now() - 3_600_000)));
				await page
					.getByLabel(t.adminreg_closes_at!)
					.fill(osloInput(new Date(Date.now() + 86_400_000)));
				await page.getByLabel(t.adminreg_capacity!, { exact: true }).fill('3');
				await page.getByRole('button', { name: t.adminreg_add_pool }).click();
				await expect(page.getByRole('status')).toHaveText(t.adminreg_pool_added!);
				// What was typed before adding the pool is still there.
				await expect(page.getByLabel(t.adminreg_capacity!, { exact: true })).toHaveValue('3');
				const pool = (n: number) =>
					page.getByRole('group', { name: fill(t.adminreg_pool_legend!, { number: n }) });
				await pool(1).getByLabel(t.adminreg_pool_name_no!).fill('Medlemmer');
				await pool(1).getByLabel(t.adminreg_pool_name_en!).fill('Members');
				await pool(1).getByLabel(t.adminreg_pool_seats!).fill('2');
				await pool(1).getByLabel(t.adminreg_pool_eligibility!).selectOption('members');
				await page.getByRole('button', { name: t.adminreg_add_pool }).click();
				await pool(2).getByLabel(t.adminreg_pool_name_no!).fill('Alle');
				await pool(2).getByLabel(t.adminreg_pool_name_en!).fill('Everyone');
				await pool(2).getByLabel(t.adminreg_pool_seats!).fill('1');
				await expect(pool(1).getByLabel(t.adminreg_pool_name_en!)).toHaveValue('Members');
				// axe runs in the page: with scripts off it cannot, and the page is the same.
				if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
				await page.getByRole('button', { name: t.adminreg_save, exact: true }).click();
				await expect(page.getByRole('status')).toHaveText(t.adminreg_saved!);

				await page.goto(`/${locale}/admin/events/${id}/registration`);
				await expect(pool(1).getByLabel(t.adminreg_pool_name_en!)).toHaveValue('Members');
				await expect(pool(1).getByLabel(t.adminreg_pool_eligibility!)).toHaveValue('members');
				await expect(pool(2).getByLabel(t.adminreg_pool_seats!)).toHaveValue('1');
				const overview = await (await page.request.get(`/api/events/${id}/registration`)).json();
				expect(overview).toMatchObject({
					open: true,
					capacity: 3,
					pools: [
						{ name: { no: 'Medlemmer', en: 'Members' }, capacity: 2, confirmed: 0 },
						{ name: { no: 'Alle', en: 'Everyone' }, capacity: 1, confirmed: 0 }
					]
				});

				// A pool removed with its box is gone after the save.
				await pool(2).getByLabel(t.adminreg_pool_remove!).check();
				await page.getByRole('button', { name: t.adminreg_save, exact: true }).click();
				await expect(page.getByRole('status')).toHaveText(t.adminreg_saved!);
				await page.goto(`/${locale}/admin/events/${id}/registration`);
				await expect(page.getByTestId('pool')).toHaveCount(1);
			});
		});
	}

	test(`${locale}: a capacity below the seats already given is refused on the field, and nothing changes`, async ({
		page,
		baseURL
	}) => {
		const t = texts(locale);
		await signInAsAdmin(page, baseURL!);
		const id = copyEvent(E2E_DB);
		openRegistration(E2E_DB, id, { capacity: 2 });
		await registered(id, null, [
			{ name: 'Kari Plass', status: 'confirmed' },
			{ name: 'Ola Plass', status: 'confirmed' }
		]);
		await page.goto(`/${locale}/admin/events/${id}/registration`);
		const capacity = page.getByLabel(t.adminreg_capacity!, { exact: true });
		await capacity.fill('1');
		await page.getByRole('button', { name: t.adminreg_save, exact: true }).click();
		await expect(page.getByRole('alert').first()).toHaveText(t.adminreg_form_problem!);
		await expect(capacity).toHaveAttribute('aria-invalid', 'true');
		await expect(capacity).toHaveAccessibleDescription(t.adminreg_error_capacity_below_confirmed!);
		expect(await axeViolations(page)).toEqual([]);
		await page.goto(`/${locale}/admin/events/${id}/registration`);
		await expect(capacity).toHaveValue('2');
	});

	test(`${locale}: an admin removes a person with a reason, the first in line gets the seat, and the list downloads`, async ({
		page,
		baseURL
	}) => {
		const t = texts(locale);
		await signInAsAdmin(page, baseURL!);
		const id = copyEvent(E2E_DB);
		const [poolId] = openRegistration(E2E_DB, id, {
			capacity: 2,
			pools: [{ seats: 2, name: 'Sal' }]
		});
		const tag = randomUUID().slice(0, 4);
		const [kari, ola, per] = await registered(id, poolId!, [
			{ name: `Kari ${tag}`, status: 'confirmed' },
			{ name: `Ola ${tag}`, status: 'confirmed' },
			{ name: `Per ${tag}`, status: 'waiting' }
		]);
		await page.goto(`/${locale}/admin/events/${id}/registration/attendees`);
		await expect(
			page.getByRole('progressbar', {
				name: fill(t.adminreg_pool_progress!, { pool: 'Sal', confirmed: 2, seats: 2 })
			})
		).toBeVisible();
		const waiting = page.getByRole('table', { name: t.adminreg_waiting_caption });
		const first = waiting.getByRole('row').nth(1);
		await expect(first.getByRole('cell').first()).toHaveText('1');
		await expect(first).toContainText(per!.name);
		await expect(first).toContainText(per!.email);
		expect(await axeViolations(page)).toEqual([]);

		const remove = page.getByRole('region', { name: t.adminreg_remove_heading });
		await remove.getByLabel(t.adminreg_person!).selectOption(kari!.id);
		await remove.getByLabel(t.adminreg_remove_reason!).fill('Meldte forfall på telefon');
		await remove.getByRole('button', { name: t.adminreg_remove_submit }).click();
		await expect(page.getByRole('status')).toHaveText(t.adminreg_removed!);
		const attendees = page.getByRole('table', { name: t.adminreg_confirmed_caption });
		await expect(attendees).toContainText(per!.name);
		await expect(attendees).not.toContainText(kari!.name);
		await expect(page.getByText(t.adminreg_no_waiting!)).toBeVisible();
		const audit = e2eDb((d) =>
			d
				.prepare("select details from audit_log where action = 'remove' and details like ?")
				.get(`%${kari!.id}%`)
		) as { details: string };
		expect(JSON.parse(audit.details)).toMatchObject({ reason: 'Meldte forfall på telefon' });

		const download = await page.request.get(
			`/${locale}/admin/events/${id}/registration/attendees.csv`
		);
		expect(download.status()).toBe(200);
		expect(download.headers()['content-disposition']).toBe(
			`attachment; filename="attendees-${id}.csv"`
		);
		const sep = locale === 'no' ? ';' : ',';
		const lines = (await download.text()).split('\r\n');
		expect(lines[0]).toBe(
			'\uFEFF' +
				(locale === 'no'
					? ['Navn', 'E-post', 'Pulje', 'Svar', 'Betalt']
					: ['Name', 'E-mail', 'Pool', 'Answer', 'Paid']
				).join(sep)
		);
		expect(lines.slice(1).sort()).toEqual(
			[
				'',
				[ola!.name, ola!.email, 'Sal', '', ''].join(sep),
				[per!.name, per!.email, 'Sal', '', ''].join(sep)
			].sort()
		);
	});

	test(`${locale}: after the draw an admin sees its seed and the order it gave; both pages pass axe in the dark theme`, async ({
		browser,
		baseURL
	}) => {
		const t = texts(locale);
		const { page, context } = await themedPage(browser, baseURL!, 'dark');
		await signInAsAdmin(page, baseURL!);
		const id = copyEvent(E2E_DB);
		openRegistration(E2E_DB, id, { capacity: 1 });
		const tag = randomUUID().slice(0, 4);
		const people = await registered(
			id,
			null,
			[
				{ name: `Anne ${tag}`, status: 'entered' },
				{ name: `Bjørn ${tag}`, status: 'entered' },
				{ name: `Cecilie ${tag}`, status: 'entered' }
			],
			// In the draw's window: registration opened an hour ago, the window is its first 10 minutes.
			new Date(Date.now() - 3_300_000)
		);
		// A draw only once its entries are in: the server's minute job would otherwise draw an empty
		// window between the two writes (and did, in a full run).
		e2eDb((d) =>
			d
				.prepare(
					"update event_registration set mode = 'draw', draw_minutes = 10 where event_id = ?"
				)
				.run(id)
		);
		await page.goto(`/${locale}/admin/events/${id}/registration`);
		await expect(page.getByRole('heading', { name: t.adminreg_draw_heading })).toBeVisible();
		await expect(page.getByTestId('draw-seed')).toHaveText(/^[0-9a-f]{32}$/);
		const order = page.getByRole('table', { name: t.adminreg_draw_order_caption });
		await expect(order.getByRole('row')).toHaveCount(4);
		for (const p of people) await expect(order).toContainText(p.name);
		await expect(order.getByRole('row').nth(1)).toContainText(t.adminreg_status_confirmed!);
		expect(await axeViolations(page)).toEqual([]);
		await page.goto(`/${locale}/admin/events/${id}/registration/attendees`);
		await expect(
			page.getByRole('table', { name: t.adminreg_waiting_caption }).getByRole('row')
		).toHaveCount(3);
		expect(await axeViolations(page)).toEqual([]);
		await context.close();
	});

	test(`${locale}: a leader of another unit finds neither page nor the list`, async ({
		page,
		baseURL
	}) => {
		const id = copyEvent(E2E_DB);
		openRegistration(E2E_DB, id, { capacity: 2 });
		// The copied event is the events unit's; this leader leads the Oslo board.
		const { id: leader } = await e2eAccount('Lise Leder', 'leader');
		await e2eSession(page.context(), baseURL!, leader);
		for (const path of ['registration', 'registration/attendees', 'registration/attendees.csv']) {
			const response = await page.request.get(`/${locale}/admin/events/${id}/${path}`);
			expect(response.status(), path).toBe(404);
		}
		const post = await page.request.post(
			`/${locale}/admin/events/${id}/registration/attendees?/capacity`,
			{ form: { capacity: '50' }, headers: { origin: baseURL! } }
		);
		expect(post.status()).toBe(404);
		expect(
			e2eDb((d) => d.prepare('select capacity from event_registration where event_id = ?').get(id))
		).toEqual({ capacity: 2 });
	});
}
