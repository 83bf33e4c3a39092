// The organiser's registration pages over HTTP against the built server with no payment provider
// (the simulator off, as in production without Vipps): a price is refused on its field with
// nothing saved, the same form without a price saves; the attendee file is a download for the
// organiser and the 404 page for a member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { withDb } from '../helpers/fixtures';
import { Browser } from '../helpers/identity';
import { copyEvent } from '../helpers/registration';
import { startServer, type TestServer } from '../helpers/server';
import { staffBrowsers } from '../helpers/staff';
import { createSession } from '../helpers/fixtures';

let server: TestServer;
beforeAll(async () => {
	server = await startServer({
		ADMIN_EMAILS: 'admin@example.org',
		PAYMENT_SIMULATOR_ENABLED: 'false'
	});
});
afterAll(() => server?.stop());

const as = staffBrowsers(() => server);
const en = JSON.parse(readFileSync('messages/en/admin-registration.json', 'utf8')) as Record<
	string,
	string
>;
const stored = (id: string) =>
	withDb(server.dbFile, (db) =>
		db
			.prepare('select capacity, price_member_ore from event_registration where event_id = ?')
			.get(id)
	);

const form = (extra: Record<string, string> = {}) => ({
	enabled: 'on',
	opensAt: '2027-01-10T12:00',
	closesAt: '2027-01-14T12:00',
	capacity: '40',
	mode: 'first_come',
	answerKeepDays: '30',
	poolCount: '0',
	intent: 'save',
	...extra
});

describe('the registration settings form without a payment provider', () => {
	it('refuses a price on the price field and saves nothing; without the price it saves', async () => {
		const id = copyEvent(server.dbFile);
		const { browser } = as('admin@example.org');
		const path = `/en/admin/events/${id}/registration`;
		const refused = await browser.post(path, form({ priceMember: '150' }));
		expect(refused.status).toBe(400);
		const html = await refused.text();
		expect(html).toContain(en.adminreg_error_price_without_provider);
		expect(html).toMatch(
			/id="f-priceMember"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="f-priceMember"/
		);
		expect(stored(id)).toBeUndefined();
		const saved = await browser.post(path, form());
		expect(saved.status).toBe(200);
		expect(await saved.text()).toContain(en.adminreg_saved);
		expect(stored(id)).toEqual({ capacity: 40, price_member_ore: null });
	});
});

describe('the attendee file', () => {
	it('is a CSV download for the organiser and the 404 page for a member', async () => {
		const id = copyEvent(server.dbFile);
		const { browser } = as('admin@example.org');
		await browser.post(`/en/admin/events/${id}/registration`, form());
		const file = await browser.get(`/no/admin/events/${id}/registration/attendees.csv`);
		expect(file.status).toBe(200);
		expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
		expect(file.headers.get('content-disposition')).toBe(
			`attachment; filename="attendees-${id}.csv"`
		);
		// The byte-order mark stays (Response.text() would drop it).
		expect(Buffer.from(await file.arrayBuffer()).toString('utf8')).toBe(
			'\uFEFFNavn;E-post;Pulje;Svar;Betalt\r\n'
		);
		const member = new Browser(server.url);
		const session = createSession(server.dbFile, { email: 'member@example.org', name: 'Mia' });
		member.setCookie('session', session.cookie.slice('session='.length));
		expect((await member.get(`/no/admin/events/${id}/registration/attendees.csv`)).status).toBe(
			404
		);
	});
});
