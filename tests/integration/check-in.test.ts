// The door's check-in API against the built server: a scan and a door's offline queue in the
// /api convention — a forged, altered or malformed ticket (400 with its code), another event's
// ticket and a cancelled registration's (409), an unknown event (404), a member who does not
// organise it (403), no session (401), a body that does not fit (400) — and nothing written by
// any of them; a replayed queue and a second door's sync change nothing.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyring } from '../../src/lib/server/crypto/keyring';
import { issueTicket, TICKET_PURPOSE } from '../../src/lib/server/tickets/token';
import { createSession, withDb } from '../helpers/fixtures';
import { copyEvent, openRegistration } from '../helpers/registration';
import { NO_RATE_LIMITS, startServer, type TestServer } from '../helpers/server';

const KEY = randomBytes(32);
let server: TestServer;
beforeAll(async () => {
	server = await startServer({
		...NO_RATE_LIMITS,
		ADMIN_EMAILS: 'admin@example.org',
		EXPENSE_ACCOUNT_KEY: KEY.toString('base64')
	});
});
afterAll(() => server?.stop());

type Body = Record<string, unknown>;

async function post(path: string, cookie: string | null, body: unknown) {
	const res = await fetch(`${server.url}${path}`, {
		method: 'POST',
		headers: {
			origin: server.url,
			'content-type': 'application/json',
			...(cookie ? { cookie } : {})
		},
		body: typeof body === 'string' ? body : JSON.stringify(body)
	});
	return { status: res.status, body: (await res.json()) as Body };
}

const scan = (eventId: string, cookie: string | null, token: string, door = 'east') =>
	post(`/api/events/${eventId}/check-in`, cookie, { token, door });
const sync = (eventId: string, cookie: string | null, body: unknown) =>
	post(`/api/events/${eventId}/check-in/sync`, cookie, body);

/** A member registered (through the API) for a fresh event, and their ticket as the site signs it. */
async function holder(eventId: string, name = 'Ada Door') {
	const me = createSession(server.dbFile, { name });
	const res = await fetch(`${server.url}/api/events/${eventId}/registration`, {
		method: 'POST',
		headers: { origin: server.url, 'content-type': 'application/json', cookie: me.cookie },
		body: '{}'
	});
	expect(res.status).toBe(200);
	const { id } = withDb(server.dbFile, (db) =>
		db
			.prepare('select id from registrations where event_id = ? and user_id = ?')
			.get(eventId, me.userId)
	) as { id: string };
	const token = issueTicket(keyring([KEY]).signingKeys(TICKET_PURPOSE), {
		eventId,
		registrationId: id
	});
	return { ...me, registrationId: id, token };
}

function freshEvent() {
	const event = copyEvent(server.dbFile);
	openRegistration(server.dbFile, event, { capacity: 5 });
	return event;
}

const checkIns = (eventId: string) =>
	withDb(server.dbFile, (db) =>
		db.prepare('select registration_id, door, at from check_ins where event_id = ?').all(eventId)
	);

let adminSession: ReturnType<typeof createSession> | undefined;
/** The site's admin (ADMIN_EMAILS), made by the first test that asks. */
const admin = () =>
	(adminSession ??= createSession(server.dbFile, { email: 'admin@example.org', name: 'Admin' }));

