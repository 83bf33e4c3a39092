import { describe, expect, it } from 'vitest';
import { ENGINES } from '../db/test-db';
import { Forbidden, Invalid, NotFound } from '../errors';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import {
	ADMIN,
	as,
	EVENT,
	eachRegistrationDb,
	minutes,
	people,
	saveSettings
} from '../registration/test-fixtures';
import { attendanceService, DEFAULT_LADDER, recordArrival } from './index';
import { expiryOf, standingOf } from './ladder';

// The suite's event starts 2026-12-20 18:00 UTC, inside the Christmas freeze (20 Dec – 6 Jan).
const STARTS = '2026-12-20T18:00:00.000Z';
const ENDS = '2026-12-20T23:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('the ladder', () => {
	it('counts expiry from the event date, skipping the summer freeze', () => {
		const ladder = { ...DEFAULT_LADDER, expiryDays: 30 };
		// 2–14 June count (13), 15 June – 15 August are frozen, 16 August – 1 September count (17).
		expect(expiryOf(ladder, '2026-06-01T16:00:00.000Z')).toBe('2026-09-01T22:00:00.000Z');
		// Without freezes: 30 days after 1 June, gone at the Oslo midnight after 1 July.
		expect(expiryOf({ ...ladder, freezes: [] }, '2026-06-01T16:00:00.000Z')).toBe(
			'2026-07-01T22:00:00.000Z'
		);
	});

	it('counts a freeze across the new year as frozen on both sides of it', () => {
		const ladder = { ...DEFAULT_LADDER, expiryDays: 10 };
		// 16–19 December count (4), 20 December – 6 January are frozen, 7–12 January count (6).
		expect(expiryOf(ladder, '2026-12-15T18:00:00.000Z')).toBe('2027-01-12T23:00:00.000Z');
	});

	it('the highest step reached applies until enough marks expire to fall below it', () => {
		const ladder = { ...DEFAULT_LADDER, expiryDays: 10, freezes: [] };
		const marks = [
			{ weight: 1, eventAt: '2026-03-01T12:00:00.000Z' },
			{ weight: 1, eventAt: '2026-03-05T12:00:00.000Z' }
		];
		const standing = standingOf(ladder, marks, at('2026-03-06T12:00:00.000Z'));
		expect(standing).toEqual({
			active: 2,
			consequence: { kind: 'delay', minutes: 24 * 60 },
			// The first mark's expiry takes the member below two marks.
			until: '2026-03-11T23:00:00.000Z'
		});
		expect(standingOf(ladder, marks, at('2026-03-20T12:00:00.000Z'))).toEqual({
			active: 0,
			consequence: null,
			until: null
		});
	});
});

