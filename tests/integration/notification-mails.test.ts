// The notifications' mails over real HTTP and real SMTP: the built server sends the reminders of a
// run (POST /api/cron/notifications) through a local SMTP server, each with its RFC 8058 headers;
// a member's mail client then posts the List-Unsubscribe link as it does (another origin, no
// cookie), the preference is saved, and the next event's reminder run skips that member.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, withDb } from '../helpers/fixtures';
import { copyEvent, openRegistration } from '../helpers/registration';
import { NO_RATE_LIMITS, startServer, type TestServer } from '../helpers/server';
import { localSmtp, type LocalSmtp } from '../helpers/smtp';

const CRON_SECRET = randomBytes(24).toString('base64url');
const PUBLIC_ORIGIN = 'https://orgweb.example';
let server: TestServer;
let smtp: LocalSmtp;
beforeAll(async () => {
	smtp = await localSmtp();
	server = await startServer({
		...NO_RATE_LIMITS,
		EXPENSE_ACCOUNT_KEY: randomBytes(32).toString('base64'),
		SMTP_URL: smtp.url,
		PUBLIC_ORIGIN,
		CRON_SECRET
	});
});
afterAll(async () => {
	await server?.stop();
	await smtp?.close();
});

/** A seeded event copied to start in `hours`, with registration open. */
function eventIn(hours: number): string {
	const id = copyEvent(server.dbFile);
	const starts = Date.now() + hours * 3_600_000;
	withDb(server.dbFile, (db) =>
		db
			.prepare('update events set starts_at = ?, ends_at = ? where id = ?')
			.run(new Date(starts).toISOString(), new Date(starts + 3 * 3_600_000).toISOString(), id)
	);
	openRegistration(server.dbFile, id, { capacity: 10 });
	return id;
}

async function register(eventId: string, cookie: string) {
	const res = await fetch(`${server.url}/api/events/${eventId}/registration`, {
		method: 'POST',
		headers: { origin: server.url, cookie, 'content-type': 'application/json' },
		body: '{}'
	});
	expect(res.status).toBe(200);
}

async function runNotifications() {
	const res = await fetch(`${server.url}/api/cron/notifications?secret=${CRON_SECRET}`, {
		method: 'POST'
	});
	expect(res.status).toBe(200);
	return (await res.json()) as Record<string, unknown>;
}

/** The header's value, its folded lines joined. */
const header = (data: string, name: string) =>
	new RegExp(`^${name}: ?(.*(?:\\r\\n[ \\t].*)*)`, 'im')
		.exec(data)?.[1]
		?.replace(/\r\n[ \t]+/g, '');

const isReminder = (data: string) =>
	/^(Reminder|=\?UTF-8\?Q\?P=C3=A5minnelse|Påminnelse)/i.test(header(data, 'Subject') ?? '');
/** The reminders the SMTP server received, in order (the seats' confirmations go by too). */
const reminders = () => smtp.received.filter((r) => isReminder(r.data));

