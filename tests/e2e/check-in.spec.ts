import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type TestInfo } from '@playwright/test';
import { axeViolations, E2E_DB, e2eAccount, e2eAdmin, e2eDb, e2eSession } from '../helpers/e2e';
import { matrixOfSvg, writeQrVideo } from '../helpers/fake-camera';
import { COPY_TITLE, copyEvent, openRegistration } from '../helpers/registration';

// The door, as it is used: a member registers on the event page and is shown a ticket; the
// organiser's phone at the door scans that QR code through Chromium's fake camera (a video the
// test makes from the code on the member's page), the name and pool come up in large type, and
// the same code scanned again is flagged. Then the same with the network cut: the scan is kept on
// the phone and synced when the network is back, and the server has the check-in once. Both
// languages; axe finds nothing; a phone-sized screenshot for the closing note.

const LOCALES = ['no', 'en'] as const;
type Locale = (typeof LOCALES)[number];

const say = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
	(JSON.parse(readFileSync(`messages/${locale}/tickets.json`, 'utf8')) as Record<string, string>)[
		key
	]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
const registerWord = (locale: Locale) =>
	(
		JSON.parse(readFileSync(`messages/${locale}/registration.json`, 'utf8')) as Record<
			string,
			string
		>
	).registration_register!;

/** A member registers for `event` on its page and gets the ticket's QR code as the page shows it. */
async function registeredWithTicket(
	browser: Browser,
	baseURL: string,
	locale: Locale,
	event: string,
	name: string
) {
	const context = await browser.newContext();
	const { id } = await e2eAccount(name);
	await e2eSession(context, baseURL, id);
	const page = await context.newPage();
	await page.goto(`/${locale}/events/${event}`);
	await page.getByRole('button', { name: registerWord(locale) }).click();
	const ticket = page.getByTestId('ticket');
	await expect(ticket).toBeVisible();
	const title = `${COPY_TITLE[locale]} ${event}`;
	await expect(
		ticket.getByRole('img', { name: say(locale, 'tickets_qr_label', { event: title }) })
	).toBeVisible();
	const svg = await ticket.locator('svg').evaluate((el) => el.outerHTML);
	await context.close();
	return { id, svg };
}

/** A browser whose camera shows `svg`'s code: the suite's own launch arguments and the fake camera. */
async function doorBrowser(testInfo: TestInfo, svg: string): Promise<Browser> {
	const video = join(mkdtempSync(join(tmpdir(), 'door-')), 'ticket.y4m');
	writeQrVideo(video, matrixOfSvg(svg));
	const launch = testInfo.project.use.launchOptions ?? {};
	return chromium.launch({
		...launch,
		args: [
			...(launch.args ?? []),
			'--use-fake-device-for-media-stream',
			'--use-fake-ui-for-media-stream',
			`--use-file-for-fake-video-capture=${video}`
		]
	});
}

/** The organiser's door page on a phone-sized screen, the one ticket holder not checked in yet. */
async function openDoor(door: Browser, baseURL: string, locale: Locale, event: string) {
	const context = await door.newContext({
		viewport: { width: 390, height: 844 },
		permissions: ['camera']
	});
	await e2eSession(context, baseURL, (await e2eAdmin()).id);
	const page = await context.newPage();
	await page.goto(`/${locale}/admin/events/${event}/check-in`);
	await expect(page.getByTestId('checked-count')).toHaveText(
		say(locale, 'tickets_checkin_count', { checked: 0, total: 1 })
	);
	return { context, page };
}

const checkIns = (event: string) =>
	e2eDb((d) =>
		d.prepare('select registration_id, door from check_ins where event_id = ?').all(event)
	);

for (const locale of LOCALES) {
	const t = (key: string, values?: Record<string, string | number>) => say(locale, key, values);

	test(`${locale}: a member’s ticket is scanned through the camera at the door, then flagged when scanned again`, async ({
		browser,
		baseURL
	}, testInfo) => {
		const event = copyEvent(E2E_DB);
		openRegistration(E2E_DB, event, { capacity: 5, pools: [{ seats: 5, name: 'Students' }] });
		const name = `Door Ada ${locale}`;
		const { svg } = await registeredWithTicket(browser, baseURL!, locale, event, name);

		const door = await doorBrowser(testInfo, svg);
		try {
			const { page } = await openDoor(door, baseURL!, locale, event);
			expect(await axeViolations(page)).toEqual([]);

			await page.getByRole('button', { name: t('tickets_checkin_start_camera') }).click();
			const result = page.getByTestId('scan-result');
			await expect(result).toHaveAttribute('data-outcome', 'ok', { timeout: 15_000 });
			await expect(page.getByTestId('scan-name')).toHaveText(name);
			await expect(page.getByTestId('scan-pool')).toHaveText('Students');
			await expect(page.getByTestId('checked-count')).toHaveText(
				t('tickets_checkin_count', { checked: 1, total: 1 })
			);
			expect(checkIns(event)).toHaveLength(1);

			// The code stays in front of the camera: read again, it is flagged, and nothing changes.
			await expect(result).toHaveAttribute('data-outcome', 'already', { timeout: 15_000 });
			await expect(result).toContainText(name);
			expect(checkIns(event)).toHaveLength(1);
			expect(await axeViolations(page)).toEqual([]);
			if (locale === 'en')
				await page.screenshot({ path: '/work/shots/check-in-phone.png', fullPage: true });
		} finally {
			await door.close();
		}
	});

	test(`${locale}: with the network cut the scan is kept on the phone and synced once it is back`, async ({
		browser,
		baseURL
	}, testInfo) => {
		const event = copyEvent(E2E_DB);
		openRegistration(E2E_DB, event, { capacity: 5 });
		const name = `Door Bo ${locale}`;
		const { id, svg } = await registeredWithTicket(browser, baseURL!, locale, event, name);

		const door = await doorBrowser(testInfo, svg);
		try {
			const { context, page } = await openDoor(door, baseURL!, locale, event);
			// The decoder is fetched after the page loads; wait for the network to settle before cutting it.
			await page.waitForLoadState('networkidle');

			await context.setOffline(true);
			await page.getByRole('button', { name: t('tickets_checkin_start_camera') }).click();
			await expect(page.getByTestId('scan-result')).toHaveAttribute('data-outcome', 'ok', {
				timeout: 15_000
			});
			await expect(page.getByTestId('scan-name')).toHaveText(name);
			await expect(page.getByTestId('pending')).toHaveText(
				t('tickets_checkin_pending', { count: 1 })
			);
			await expect(page.getByTestId('offline')).toBeVisible();
			expect(checkIns(event)).toEqual([]);
			// Scanned again while offline: flagged from what the phone kept, and not queued twice.
			await expect(page.getByTestId('scan-result')).toHaveAttribute('data-outcome', 'already', {
				timeout: 15_000
			});
			await expect(page.getByTestId('pending')).toHaveText(
				t('tickets_checkin_pending', { count: 1 })
			);

			await context.setOffline(false);
			await expect(page.getByTestId('pending')).toHaveCount(0, { timeout: 15_000 });
			const rows = checkIns(event) as { registration_id: string }[];
			expect(rows).toHaveLength(1);
			const registration = e2eDb((d) =>
				d.prepare('select id from registrations where event_id = ? and user_id = ?').get(event, id)
			) as { id: string };
			expect(rows[0]!.registration_id).toBe(registration.id);
		} finally {
			await door.close();
		}
	});
}
