// GET/POST/DELETE /api/events/{id}/registration against the built server: the member's final
// answer in the same request, the statuses of the /api convention (401, 403 with the reason, 404,
// 409 with when it opens, 400 in the envelope), the next in line promoted by an unregistration,
// and the registration rate limit counted per member: two members behind one address apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../helpers/fixtures';
import { copyEvent, openRegistration } from '../helpers/registration';
import { NO_RATE_LIMITS, startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer({ ...NO_RATE_LIMITS, RATE_LIMIT_REGISTRATION: '5/60' });
});
afterAll(() => server?.stop());

type Body = Record<string, unknown>;

async function call(
	method: 'GET' | 'POST' | 'DELETE',
	eventId: string,
	cookie: string | null,
	body?: string,
	headers: Record<string, string> = {}
) {
	const res = await fetch(`${server.url}/api/events/${eventId}/registration`, {
		method,
		headers: {
			origin: server.url,
			...(body !== undefined ? { 'content-type': 'application/json' } : {}),
			...(cookie ? { cookie } : {}),
			...headers
		},
		body
	});
	const text = await res.text();
	return { res, status: res.status, body: (text ? JSON.parse(text) : null) as Body };
}

const member = () => createSession(server.dbFile);

describe('GET /api/events/{id}/registration', () => {
	it('shows the counts, the pools and the member’s own status, privately', async () => {
		const event = copyEvent(server.dbFile);
		const [a, b] = openRegistration(server.dbFile, event, {
			capacity: 3,
			pools: [
				{ seats: 2, name: 'Students' },
				{ seats: 1, name: 'Guests' }
			]
		});
		const me = member();
		expect((await call('POST', event, me.cookie, '{}')).status).toBe(200);
		const { res, status, body } = await call('GET', event, me.cookie);
		expect(status).toBe(200);
		expect(res.headers.get('cache-control')).toContain('no-store');
		expect(body).toMatchObject({
			open: true,
			capacity: 3,
			confirmed: 1,
			waiting: 0,
			pools: [
				{ id: a, capacity: 2, confirmed: 1 },
				{ id: b, capacity: 1, confirmed: 0 }
			],
			mine: { status: 'confirmed', pool: { id: a } }
		});
		expect(typeof body.opensAt).toBe('string');
		expect(typeof body.closesAt).toBe('string');
	});

	it('answers 401 without a session and 404 for an unknown event or one without registration', async () => {
		const event = copyEvent(server.dbFile);
		openRegistration(server.dbFile, event, { capacity: 1 });
		const anonymous = createSession(server.dbFile, { anonymous: true });
		for (const cookie of [null, anonymous.cookie]) {
			const { status, body } = await call('GET', event, cookie);
			expect(status).toBe(401);
			expect(body.error).toEqual(expect.any(String));
		}
		const me = member();
		const unknown = await call('GET', 'evt-no-such-event', me.cookie);
		expect(unknown.status).toBe(404);
		expect(unknown.body.error).toEqual(expect.any(String));
		expect((await call('GET', copyEvent(server.dbFile), me.cookie)).status).toBe(404);
		expect((await call('POST', 'evt-no-such-event', me.cookie, '{}')).status).toBe(404);
		expect((await call('DELETE', 'evt-no-such-event', me.cookie)).status).toBe(404);
	});
});