describe('reminders and one-click unsubscribe', () => {
	it('a reminder run mails both attendees; one unsubscribes with the mail’s own link; the next run skips them', async () => {
		const kari = createSession(server.dbFile, { email: 'kari@example.org' });
		const emma = createSession(server.dbFile, { email: 'emma@example.org' });
		withDb(server.dbFile, (db) =>
			db.prepare("update users set locale = 'en' where id = ?").run(emma.userId)
		);
		const first = eventIn(12);
		const second = eventIn(20);
		for (const person of [kari, emma]) {
			await register(first, person.cookie);
			await register(second, person.cookie);
		}
		// The four seats' confirmations were queued with the registrations; the same drain sends them.
		expect(await runNotifications()).toMatchObject({ reminders: 4, sent: 8, failed: 0 });
		// Run again: nothing is written or sent twice.
		expect(await runNotifications()).toMatchObject({ reminders: 0, sent: 0 });
		expect(smtp.received).toHaveLength(8);
		const confirmation = smtp.received.find(
			(r) => r.to.includes('kari@example.org') && !isReminder(r.data)
		)!;
		// The confirmation carries the ticket's address and, as a mail that must go, no unsubscribe.
		expect(confirmation.data.replace(/=\r\n/g, '')).toContain(
			`${PUBLIC_ORIGIN}/no/events/${first}/ticket`
		);
		expect(header(confirmation.data, 'List-Unsubscribe')).toBeUndefined();
		const toKari = reminders().filter((r) => r.to.includes('kari@example.org'));
		expect(toKari).toHaveLength(2);
		const toEmma = reminders().find((r) => r.to.includes('emma@example.org'))!;
		expect(header(toEmma.data, 'Subject')).toMatch(/^Reminder: /);
		expect(header(toKari[0]!.data, 'Subject')).toMatch(/P=C3=A5minnelse|Påminnelse/);

		// Kari's mail client: the List-Unsubscribe URL, posted as RFC 8058 says.
		const mail = toKari[0]!.data;
		expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
		const link = /^<(.+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];
		expect(link).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/api/notifications/unsubscribe\\?token=`));
		const onServer = link!.replace(PUBLIC_ORIGIN, server.url);
		const posted = await fetch(onServer, {
			method: 'POST',
			headers: {
				origin: 'https://mail.example.com',
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: 'List-Unsubscribe=One-Click'
		});
		expect(posted.status).toBe(200);
		expect(await posted.json()).toEqual({ kind: 'reminder', enabled: false });
		const saved = withDb(server.dbFile, (db) =>
			db
				.prepare('select enabled from notification_preferences where user_id = ? and kind = ?')
				.get(kari.userId, 'reminder')
		);
		expect(saved).toEqual({ enabled: 0 });

		// A third event tomorrow: only Emma is reminded.
		const third = eventIn(22);
		await register(third, kari.cookie);
		await register(third, emma.cookie);
		expect(await runNotifications()).toMatchObject({ reminders: 1, sent: 3 });
		expect(reminders()).toHaveLength(5);
		expect(reminders().at(-1)!.to).toEqual(['emma@example.org']);
	});

	it('the run answers 401 without the secret and sends nothing', async () => {
		const res = await fetch(`${server.url}/api/cron/notifications`, { method: 'POST' });
		expect(res.status).toBe(401);
		expect(await res.json()).toEqual({ error: 'Unauthorized' });
	});
});

describe('following a unit from its page', () => {
	const follow = (cookie: string, value: string) =>
		fetch(`${server.url}/en/units/board-oslo?/follow`, {
			method: 'POST',
			headers: {
				cookie,
				origin: server.url,
				accept: 'text/html',
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: `follow=${value}`,
			redirect: 'manual'
		});
	const follows = (userId: string) =>
		withDb(server.dbFile, (db) =>
			db.prepare('select unit_id from unit_follows where user_id = ?').all(userId)
		);

	it('a member follows and stops following with the form alone (no JavaScript); a visitor sees no button', async () => {
		const me = createSession(server.dbFile);
		const page = await (
			await fetch(`${server.url}/en/units/board-oslo`, { headers: { cookie: me.cookie } })
		).text();
		expect(page).toContain('Follow this unit');
		const followed = await follow(me.cookie, '1');
		expect(followed.status).toBe(200);
		expect(await followed.text()).toContain('Stop following');
		expect(follows(me.userId)).toEqual([{ unit_id: 'board-oslo' }]);
		expect((await follow(me.cookie, '0')).status).toBe(200);
		expect(follows(me.userId)).toEqual([]);
		expect((await follow(me.cookie, 'maybe')).status).toBe(400);
		const visitor = await (await fetch(`${server.url}/en/units/board-oslo`)).text();
		expect(visitor).not.toContain('Follow this unit');
	});
});
