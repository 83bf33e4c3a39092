// The personal calendar feed against the built server: made on the profile (a plain form post, the
// address in the answer), read by a calendar app without a session as valid iCalendar (checked by
// its shape and by a real parser, ical.js), private and kept at most a minute; a replaced, unknown
// or malformed address is 404 in the /api envelope; a registration made after a fetch is in the
// next one.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, type SessionFixture } from '../helpers/fixtures';
import { COPY_TITLE, copyEvent, openRegistration } from '../helpers/registration';
import { NO_RATE_LIMITS, startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer(NO_RATE_LIMITS);
});
afterAll(() => server?.stop());

const FEED = /\/api\/calendar\/([A-Za-z0-9_-]{43})/;

async function post(path: string, who: SessionFixture) {
	return fetch(server.url + path, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			origin: server.url,
			cookie: who.cookie,
			'content-type': 'application/x-www-form-urlencoded'
		},
		body: ''
	});
}

/** Makes (or replaces) the member's feed on the profile, as a browser without JavaScript does. */
async function makeFeed(who: SessionFixture): Promise<string> {
	const res = await post('/en/profile?/calendar', who);
	expect(res.status).toBe(200);
	const token = FEED.exec(await res.text())?.[1];
	expect(token, 'the new address on the page').toBeDefined();
	return `/api/calendar/${token}`;
}

async function register(who: SessionFixture, eventId: string) {
	const res = await fetch(`${server.url}/api/events/${eventId}/registration`, {
		method: 'POST',
		headers: { origin: server.url, cookie: who.cookie, 'content-type': 'application/json' },
		body: '{}'
	});
	expect(res.status).toBe(200);
}

const feed = (path: string) => fetch(server.url + path);

/** Checks RFC 5545's shape; returns the unfolded content lines. */
function parseCalendar(body: string): string[] {
	expect(body.endsWith('\r\n')).toBe(true);
	expect(body.replace(/\r\n/g, ''), 'no bare CR or LF').not.toMatch(/[\r\n]/);
	const physical = body.slice(0, -2).split('\r\n');
	for (const line of physical) {
		expect(new TextEncoder().encode(line).length, line).toBeLessThanOrEqual(75);
	}
	const lines = body
		.slice(0, -2)
		.replace(/\r\n[ \t]/g, '')
		.split('\r\n');
	const open: string[] = [];
	for (const line of lines) {
		expect(line, 'a content line is NAME[;params]:value').toMatch(/^[A-Z][A-Z0-9-]*[;:]/);
		if (line.startsWith('BEGIN:')) open.push(line.slice(6));
		if (line.startsWith('END:')) expect(open.pop()).toBe(line.slice(4));
	}
	expect(open).toEqual([]);
	expect(lines[0]).toBe('BEGIN:VCALENDAR');
	expect(lines.at(-1)).toBe('END:VCALENDAR');
	expect(lines).toContain('VERSION:2.0');
	for (const event of vevents(lines)) {
		for (const name of ['UID:', 'DTSTAMP:', 'DTSTART;', 'SUMMARY:']) {
			expect(
				event.some((l) => l.startsWith(name)),
				name
			).toBe(true);
		}
	}
	return lines;
}

function vevents(lines: string[]): string[][] {
	const events: string[][] = [];
	let current: string[] | null = null;
	for (const line of lines) {
		if (line === 'BEGIN:VEVENT') current = [];
		else if (line === 'END:VEVENT') {
			events.push(current!);
			current = null;
		} else current?.push(line);
	}
	return events;
}

const summaries = (lines: string[]) =>
	vevents(lines).map((e) => e.find((l) => l.startsWith('SUMMARY:'))!.slice(8));

async function expectNotFound(path: string) {
	const res = await feed(path);
	expect(res.status, path).toBe(404);
	expect(res.headers.get('content-type')).toContain('application/json');
	expect(await res.json()).toEqual({ error: 'Not found' });
}

describe('GET /api/calendar/{token}', () => {
	it('lists the member’s own events as valid iCalendar, private and kept at most a minute', async () => {
		const mine = copyEvent(server.dbFile);
		const theirs = copyEvent(server.dbFile);
		openRegistration(server.dbFile, mine, { capacity: 5 });
		openRegistration(server.dbFile, theirs, { capacity: 5 });
		const me = createSession(server.dbFile);
		const other = createSession(server.dbFile, { email: 'someone.else@example.org' });
		await register(me, mine);
		await register(other, theirs);

		const res = await feed(await makeFeed(me));
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
		const cache = res.headers.get('cache-control') ?? '';
		expect(cache).toContain('private');
		expect(Number(/max-age=(\d+)/.exec(cache)?.[1])).toBeLessThanOrEqual(60);
		const body = await res.text();
		const lines = parseCalendar(body);
		expect(summaries(lines)).toEqual([`${COPY_TITLE.no} ${mine}`]);
		// And as a calendar app reads it: Mozilla's iCalendar parser (ical.js) finds the one event,
		// with its title, a start and an id.
		const calendar = new ICAL.Component(ICAL.parse(body));
		const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
		expect(events.map((e) => e.summary)).toEqual([`${COPY_TITLE.no} ${mine}`]);
		expect(events[0]!.uid).toBeTruthy();
		expect(events[0]!.startDate.toJSDate().getTime()).not.toBeNaN();
		expect(lines).toContain('X-WR-CALNAME:Orgweb – mine arrangementer');
		expect(body).not.toContain(theirs);
		expect(body).not.toContain('someone.else@example.org');
	});

	it('shows a registration made after the first fetch in the next fetch', async () => {
		const first = copyEvent(server.dbFile);
		const later = copyEvent(server.dbFile);
		openRegistration(server.dbFile, first, { capacity: 5 });
		openRegistration(server.dbFile, later, { capacity: 1 });
		const me = createSession(server.dbFile);
		await register(me, first);
		const path = await makeFeed(me);
		expect(summaries(parseCalendar(await (await feed(path)).text()))).toEqual([
			`${COPY_TITLE.no} ${first}`
		]);

		await register(createSession(server.dbFile), later);
		await register(me, later);

		const next = summaries(parseCalendar(await (await feed(path)).text()));
		expect(next).toContain(`${COPY_TITLE.no} ${later} (venteliste\\, plass 1)`);
		expect(next).toHaveLength(2);
	});

	it('answers 404 in the envelope for a replaced, turned-off, unknown or malformed address', async () => {
		const me = createSession(server.dbFile);
		const old = await makeFeed(me);
		const current = await makeFeed(me);
		await expectNotFound(old);
		expect((await feed(current)).status).toBe(200);

		for (const path of [
			'/api/calendar/' + 'A'.repeat(43),
			'/api/calendar/short',
			'/api/calendar/' + 'x'.repeat(5000),
			'/api/calendar/%00' + 'a'.repeat(42),
			'/api/calendar/' + encodeURIComponent('../../etc/passwd'),
			current + '.ics'
		]) {
			await expectNotFound(path);
		}

		const off = await post('/en/profile?/calendarOff', me);
		expect(off.status).toBe(200);
		await expectNotFound(current);
	});

	it('is not made for a visitor without a session', async () => {
		const res = await fetch(server.url + '/en/profile?/calendar', {
			method: 'POST',
			redirect: 'manual',
			headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
			body: ''
		});
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toContain('/auth/login');
	});
});