describe('POST /api/events/{id}/check-in', () => {
	it('checks a ticket in once; a second scan answers already, with the first door and time', async () => {
		const event = freshEvent();
		const ada = await holder(event);
		const staff = admin();
		const first = await scan(event, staff.cookie, ada.token, 'east');
		expect(first).toMatchObject({
			status: 200,
			body: { outcome: 'checked_in', person: { name: 'Ada Door', pool: null }, door: 'east' }
		});
		const again = await scan(event, staff.cookie, ada.token, 'west');
		expect(again).toMatchObject({
			status: 200,
			body: { outcome: 'already', door: 'east', at: first.body.at }
		});
		expect(checkIns(event)).toHaveLength(1);
		// The door's check-in is her arrival: the attendance counts her as come.
		const attendance = withDb(server.dbFile, (db) =>
			db
				.prepare('select state, arrived_at from attendance where registration_id = ?')
				.all(ada.registrationId)
		) as { state: string; arrived_at: string }[];
		expect(attendance).toHaveLength(1);
		expect(['present', 'late']).toContain(attendance[0]!.state);
		expect(attendance[0]!.arrived_at).toBe(first.body.at);
	});

	it('a forged, altered or malformed ticket, another event’s and a cancelled one’s each get their answer; nothing is written', async () => {
		const event = freshEvent();
		const other = freshEvent();
		const ada = await holder(event);
		const elsewhere = await holder(other, 'Bea Elsewhere');
		const gone = await holder(event, 'Cy Gone');
		const cancel = await fetch(`${server.url}/api/events/${event}/registration`, {
			method: 'DELETE',
			headers: { origin: server.url, cookie: gone.cookie }
		});
		expect(cancel.status).toBe(200);
		const staff = admin();
		const [keyId, payload, signature] = ada.token.split('.') as [string, string, string];
		const foreign = issueTicket(keyring([randomBytes(32)]).signingKeys(TICKET_PURPOSE), {
			eventId: event,
			registrationId: ada.registrationId
		});
		const altered = `${keyId}.${Buffer.from(
			Buffer.from(payload, 'base64url').toString().replace(event, other)
		).toString('base64url')}.${signature}`;

		for (const forged of [foreign, altered]) {
			expect(await scan(event, staff.cookie, forged)).toEqual({
				status: 400,
				body: { error: expect.any(String), code: 'forged_ticket' }
			});
		}
		expect(await scan(event, staff.cookie, 'not-a-ticket')).toMatchObject({
			status: 400,
			body: { code: 'malformed_ticket' }
		});
		expect(await scan(event, staff.cookie, elsewhere.token)).toMatchObject({
			status: 409,
			body: { code: 'other_event' }
		});
		expect(await scan(event, staff.cookie, gone.token)).toMatchObject({
			status: 409,
			body: { code: 'ticket_not_valid' }
		});
		expect(checkIns(event)).toEqual([]);
	});

	it('answers 401 without a session, 403 to a member who does not organise the event, 404 for an unknown event, 400 for a body that does not fit', async () => {
		const event = freshEvent();
		const ada = await holder(event);
		expect(await scan(event, null, ada.token)).toMatchObject({
			status: 401,
			body: { error: 'Unauthorized' }
		});
		expect(await scan(event, ada.cookie, ada.token)).toMatchObject({ status: 403 });
		expect(await scan('no-such-event', admin().cookie, ada.token)).toMatchObject({
			status: 404,
			body: { code: 'unknown_event' }
		});
		for (const bad of ['{', { token: ada.token }, { token: ada.token, door: 'x', extra: 1 }]) {
			expect(await post(`/api/events/${event}/check-in`, admin().cookie, bad)).toMatchObject({
				status: 400,
				body: { error: 'Validation failed' }
			});
		}
		expect(checkIns(event)).toEqual([]);
	});
});

describe('POST /api/events/{id}/check-in/sync', () => {
	it('two doors syncing the same ticket count it once; a replayed queue changes nothing', async () => {
		const event = freshEvent();
		const ada = await holder(event);
		const bea = await holder(event, 'Bea Door');
		const staff = admin();
		const at = new Date(Date.now() - 60_000).toISOString();
		const east = await sync(event, staff.cookie, {
			door: 'east',
			scans: [
				{ token: ada.token, at },
				{ token: 'junk', at }
			]
		});
		expect(east).toMatchObject({
			status: 200,
			body: {
				results: [
					{ outcome: 'checked_in', door: 'east', at },
					{ outcome: 'refused', code: 'malformed_ticket' }
				]
			}
		});
		const queue = { door: 'west', scans: [ada, bea].map((p) => ({ token: p.token, at })) };
		const west = await sync(event, staff.cookie, queue);
		expect((west.body.results as Body[]).map((r) => [r.outcome, r.door])).toEqual([
			['already', 'east'],
			['checked_in', 'west']
		]);
		const rows = checkIns(event);
		const replay = await sync(event, staff.cookie, queue);
		expect((replay.body.results as Body[]).map((r) => r.outcome)).toEqual(['already', 'already']);
		expect(checkIns(event)).toEqual(rows);
		expect(rows).toHaveLength(2);
	});

	it('refuses a queue that does not fit, and anyone but an organiser, writing nothing', async () => {
		const event = freshEvent();
		const ada = await holder(event);
		const queue = { door: 'east', scans: [{ token: ada.token, at: new Date().toISOString() }] };
		expect((await sync(event, null, queue)).status).toBe(401);
		expect((await sync(event, ada.cookie, queue)).status).toBe(403);
		expect((await sync('no-such-event', admin().cookie, queue)).status).toBe(404);
		for (const bad of [
			{ door: 'east', scans: [] },
			{ door: 'east', scans: [{ token: ada.token }] }
		]) {
			expect(await sync(event, admin().cookie, bad)).toMatchObject({
				status: 400,
				body: { error: 'Validation failed' }
			});
		}
		expect(checkIns(event)).toEqual([]);
	});
});
