import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../db/test-db';
import { privacyServices } from '../identity/privacy-fixtures';
import {
	ADMIN,
	EVENT,
	anotherEvent,
	as,
	eachRegistrationDb,
	minutes,
	people,
	settings
} from '../registration/test-fixtures';
import { calendarFeeds } from './index';

const SITE = { origin: 'https://orgweb.test', name: (locale: string) => `orgweb ${locale}` };

/** The unfolded content lines of a calendar. */
const linesOf = (body: string) => body.replace(/\r\n[ \t]/g, '').split('\r\n');
const summaries = (body: string) =>
	linesOf(body)
		.filter((l) => l.startsWith('SUMMARY:'))
		.map((l) => l.slice('SUMMARY:'.length));

describe.each(ENGINES)('the personal calendar feed on %s', (engine) => {
	const on = eachRegistrationDb(engine, 5);
	const feeds = () => calendarFeeds({ db: on.db, registration: on.registration });
	const open = (id: string, extra: Parameters<typeof settings>[0] = {}) =>
		on.registration.saveSettings(as(ADMIN), id, settings(extra), minutes(-60));

	it('lists exactly the member’s confirmed, waiting and drawn events, with their status in the member’s language', async () => {
		await open(EVENT, { capacity: 5 });
		await anotherEvent(on.db, 'ev-quiz', { titleNo: 'Quiz', titleEn: 'Quiz night' });
		await open('ev-quiz', { capacity: 1 });
		await anotherEvent(on.db, 'ev-draw', { titleNo: 'Lotteri', titleEn: 'Raffle' });
		await open('ev-draw', { capacity: 5, mode: 'draw', drawMinutes: 30 });
		await anotherEvent(on.db, 'ev-gone', { titleNo: 'Avlyst', titleEn: 'Given up' });
		await open('ev-gone');
		await anotherEvent(on.db, 'ev-other', { titleNo: 'Andres', titleEn: 'Someone else’s' });
		await open('ev-other');
		await people(on.db, ['a', 'other']);
		await people(on.db, ['me'], { locale: 'en' });
		await on.registration.register(as('me'), EVENT, {}, minutes(1));
		await on.registration.register(as('a'), 'ev-quiz', {}, minutes(1));
		await on.registration.register(as('me'), 'ev-quiz', {}, minutes(2));
		await on.registration.register(as('me'), 'ev-draw', {}, minutes(3));
		await on.registration.register(as('me'), 'ev-gone', {}, minutes(4));
		await on.registration.unregister(as('me'), 'ev-gone', minutes(5));
		await on.registration.register(as('other'), 'ev-other', {}, minutes(6));

		const { token } = await feeds().renew(as('me'), minutes(7));
		const feed = await feeds().feed(token, SITE, minutes(8));
		expect(feed).not.toBeNull();
		expect(feed!.body).toContain('X-WR-CALNAME:orgweb en – my events');
		expect(linesOf(feed!.body)).toEqual(
			expect.arrayContaining(['REFRESH-INTERVAL;VALUE=DURATION:PT15M', 'X-PUBLISHED-TTL:PT15M'])
		);
		expect(summaries(feed!.body).sort()).toEqual([
			'Christmas party',
			'Quiz night (waiting list\\, place 1)',
			'Raffle (in the draw)'
		]);
		expect(feed!.body).toContain('URL:https://orgweb.test/en/events/ev-quiz');
		expect(feed!.body).not.toContain('a@example.org');

		// Another member's feed speaks their language.
		const theirs = await feeds().renew(as('a'), minutes(9));
		const quiz = await feeds().feed(theirs.token, SITE, minutes(9));
		expect(summaries(quiz!.body)).toEqual(['Quiz']);
		expect(linesOf(quiz!.body)).toContain(
			'DESCRIPTION:Påmeldt\\n\\nhttps://orgweb.test/no/events/ev-quiz'
		);
	});

	it('keeps an event that ended within the last 30 days, not one that ended longer ago', async () => {
		await anotherEvent(on.db, 'ev-soon', {
			startsAt: minutes(60).toISOString(),
			endsAt: minutes(120).toISOString()
		});
		await open('ev-soon');
		await people(on.db, ['me'], { locale: 'en' });
		await on.registration.register(as('me'), 'ev-soon', {}, minutes(1));
		const { token } = await feeds().renew(as('me'), minutes(2));
		const day = 24 * 60;
		expect(summaries((await feeds().feed(token, SITE, minutes(29 * day)))!.body)).toEqual([
			'ev-soon'
		]);
		expect(summaries((await feeds().feed(token, SITE, minutes(31 * day)))!.body)).toEqual([]);
	});

	it('a new address makes the old one unknown at once; turning the feed off ends it', async () => {
		await people(on.db, ['me']);
		const first = await feeds().renew(as('me'), minutes(1));
		expect(await feeds().status(as('me'))).toEqual({ createdAt: minutes(1).toISOString() });
		const second = await feeds().renew(as('me'), minutes(2));
		expect(second.token).not.toBe(first.token);
		expect(await feeds().feed(first.token, SITE, minutes(3))).toBeNull();
		expect(await feeds().feed(second.token, SITE, minutes(3))).not.toBeNull();
		expect(await feeds().status(as('me'))).toEqual({ createdAt: minutes(2).toISOString() });

		expect(await feeds().turnOff(as('me'), minutes(4))).toBe(true);
		expect(await feeds().feed(second.token, SITE, minutes(5))).toBeNull();
		expect(await feeds().status(as('me'))).toBeNull();
		expect(await feeds().turnOff(as('me'), minutes(6))).toBe(false);

		const audit = await on.db
			.selectFrom('audit_log')
			.select(['actor', 'action', 'subject_id'])
			.where('subject_type', '=', 'calendar_feed')
			.orderBy('id')
			.execute();
		expect(audit).toEqual([
			{ actor: 'me', action: 'create', subject_id: 'me' },
			{ actor: 'me', action: 'renew', subject_id: 'me' },
			{ actor: 'me', action: 'delete', subject_id: 'me' }
		]);
	});

	it('keeps only a hash of the token, which is 256 random bits in URL-safe characters', async () => {
		await people(on.db, ['me']);
		const { token } = await feeds().renew(as('me'), minutes(1));
		expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
		const row = await on.db.selectFrom('calendar_feeds').selectAll().executeTakeFirstOrThrow();
		expect(JSON.stringify(row)).not.toContain(token);
		expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
	});

	it('answers nothing for a malformed or unknown token, or a visitor', async () => {
		await people(on.db, ['me']);
		await feeds().renew(as('me'), minutes(1));
		for (const token of ['', 'x', 'a'.repeat(43), '../../etc/passwd', 'a'.repeat(5000)]) {
			expect(await feeds().feed(token, SITE, minutes(2))).toBeNull();
		}
	});

	it('deleting the account ends the feed', async () => {
		await people(on.db, ['me']);
		const { token } = await feeds().renew(as('me'), minutes(1));
		const dir = mkdtempSync(join(tmpdir(), 'calendar-'));
		try {
			const { privacy } = privacyServices(on.db, dir, { adminEmails: [], now: minutes(2) });
			const deleted = await privacy.deleteOwnAccount(
				as('me'),
				{ email: 'me@example.org' },
				minutes(2)
			);
			expect(deleted.ok).toBe(true);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
		expect(await feeds().feed(token, SITE, minutes(3))).toBeNull();
		expect(await on.db.selectFrom('calendar_feeds').selectAll().execute()).toEqual([]);
	});
});
