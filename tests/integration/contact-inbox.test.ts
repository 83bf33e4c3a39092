// The contact form's messages in the admins' inbox, over HTTP against the built server, as a
// browser without JavaScript uses it: a message sent on the public form is listed as new, shown
// as text (a script in it stays text), counted on the dashboard and in the staff header; an admin
// takes it, replies (the sender gets a mail with their message quoted) and it becomes handled.
// Every page and action refuses visitors (to sign in), members and unit leaders (404, nothing
// changed); a change on a stale version is refused with what was typed kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../helpers/fixtures';
import { mainText, postForm } from '../helpers/http';
import { Browser } from '../helpers/identity';
import { startServer, type TestServer } from '../helpers/server';
import { staffBrowsers } from '../helpers/staff';

let server: TestServer;
let messageId: string;

beforeAll(async () => {
	server = await startServer({ ADMIN_EMAILS: 'admin@example.org', TRUST_PROXY: 'true' });
	const sent = await postForm(
		server.url,
		'/no/contact',
		{
			name: 'Kari <b>Nordmann</b>',
			email: 'kari@example.net',
			subject: 'Lån av salen',
			message: 'Kan vi låne salen i desember?\n<script>window.pwned = 1</script>',
			website: ''
		},
		{ 'x-forwarded-for': '198.51.100.7' }
	);
	expect(sent.status).toBe(303);
	messageId = (
		withDb(server.dbFile, (db) =>
			db.prepare("select id from contact_messages where subject = 'Lån av salen'").get()
		) as { id: string }
	).id;
});
afterAll(() => server?.stop());

const staff = staffBrowsers(() => server);
const as = (email: string, team?: { unit: string; role: string }) => staff(email, team).browser;

const stored = () =>
	withDb(server.dbFile, (db) =>
		db
			.prepare('select status, assignee_id, version from contact_messages where id = ?')
			.get(messageId)
	) as { status: string; assignee_id: string | null; version: number };
const auditCount = () =>
	(
		withDb(server.dbFile, (db) =>
			db.prepare("select count(*) as n from audit_log where subject_type = 'contact_message'").get()
		) as { n: number }
	).n;

const pages = () => [
	'/en/admin/inbox',
	'/en/admin/inbox/contact',
	`/no/admin/inbox/contact/${messageId}`
];
const actions = (version: number) =>
	[
		[`/en/admin/inbox/contact/${messageId}?/assign`, { version: String(version), assignee: '' }],
		[
			`/en/admin/inbox/contact/${messageId}?/status`,
			{ version: String(version), status: 'handled' }
		],
		[`/en/admin/inbox/contact/${messageId}?/reply`, { version: String(version), body: 'Hei' }]
	] as const;