describe('POST /api/events/{id}/registration', () => {
	it('registers once: a second registration answers the same seat, the full event puts people on the waiting list in order', async () => {
		const event = copyEvent(server.dbFile);
		openRegistration(server.dbFile, event, { capacity: 1 });
		const [first, second, third] = [member(), member(), member()];
		const once = await call('POST', event, first.cookie, '{}');
		expect(once.status).toBe(200);
		expect(once.body).toMatchObject({ status: 'confirmed' });
		const twice = await call('POST', event, first.cookie, '{}');
		expect(twice.status).toBe(200);
		expect(twice.body).toEqual(once.body);
		expect((await call('POST', event, second.cookie, '{}')).body).toEqual({
			status: 'waiting',
			position: 1
		});
		expect((await call('POST', event, third.cookie, '{}')).body).toEqual({
			status: 'waiting',
			position: 2
		});
		expect((await call('GET', event, first.cookie)).body).toMatchObject({
			confirmed: 1,
			waiting: 2
		});
	});

	it('takes the answer to the event’s question, and refuses a malformed body with 400 in the envelope', async () => {
		const event = copyEvent(server.dbFile);
		openRegistration(server.dbFile, event, { capacity: 5 });
		const me = member();
		for (const body of [
			'{"answer":',
			'[]',
			'"x"',
			'{"answer":42}',
			JSON.stringify({ answer: 'x'.repeat(501) }),
			'{"answer":"a","extra":1}'
		]) {
			const refused = await call('POST', event, me.cookie, body);
			expect(refused.status, body).toBe(400);
			expect(refused.body.error).toBe('Validation failed');
			expect(refused.body.details).toEqual(expect.any(Array));
		}
		expect((await call('GET', event, me.cookie)).body.mine).toEqual({ status: 'none' });
		const registered = await call(
			'POST',
			event,
			me.cookie,
			JSON.stringify({ answer: 'Vegetarian' })
		);
		expect(registered.status).toBe(200);
		expect(registered.body.status).toBe('confirmed');
		// Without a body at all: no answer.
		expect((await call('POST', event, member().cookie)).status).toBe(200);
	});

	it('answers 409 before opening (with when it opens) and after closing, 403 with the reason when not eligible', async () => {
		const me = member();
		const soon = new Date(Date.now() + 3_600_000);
		const later = copyEvent(server.dbFile);
		openRegistration(server.dbFile, later, { capacity: 5, opensAt: soon });
		const early = await call('POST', later, me.cookie, '{}');
		expect(early.status).toBe(409);
		expect(early.body).toMatchObject({
			code: 'not_open',
			details: { opensAt: soon.toISOString() }
		});
		expect((await call('GET', later, me.cookie)).body).toMatchObject({
			open: false,
			opensAt: soon.toISOString()
		});

		const past = copyEvent(server.dbFile);
		openRegistration(server.dbFile, past, {
			capacity: 5,
			opensAt: new Date(Date.now() - 7_200_000),
			closesAt: new Date(Date.now() - 3_600_000)
		});
		const closed = await call('POST', past, me.cookie, '{}');
		expect(closed.status).toBe(409);
		expect(closed.body.code).toBe('closed');

		const membersOnly = copyEvent(server.dbFile);
		openRegistration(server.dbFile, membersOnly, {
			capacity: 5,
			pools: [{ seats: 5, eligibility: 'members' }]
		});
		const refused = await call('POST', membersOnly, me.cookie, '{}');
		expect(refused.status).toBe(403);
		expect(refused.body).toMatchObject({
			code: 'not_eligible',
			details: { reasons: [{ eligibility: 'members' }] }
		});
		expect((await call('GET', membersOnly, me.cookie)).body.mine).toEqual({ status: 'none' });
	});

	it('answers 401 without a session and refuses a signed-in write from another site', async () => {
		const event = copyEvent(server.dbFile);
		openRegistration(server.dbFile, event, { capacity: 5 });
		expect((await call('POST', event, null, '{}')).status).toBe(401);
		const me = member();
		const forged = await call('POST', event, me.cookie, '{}', { origin: 'https://evil.example' });
		expect(forged.status).toBe(403);
		expect((await call('GET', event, me.cookie)).body.mine).toEqual({ status: 'none' });
	});
});

describe('DELETE /api/events/{id}/registration', () => {
	it('gives up the seat and the first on the waiting list has it at once', async () => {
		const event = copyEvent(server.dbFile);
		openRegistration(server.dbFile, event, { capacity: 1 });
		const [holder, next] = [member(), member()];
		await call('POST', event, holder.cookie, '{}');
		expect((await call('POST', event, next.cookie, '{}')).body).toEqual({
			status: 'waiting',
			position: 1
		});
		const gone = await call('DELETE', event, holder.cookie);
		expect(gone.status).toBe(200);
		expect(gone.body).toEqual({ status: 'none' });
		expect((await call('GET', event, next.cookie)).body.mine).toMatchObject({
			status: 'confirmed'
		});
		expect((await call('GET', event, holder.cookie)).body).toMatchObject({
			confirmed: 1,
			waiting: 0,
			mine: { status: 'none' }
		});
	});

	it('answers 401 without a session, none when there is nothing to give up (again), and refuses a cross-site DELETE', async () => {
		const event = copyEvent(server.dbFile);
		openRegistration(server.dbFile, event, { capacity: 1 });
		expect((await call('DELETE', event, null)).status).toBe(401);
		const me = member();
		const none = await call('DELETE', event, me.cookie);
		expect(none.status).toBe(200);
		expect(none.body).toEqual({ status: 'none' });
		await call('POST', event, me.cookie, '{}');
		const forged = await call('DELETE', event, me.cookie, undefined, {
			origin: 'https://evil.example'
		});
		expect(forged.status).toBe(403);
		expect((await call('GET', event, me.cookie)).body.mine).toMatchObject({
			status: 'confirmed'
		});
	});
});

describe('the registration rate limit', () => {
	it('counts per member: two members behind one address are limited separately', async () => {
		const event = copyEvent(server.dbFile);
		openRegistration(server.dbFile, event, { capacity: 10 });
		const [a, b] = [member(), member()];
		for (let i = 0; i < 5; i++)
			expect((await call('POST', event, a.cookie, '{}')).status).toBe(200);
		const limited = await call('POST', event, a.cookie, '{}');
		expect(limited.status).toBe(429);
		expect(limited.body.error).toBe('Too many requests');
		expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0);
		// The same address, another member: not limited by the first one's requests.
		for (let i = 0; i < 5; i++)
			expect((await call('POST', event, b.cookie, '{}')).status).toBe(200);
		expect((await call('DELETE', event, b.cookie)).status).toBe(429);
	});
});
