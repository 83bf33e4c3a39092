import { describe, expect, it } from 'vitest';
import { ENGINES } from '../db/test-db';
import { userContext } from '../context';
import { isUniqueViolation, lockRows } from '../db/dialect';
import { forgetRegistrant } from './privacy';
import { NotSignedIn } from '../errors';
import {
	as,
	EVENT,
	everyone,
	minutes,
	people,
	settings,
	T0,
	eachRegistrationDb,
	saveSettings
} from './test-fixtures';

describe.each(ENGINES)('registering on %s', (engine) => {
	const on = eachRegistrationDb(engine, 20);

	const open = (extra: Parameters<typeof settings>[0] = {}) => saveSettings(on.registration, extra);
	const register = (id: string, at = minutes(1), answer?: string) =>
		on.registration.register(as(id), EVENT, { answer: answer ?? null }, at);
	const statuses = async () =>
		(
			await on.db
				.selectFrom('registrations')
				.select(['user_id', 'status', 'pool_id'])
				.where('status', '<>', 'cancelled')
				.orderBy('arrival')
				.execute()
		).map((r) => `${r.user_id}:${r.status}`);

	it('a member gets the first pool they may take; someone else the first open to them', async () => {
		await open({
			capacity: 3,
			pools: [
				{ nameNo: 'Medlemmer', nameEn: 'Members', seats: 2, eligibility: 'members' },
				everyone('Everyone', 1)
			]
		});
		const [members, everyonePool] = (await on.registration.settings(as('admin'), EVENT))!.pools;
		await people(on.db, ['mia'], { member: true });
		await people(on.db, ['ola']);
		expect(await register('mia')).toEqual({
			status: 'confirmed',
			pool: { id: members!.id, name: { no: 'Medlemmer', en: 'Members' } }
		});
		expect(await register('ola')).toEqual({
			status: 'confirmed',
			pool: { id: everyonePool!.id, name: { no: 'Everyone', en: 'Everyone' } }
		});
	});

	it('once the seats are taken the answer is waiting, with the position in line', async () => {
		await open({ capacity: 2 });
		await people(on.db, ['a', 'b', 'c', 'd']);
		for (const id of ['a', 'b']) expect((await register(id)).status).toBe('confirmed');
		expect(await register('c')).toEqual({ status: 'waiting', position: 1 });
		expect(await register('d')).toEqual({ status: 'waiting', position: 2 });
	});

	it('registering twice returns the registration already made, and writes nothing', async () => {
		await open({ capacity: 1 });
		await people(on.db, ['a', 'b']);
		const first = await register('a');
		await register('b');
		expect(await register('a', minutes(5))).toEqual(first);
		expect(await register('b', minutes(5))).toEqual({ status: 'waiting', position: 1 });
		expect(await statuses()).toEqual(['a:confirmed', 'b:waiting']);
	});

	it('refuses an unknown event, one without on.registration, and one switched off', async () => {
		await people(on.db, ['a']);
		await expect(on.registration.register(as('a'), 'nope', {}, minutes(1))).rejects.toMatchObject({
			name: 'NotFound',
			code: 'unknown_event'
		});
		await expect(register('a')).rejects.toMatchObject({ code: 'unknown_event' });
		await open({ enabled: false });
		await expect(register('a')).rejects.toMatchObject({ code: 'unknown_event' });
		expect(await statuses()).toEqual([]);
	});

	it('before opening the refusal says when it opens; after closing it says closed', async () => {
		await open();
		await people(on.db, ['a']);
		await expect(register('a', minutes(-1))).rejects.toMatchObject({
			name: 'Conflict',
			code: 'not_open',
			opensAt: T0.toISOString()
		});
		await expect(register('a', minutes(24 * 60))).rejects.toMatchObject({
			name: 'Conflict',
			code: 'closed'
		});
		expect(await statuses()).toEqual([]);
	});

	it('someone no pool admits is told what the pools ask for', async () => {
		await open({
			pools: [
				{ nameNo: 'M', nameEn: 'M', seats: 2, eligibility: 'members' },
				{ nameNo: 'K', nameEn: 'C', seats: 2, eligibility: 'units', unitIds: ['choir'] },
				{ nameNo: 'B', nameEn: 'B', seats: 2, eligibility: 'campus', campusId: 'bergen' }
			]
		});
		await people(on.db, ['ola'], { campus: 'oslo' });
		await people(on.db, ['kari'], { unit: 'choir' });
		await people(on.db, ['bo'], { campus: 'bergen' });
		await expect(register('ola')).rejects.toMatchObject({
			name: 'Forbidden',
			code: 'not_eligible',
			reasons: [
				{ eligibility: 'members' },
				{ eligibility: 'units', unitIds: ['choir'] },
				{ eligibility: 'campus', campusId: 'bergen' }
			]
		});
		expect((await register('kari')).status).toBe('confirmed');
		expect((await register('bo')).status).toBe('confirmed');
		expect(await statuses()).toEqual(['kari:confirmed', 'bo:confirmed']);
	});

	it('a visitor or an anonymous session is not signed in', async () => {
		await open();
		await expect(
			on.registration.register(userContext(null, null), EVENT, {}, minutes(1))
		).rejects.toBeInstanceOf(NotSignedIn);
		await expect(
			on.registration.register(
				userContext({ id: 'x', email: null, name: '', isAnonymous: true }, 's'),
				EVENT,
				{},
				minutes(1)
			)
		).rejects.toBeInstanceOf(NotSignedIn);
	});

	it('the answer to the question is kept only when the event asks one', async () => {
		await open({ questionNo: 'Allergier?', questionEn: 'Allergies?' });
		await people(on.db, ['a']);
		await register('a', minutes(1), '  nuts ');
		const row = await on.db.selectFrom('registrations').select('answer').executeTakeFirstOrThrow();
		expect(row.answer).toBe('nuts');
	});

	it('registrations, unregistrations and promotions leave cached pages alone; a settings change does not', async () => {
		await open({ capacity: 1 });
		await people(on.db, ['a', 'b']);
		let heard = 0;
		on.test.changes.onWrite(() => (heard += 1));
		await register('a');
		await register('b');
		await on.registration.unregister(as('a'), EVENT, minutes(2));
		expect((await on.registration.overview(as('b'), EVENT, minutes(3))).mine.status).toBe(
			'confirmed'
		);
		expect(heard).toBe(0);
		await open({ capacity: 2 });
		expect(heard).toBeGreaterThan(0);
	});

	it('the database itself refuses a second live registration of one person, or a second holder of one arrival', async () => {
		await open();
		await people(on.db, ['a', 'b']);
		const row = (id: string, user: string, arrival: number, status = 'waiting') => ({
			id,
			event_id: EVENT,
			user_id: user,
			pool_id: null,
			status,
			arrival,
			queue: arrival,
			answer: null,
			order_id: null,
			pay_by: null,
			cancelled_reason: null,
			created_at: T0.toISOString(),
			updated_at: T0.toISOString()
		});
		await on.db
			.insertInto('registrations')
			.values(row('r1', 'a', 1, 'cancelled'))
			.execute();
		await on.db
			.insertInto('registrations')
			.values(row('r2', 'a', 2))
			.execute();
		const refused = async (values: ReturnType<typeof row>) => {
			const error = await on.db
				.insertInto('registrations')
				.values(values)
				.execute()
				.then(
					() => null,
					(e: unknown) => e
				);
			expect(isUniqueViolation(error)).toBe(true);
		};
		await refused(row('r3', 'a', 3));
		await refused(row('r3', 'b', 2));
	});

	it('300 people at once for 100 seats in pools of 60 and 40: exactly 100 confirmed, no pool over, 200 waiting in arrival order', async () => {
		await open({ capacity: 100, pools: [everyone('A', 60), everyone('B', 40)] });
		const [a, b] = (await on.registration.settings(as('admin'), EVENT))!.pools;
		const ids = Array.from({ length: 300 }, (_, i) => `p${i}`);
		await people(on.db, ids);
		const answers = await Promise.all(ids.map((id) => register(id)));

		expect(answers.filter((m) => m.status === 'confirmed')).toHaveLength(100);
		const rows = await on.db
			.selectFrom('registrations')
			.select(['user_id', 'status', 'pool_id', 'arrival'])
			.execute();
		expect(rows.filter((r) => r.pool_id === a!.id)).toHaveLength(60);
		expect(rows.filter((r) => r.pool_id === b!.id)).toHaveLength(40);
		// Every answer was final; the waiting were told their places, 1..200 in the order of arrival.
		const waiting = rows
			.filter((r) => r.status === 'waiting')
			.sort((x, y) => x.arrival - y.arrival);
		expect(waiting).toHaveLength(200);
		const told = new Map(ids.map((id, i) => [id, answers[i]!]));
		expect(waiting.map((r) => told.get(r.user_id))).toEqual(
			waiting.map((_, i) => ({ status: 'waiting', position: i + 1 }))
		);
		// Everyone who arrived before a waiting person got a seat.
		const lastConfirmed = Math.max(
			...rows.filter((r) => r.status === 'confirmed').map((r) => r.arrival)
		);
		expect(lastConfirmed).toBeLessThan(waiting[0]!.arrival);
		expect(new Set(rows.map((r) => r.arrival)).size).toBe(300);
	});

	// Registrations that arrive while the event's turn is taken are placed together, in one
	// transaction (event-queue.ts, registerPeople): each must be answered as if it had come alone.
	// Calls made in one turn of the event loop, as below, are one batch.
	it('placed together: a second ask is the same registration, a refused person is told why, the rest are placed in order', async () => {
		await open({
			capacity: 3,
			pools: [{ nameNo: 'Medlemmer', nameEn: 'Members', seats: 3, eligibility: 'members' }]
		});
		await people(on.db, ['a', 'b', 'd', 'e'], { member: true });
		await people(on.db, ['c']);
		const answers = await Promise.allSettled(
			['a', 'b', 'c', 'b', 'd', 'e'].map((id) => register(id))
		);
		const told = answers.map((a) =>
			a.status === 'fulfilled' ? a.value.status : (a.reason as { code: string }).code
		);
		expect(told).toEqual([
			'confirmed',
			'confirmed',
			'not_eligible',
			'confirmed',
			'confirmed',
			'waiting'
		]);
		expect(answers[5]).toEqual({ status: 'fulfilled', value: { status: 'waiting', position: 1 } });
		expect(await statuses()).toEqual(['a:confirmed', 'b:confirmed', 'd:confirmed', 'e:waiting']);
	});

	it('placed together across the merge time: the seats it opens go first to those already waiting', async () => {
		await open({
			capacity: 2,
			mergeAt: minutes(5).toISOString(),
			pools: [
				{ nameNo: 'Medlemmer', nameEn: 'Members', seats: 1, eligibility: 'members' },
				everyone('Everyone', 1)
			]
		});
		await people(on.db, ['x', 'y', 'z', 'w']);
		expect((await register('x')).status).toBe('confirmed');
		expect(await register('y')).toEqual({ status: 'waiting', position: 1 });
		const [again, z, w] = await Promise.all([
			register('x', minutes(3)),
			register('z', minutes(4)),
			register('w', minutes(6))
		]);
		expect(again.status).toBe('confirmed');
		// z came behind y; by w's time the merge had given y the members' seat.
		expect(z).toEqual({ status: 'waiting', position: 2 });
		expect(w).toEqual({ status: 'waiting', position: 2 });
		expect(await statuses()).toEqual(['x:confirmed', 'y:confirmed', 'z:waiting', 'w:waiting']);
	});

	it('placed together across the end of the draw window: the draw places the entries before anyone after it', async () => {
		await open({ capacity: 2, mode: 'draw', drawMinutes: 10 });
		await people(on.db, ['a', 'b', 'c']);
		expect((await register('a', minutes(1))).status).toBe('entered');
		const [again, b, c] = await Promise.all([
			register('a', minutes(2)),
			register('b', minutes(9)),
			register('c', minutes(11))
		]);
		expect([again.status, b.status]).toEqual(['entered', 'entered']);
		expect(c).toEqual({ status: 'waiting', position: 1 });
		const rows = await statuses();
		expect(rows.slice(0, 2).sort()).toEqual(['a:confirmed', 'b:confirmed']);
		expect(rows[2]).toBe('c:waiting');
	});

	it('an account deleted while its registration waits for its turn gets no registration', async () => {
		await open({ capacity: 5 });
		await people(on.db, ['gone', 'next']);
		// The deletion (identity/privacy.ts) gives up the person's registrations, then marks the
		// account; a registration arriving meanwhile must not slip in before its commit.
		let commit!: () => void;
		const deletion = on.db.transaction().execute(async (trx) => {
			await lockRows(trx, trx.selectFrom('users').select('id').where('id', '=', 'gone'));
			await forgetRegistrant(trx, 'gone', minutes(1));
			await trx
				.updateTable('users')
				.set({ deleted_at: minutes(1).toISOString(), email: null })
				.where('id', '=', 'gone')
				.execute();
			await new Promise<void>((resolve) => (commit = resolve));
		});
		await new Promise((resolve) => setTimeout(resolve, 50));
		const asked = register('gone').then(
			(mine) => mine,
			(error: { code?: string }) => error.code
		);
		await new Promise((resolve) => setTimeout(resolve, 100));
		commit();
		await deletion;
		expect(await asked).toBe('unknown_person');
		expect((await register('next')).status).toBe('confirmed');
		expect(await statuses()).toEqual(['next:confirmed']);
	});
});