describe('the contact inbox', () => {
	it('sends visitors to sign in, from every page and action', async () => {
		for (const path of pages()) {
			const res = await fetch(server.url + path, { redirect: 'manual' });
			expect(res.status, path).toBe(303);
			expect(res.headers.get('location'), path).toBe(
				`/${path.slice(1, 3)}/auth/login?redirectTo=${encodeURIComponent(path)}`
			);
		}
		for (const [path, form] of actions(1)) {
			const res = await new Browser(server.url).post(path, form);
			expect(res.status, path).toBe(303);
			expect(res.headers.get('location'), path).toMatch(/\/auth\/login/);
		}
		expect(stored()).toEqual({ status: 'new', assignee_id: null, version: 1 });
	});

	it('is not found for a member or a unit’s leader, whose header shows no inbox, and they change nothing', async () => {
		for (const browser of [
			as('member@example.org'),
			as('leader@example.org', { unit: 'board-oslo', role: 'leader' })
		]) {
			for (const path of pages().slice(1)) expect((await browser.get(path)).status, path).toBe(404);
			for (const [path, form] of actions(1)) {
				expect((await browser.post(path, form)).status, path).toBe(404);
			}
		}
		// The leader's inbox has their unit's job applications, and not this kind.
		const leader = mainText(await (await as('leader@example.org').get('/en/admin/inbox')).text());
		expect(leader).toContain('Applications 0 new');
		expect(leader).not.toContain('Contact messages');
		const home = await (await as('member@example.org').get('/en')).text();
		expect(home).not.toContain('data-testid="staff-inbox"');
		expect(stored()).toEqual({ status: 'new', assignee_id: null, version: 1 });
		expect(auditCount()).toBe(0);
	});

	it('counts the new message for an admin: the header, the inbox and the dashboard', async () => {
		const admin = as('admin@example.org');
		const home = await (await admin.get('/en')).text();
		expect(home).toMatch(/data-testid="staff-inbox"[\s\S]*href="\/en\/admin\/inbox"/);
		expect(home).toContain('1 new in the inbox');
		expect(mainText(await (await admin.get('/en/admin/inbox')).text())).toContain(
			'Contact messages 1 new'
		);
		const dashboard = await (await admin.get('/no/admin')).text();
		expect(dashboard).toMatch(/data-testid="dash-inbox-contact">1 ny</);
		expect(dashboard).toContain(`href="/no/admin/inbox/contact/${messageId}"`);
	});

	it('lists and shows the message as text: markup in it is not run', async () => {
		const admin = as('admin@example.org');
		const list = await admin.get('/en/admin/inbox/contact?status=new');
		const listHtml = await list.text();
		expect(listHtml).toContain('Kari &lt;b>Nordmann&lt;/b>');
		expect(mainText(listHtml)).toContain('Lån av salen');
		expect(
			mainText(await (await admin.get('/en/admin/inbox/contact?status=handled')).text())
		).toContain('No messages match.');
		const page = await (await admin.get(`/en/admin/inbox/contact/${messageId}`)).text();
		expect(page).not.toContain('<script>window.pwned');
		expect(page).toContain('&lt;script>window.pwned = 1&lt;/script>');
	});

	it('an admin takes it and replies: the sender is mailed with their message quoted, and it is handled', async () => {
		const admin = as('admin@example.org');
		const adminId = (
			withDb(server.dbFile, (db) =>
				db.prepare("select id from users where email = 'admin@example.org'").get()
			) as { id: string }
		).id;
		const assigned = await admin.post(`/en/admin/inbox/contact/${messageId}?/assign`, {
			version: '1',
			assignee: adminId
		});
		expect(assigned.status).toBe(200);
		expect(mainText(await assigned.text())).toContain('The assignee was saved.');

		const empty = await admin.post(`/en/admin/inbox/contact/${messageId}?/reply`, {
			version: '2',
			body: '   '
		});
		expect(empty.status).toBe(400);
		expect(mainText(await empty.text())).toContain('Write a reply before sending.');

		const stale = await admin.post(`/en/admin/inbox/contact/${messageId}?/reply`, {
			version: '1',
			body: 'Ja, det går fint.'
		});
		expect(stale.status).toBe(409);
		const staleHtml = await stale.text();
		expect(mainText(staleHtml)).toContain('Someone else changed this message');
		expect(staleHtml).toMatch(/<textarea[^>]*name="body"[^>]*>Ja, det går fint\.<\/textarea>/);

		const replied = await admin.post(`/en/admin/inbox/contact/${messageId}?/reply`, {
			version: '2',
			body: 'Ja, det går fint.'
		});
		expect(replied.status).toBe(200);
		expect(mainText(await replied.text())).toContain('The reply was sent');
		expect(stored()).toEqual({ status: 'handled', assignee_id: adminId, version: 3 });

		const mail = withDb(server.dbFile, (db) =>
			db
				.prepare(
					"select to_address, subject, text_body from mail_outbox where kind = 'contact-reply'"
				)
				.get()
		) as { to_address: string; subject: string; text_body: string };
		expect(mail.to_address).toBe('kari@example.net');
		expect(mail.subject).toBe('Re: Lån av salen');
		expect(mail.text_body).toMatch(
			/^Ja, det går fint\.\n\n.* skrev Kari <b>Nordmann<\/b>:\n> Kan vi låne salen i desember\?\n> <script>/
		);

		const page = mainText(await (await admin.get(`/en/admin/inbox/contact/${messageId}`)).text());
		expect(page).toContain('Ja, det går fint.');
		expect(page).toMatch(
			/Assignee changed.*Assignee: – → admin.*Reply sent.*Status: New → Handled/s
		);
		expect(mainText(await (await admin.get('/en/admin/inbox')).text())).toContain(
			'Contact messages 0 new'
		);
		expect(await (await admin.get('/en')).text()).not.toContain('new in the inbox');
		expect(auditCount()).toBe(2);
	});

	it('refuses a post from another site', async () => {
		const res = await fetch(`${server.url}/en/admin/inbox/contact/${messageId}?/status`, {
			method: 'POST',
			headers: {
				origin: 'https://evil.example',
				'content-type': 'application/x-www-form-urlencoded',
				cookie: `session=${'x'.repeat(10)}`
			},
			body: 'version=3&status=new'
		});
		expect(res.status).toBe(403);
		expect(stored().status).toBe('handled');
	});
});