describe.each(ENGINES)('attendance and marks on %s', (engine) => {
	const on = eachRegistrationDb(engine);
	const service = () =>
		attendanceService({
			db: on.db,
			roles: rolesService({
				store: sqlIdentityStore(on.db),
				isMember: async () => false,
				adminEmails: [`${ADMIN}@example.org`]
			})
		});
	const deadline = minutes(10 * 24 * 60).toISOString();
	const open = (extra = {}) =>
		saveSettings(on.registration, {
			unregisterBy: deadline,
			lateUnregister: true,
			closesAt: '2026-12-19T12:00:00.000Z',
			...extra
		});
	const register = (id: string, when = minutes(1)) =>
		on.registration.register(as(id), EVENT, {}, when);
	/** A no-show mark of weight 1 from an event on 1 November (another registration, `n`). */
	const earlierMark = (userId: string, n: number) =>
		on.db
			.insertInto('marks')
			.values({
				id: `m${n}`,
				user_id: userId,
				event_id: EVENT,
				registration_id: `r-earlier-${n}`,
				kind: 'no_show',
				weight: 1,
				event_at: '2026-11-01T18:00:00.000Z',
				created_at: '2026-11-02T00:00:00.000Z',
				removed_at: null,
				removed_by: null,
				removed_reason: null
			})
			.execute();
	const marks = (userId: string) =>
		on.db
			.selectFrom('marks')
			.select(['kind', 'weight', 'removed_at'])
			.where('user_id', '=', userId)
			.execute();

	it('before the deadline the page promises no mark, and unregistering gives none', async () => {
		await open();
		await people(on.db, ['ada']);
		await register('ada');
		const before = minutes(60);
		const view = await on.registration.view(as('ada'), EVENT, before);
		expect(view?.unregisterBy).toBe(deadline);
		expect(view?.marks).toMatchObject({ standing: { active: 0, consequence: null } });
		await on.registration.unregister(as('ada'), EVENT, before);
		expect(await marks('ada')).toEqual([]);
	});

	it('after the deadline the page promises the mark, and a late unregistration gives exactly it', async () => {
		await open();
		await people(on.db, ['ada']);
		await register('ada');
		const late = minutes(11 * 24 * 60);
		const view = await on.registration.view(as('ada'), EVENT, late);
		expect(view?.marks).toMatchObject({
			lateWeight: 1,
			// Counted from the event's date, past the Christmas freeze: 180 days from 7 January.
			lateExpiresAt: expiryOf(DEFAULT_LADDER, STARTS),
			afterLate: { active: 1, consequence: { kind: 'delay', minutes: 120 } }
		});
		expect(await on.registration.unregister(as('ada'), EVENT, late)).toMatchObject({ late: true });
		expect(await marks('ada')).toEqual([{ kind: 'late_unregister', weight: 1, removed_at: null }]);
		const mine = await service().mine(as('ada'), late);
		expect(mine.marks).toMatchObject([
			{
				kind: 'late_unregister',
				weight: 1,
				active: true,
				expiresAt: expiryOf(DEFAULT_LADDER, STARTS)
			}
		]);
		expect(mine.standing.consequence).toEqual({ kind: 'delay', minutes: 120 });
	});

	it('a place on the waiting list is given up after the deadline without a mark', async () => {
		await open({ capacity: 1 });
		await people(on.db, ['ada', 'bo']);
		await register('ada');
		expect((await register('bo')).status).toBe('waiting');
		await on.registration.unregister(as('bo'), EVENT, minutes(11 * 24 * 60));
		expect(await marks('bo')).toEqual([]);
	});

	it('a weight of nought gives no mark', async () => {
		await service().saveLadder(as(ADMIN), { ...DEFAULT_LADDER, lateUnregisterWeight: 0 });
		await open();
		await people(on.db, ['ada']);
		await register('ada');
		const late = minutes(11 * 24 * 60);
		expect((await on.registration.view(as('ada'), EVENT, late))?.marks?.lateWeight).toBe(0);
		await on.registration.unregister(as('ada'), EVENT, late);
		expect(await marks('ada')).toEqual([]);
	});

	it('one active mark opens registration two hours later for that member, and not after it expired', async () => {
		await people(on.db, ['ada', 'bo']);
		await earlierMark('ada', 1);
		await open();
		const delayed = minutes(120).toISOString();
		const refused = register('ada', minutes(1));
		await expect(refused).rejects.toMatchObject({
			code: 'marks_delay',
			details: { opensAt: delayed }
		});
		expect((await register('bo', minutes(1))).status).toBe('confirmed');
		const view = await on.registration.view(as('ada'), EVENT, minutes(1));
		expect(view?.marks?.opensAt).toBe(delayed);
		expect((await register('ada', minutes(121))).status).toBe('confirmed');
		// 180 days from 1 November, less nothing frozen before 20 December: long after the event.
		await service().saveLadder(as(ADMIN), { ...DEFAULT_LADDER, expiryDays: 10 });
		const after = await on.registration.view(as('ada'), EVENT, minutes(1));
		expect(after?.marks?.standing.consequence).toBeNull();
	});

	it('three marks put the member on the waiting list while seats are free, until registration closes', async () => {
		await people(on.db, ['ada', 'bo']);
		for (const n of [1, 2, 3]) await earlierMark('ada', n);
		await open({ capacity: 3 });
		expect(await register('ada', minutes(1))).toEqual({ status: 'waiting', position: 1 });
		await register('bo', minutes(2));
		await on.registration.unregister(as('bo'), EVENT, minutes(3));
		expect((await on.registration.overview(as('ada'), EVENT, minutes(4))).mine.status).toBe(
			'waiting'
		);
		// After the closing, the next change of the lists gives the free seat in turn.
		await people(on.db, ['cy']);
		await on.registration.add(
			as(ADMIN),
			EVENT,
			{ email: 'cy@example.org' },
			at('2026-12-19T13:00:00.000Z')
		);
		expect(
			(await on.registration.overview(as('ada'), EVENT, at('2026-12-19T13:00:00.000Z'))).mine.status
		).toBe('confirmed');
	});

	it('arrivals are present or late by the grace; after the event the others are no-shows with a mark', async () => {
		await open();
		await people(on.db, ['ada', 'bo', 'cy']);
		const ids: Record<string, string> = {};
		for (const id of ['ada', 'bo', 'cy']) await register(id);
		for (const r of await on.db.selectFrom('registrations').select(['id', 'user_id']).execute())
			ids[r.user_id] = r.id;
		await on.db.transaction().execute(async (trx) => {
			expect(
				await recordArrival(trx, { registrationId: ids.ada!, at: at('2026-12-20T18:10:00.000Z') })
			).toBe('present');
			expect(
				await recordArrival(trx, { registrationId: ids.bo!, at: at('2026-12-20T18:20:00.000Z') })
			).toBe('late');
		});
		expect(await service().settleDue(at('2026-12-20T22:00:00.000Z'))).toBe(0);
		expect(await service().settleDue(at(ENDS))).toBe(1);
		expect(await service().settleDue(at('2026-12-21T00:00:00.000Z'))).toBe(0);
		const page = await service().ofEvent(as(ADMIN), EVENT, at(ENDS));
		expect(page.attendees.map((a) => [a.name, a.state])).toEqual([
			['ada', 'present'],
			['bo', 'late'],
			['cy', 'no_show']
		]);
		expect(await marks('cy')).toEqual([{ kind: 'no_show', weight: 1, removed_at: null }]);
		expect(await marks('bo')).toEqual([]);
	});

	it('an event whose door recorded nobody gives no no-shows', async () => {
		await open();
		await people(on.db, ['ada']);
		await register('ada');
		expect(await service().settleDue(at(ENDS))).toBe(0);
		expect(await marks('ada')).toEqual([]);
	});

	it('the organiser corrects a state and removes a mark, each with a reason, audited', async () => {
		await open();
		await people(on.db, ['ada']);
		await register('ada');
		const { id } = await on.db.selectFrom('registrations').select('id').executeTakeFirstOrThrow();
		const s = service();
		await s.setAttendance(
			as(ADMIN),
			EVENT,
			{ registrationId: id, state: 'no_show', reason: 'not seen' },
			at(ENDS)
		);
		const [mark] = (await s.ofEvent(as(ADMIN), EVENT, at(ENDS))).marks;
		expect(mark).toMatchObject({ kind: 'no_show', name: 'ada', active: true });
		await s.removeMark(
			as(ADMIN),
			EVENT,
			{ markId: mark!.id, reason: 'ill, sent a note' },
			at(ENDS)
		);
		const mine = await s.mine(as('ada'), at(ENDS));
		expect(mine.marks[0]).toMatchObject({ active: false, removed: { reason: 'ill, sent a note' } });
		expect(mine.standing.active).toBe(0);
		const audit = await on.db
			.selectFrom('audit_log')
			.select(['action', 'details'])
			.where('subject_type', 'in', ['mark', 'registration'])
			.where('action', 'in', ['attendance', 'remove'])
			.orderBy('id')
			.execute();
		expect(audit.map((a) => [a.action, JSON.parse(a.details!).reason])).toEqual([
			['attendance', 'not seen'],
			['remove', 'ill, sent a note']
		]);
		// Removed once: a second removal finds no mark to remove.
		await expect(
			s.removeMark(as(ADMIN), EVENT, { markId: mark!.id, reason: 'again' }, at(ENDS))
		).rejects.toMatchObject({ code: 'unknown_mark' });
	});

	it('bad input is refused and changes nothing; a member is not an organiser', async () => {
		await open();
		await people(on.db, ['ada']);
		await register('ada');
		const { id } = await on.db.selectFrom('registrations').select('id').executeTakeFirstOrThrow();
		const s = service();
		await expect(
			s.setAttendance(as(ADMIN), EVENT, { registrationId: 'nope', state: 'present', reason: 'x' })
		).rejects.toBeInstanceOf(NotFound);
		await expect(
			s.setAttendance(as(ADMIN), EVENT, {
				registrationId: id,
				state: 'asleep' as 'present',
				reason: 'x'
			})
		).rejects.toBeInstanceOf(Invalid);
		await expect(
			s.setAttendance(as(ADMIN), EVENT, { registrationId: id, state: 'no_show', reason: '  ' })
		).rejects.toBeInstanceOf(Invalid);
		await expect(
			s.setAttendance(as('ada'), EVENT, { registrationId: id, state: 'present', reason: 'me' })
		).rejects.toBeInstanceOf(Forbidden);
		expect(await on.db.selectFrom('attendance').selectAll().execute()).toEqual([]);
		expect(await marks('ada')).toEqual([]);
	});
});
