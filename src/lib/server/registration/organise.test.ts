import { describe, expect, it } from 'vitest';
import { ENGINES } from '../db/test-db';
import { shuffled } from './draw';
import {
	CONFIRMED,
	ADMIN,
	as,
	eachRegistrationDb,
	EVENT,
	everyone,
	anotherEvent,
	insertUnit,
	minutes,
	people,
	saveSettings,
	settings
} from './test-fixtures';

// The organiser's side of the lists: adding a person, moving one, a message, the lists and the
// file, a capacity raised alone; each refusal leaves everything as it was.
describe.each(ENGINES)('the organiser’s lists on %s', (engine) => {
	const on = eachRegistrationDb(engine);
	const admin = as(ADMIN);

	const register = (id: string, at = minutes(1)) => on.registration.register(as(id), EVENT, {}, at);
	const line = async () =>
		(
			await on.db
				.selectFrom('registrations')
				.innerJoin('registration_pools', 'registration_pools.id', 'registrations.pool_id')
				.select(['user_id', 'status', 'name_en'])
				.where('status', '<>', 'cancelled')
				.union(
					on.db
						.selectFrom('registrations')
						.select(['user_id', 'status', (eb) => eb.val('-').as('name_en')])
						.where('pool_id', 'is', null)
						.where('status', '<>', 'cancelled')
				)
				.execute()
		)
			.map((r) => `${r.user_id}:${r.status}:${r.name_en}`)
			.sort();
	const audits = (action: string) =>
		on.db
			.selectFrom('audit_log')
			.select(['actor', 'details'])
			.where('action', '=', action)
			.execute();
	/** The id of a pool of another event (of the same unit). */
	async function otherEventsPool() {
		await anotherEvent(on.db, 'ev-other');
		await on.registration.saveSettings(
			admin,
			'ev-other',
			settings({ capacity: 5, pools: [everyone('Other', 5)] }),
			minutes(-60)
		);
		return (await on.registration.settings(admin, 'ev-other'))!.pools[0]!.id;
	}
	/** Two pools, A (1 seat) and B (1 seat): `a` in A, `b` in B, `w` waiting. */
	async function twoFullPools() {
		await saveSettings(on.registration, {
			capacity: 2,
			pools: [everyone('A', 1), everyone('B', 1)]
		});
		await people(on.db, ['a', 'b', 'w', 'x']);
		for (const id of ['a', 'b', 'w']) await register(id);
		const stored = await on.registration.settings(admin, EVENT);
		return { A: stored!.pools[0]!.id, B: stored!.pools[1]!.id };
	}

	it('adds a person by their account’s e-mail to the pool named, and audits who did it', async () => {
		await saveSettings(on.registration, {
			capacity: 3,
			pools: [everyone('A', 1), { nameNo: 'M', nameEn: 'M', seats: 2, eligibility: 'members' }]
		});
		await people(on.db, ['x']);
		const members = (await on.registration.settings(admin, EVENT))!.pools[1]!.id;
		expect(
			await on.registration.add(
				admin,
				EVENT,
				{ email: ' X@Example.org ', poolId: members },
				minutes(2)
			)
		).toEqual({ userId: 'x', status: 'confirmed', poolId: members });
		expect(await line()).toEqual(['x:confirmed:M']);
		const [audit] = await audits('add');
		expect(audit!.actor).toBe(ADMIN);
		expect(JSON.parse(audit!.details!)).toMatchObject({ userId: 'x', poolId: members });
	});

	it('without a pool named, a person added takes a free seat, or the end of the waiting list', async () => {
		await saveSettings(on.registration, { capacity: 1 });
		await people(on.db, ['a', 'x', 'y']);
		await on.registration.add(admin, EVENT, { email: 'x@example.org' }, minutes(2));
		await register('a', minutes(3));
		await on.registration.add(admin, EVENT, { email: 'y@example.org' }, minutes(4));
		const lists = await on.registration.attendees(admin, EVENT, minutes(5));
		expect(lists.confirmed.map((p) => p.userId)).toEqual(['x']);
		expect(lists.waiting.map((p) => [p.position, p.userId])).toEqual([
			[1, 'a'],
			[2, 'y']
		]);
	});

	it('adding an unknown e-mail, someone already registered, to a full pool or to another event’s pool is refused; nothing changes', async () => {
		const { A } = await twoFullPools();
		const other = await otherEventsPool();
		const before = await line();
		const add = (email: string, poolId: string | null) =>
			on.registration.add(admin, EVENT, { email, poolId }, minutes(2));
		await expect(add('nobody@example.org', null)).rejects.toMatchObject({
			name: 'NotFound',
			code: 'unknown_user'
		});
		await expect(add('a@example.org', null)).rejects.toMatchObject({
			name: 'Conflict',
			code: 'already_registered'
		});
		await expect(add('x@example.org', A)).rejects.toMatchObject({
			name: 'Conflict',
			code: 'pool_full'
		});
		await expect(add('x@example.org', other)).rejects.toMatchObject({
			name: 'NotFound',
			code: 'unknown_pool'
		});
		await expect(add('not an address', null)).rejects.toMatchObject({ name: 'Invalid' });
		expect(await line()).toEqual(before);
		expect(await audits('add')).toEqual([]);
	});

	it('moving into a full pool, to another event’s pool, or someone not registered is refused; nothing changes', async () => {
		const { A, B } = await twoFullPools();
		const other = await otherEventsPool();
		const before = await line();
		const move = (userId: string, poolId: string) =>
			on.registration.move(admin, EVENT, { userId, poolId }, minutes(2));
		await expect(move('a', B)).rejects.toMatchObject({ name: 'Conflict', code: 'pool_full' });
		await expect(move('w', B)).rejects.toMatchObject({ name: 'Conflict', code: 'pool_full' });
		await expect(move('a', A)).rejects.toMatchObject({ name: 'Conflict', code: 'same_pool' });
		await expect(move('a', other)).rejects.toMatchObject({
			name: 'NotFound',
			code: 'unknown_pool'
		});
		await expect(move('x', A)).rejects.toMatchObject({
			name: 'NotFound',
			code: 'not_registered'
		});
		expect(await line()).toEqual(before);
		expect(await audits('move')).toEqual([]);
	});

	it('moves a confirmed person to a pool with a free seat; the seat they left goes to the first in line, who is told; audited', async () => {
		await saveSettings(on.registration, {
			capacity: 3,
			pools: [everyone('A', 1), { nameNo: 'M', nameEn: 'M', seats: 2, eligibility: 'members' }]
		});
		await people(on.db, ['a', 'w']);
		await people(on.db, ['m'], { member: true });
		for (const id of ['a', 'm', 'w']) await register(id);
		expect(await line()).toEqual(['a:confirmed:A', 'm:confirmed:M', 'w:waiting:-']);
		const { pools } = (await on.registration.settings(admin, EVENT))!;
		await on.registration.move(admin, EVENT, { userId: 'a', poolId: pools[1]!.id }, minutes(2));
		expect(await line()).toEqual(['a:confirmed:M', 'm:confirmed:M', 'w:confirmed:A']);
		const mails = await on.db
			.selectFrom('mail_outbox')
			.select(['kind', 'to_address'])
			.where('kind', '<>', CONFIRMED)
			.execute();
		expect(mails).toEqual([{ kind: 'registration-promoted', to_address: 'w@example.org' }]);
		const [audit] = await audits('move');
		expect(audit!.actor).toBe(ADMIN);
		expect(JSON.parse(audit!.details!)).toMatchObject({
			userId: 'a',
			from: pools[0]!.id,
			to: pools[1]!.id
		});
	});

	it('moves a waiting person into a pool with a free seat the pools’ rules kept from them', async () => {
		await saveSettings(on.registration, {
			capacity: 2,
			pools: [everyone('A', 1), { nameNo: 'M', nameEn: 'M', seats: 1, eligibility: 'members' }]
		});
		await people(on.db, ['a', 'w']);
		await register('a');
		await register('w');
		const members = (await on.registration.settings(admin, EVENT))!.pools[1]!.id;
		await on.registration.move(admin, EVENT, { userId: 'w', poolId: members }, minutes(2));
		expect(await line()).toEqual(['a:confirmed:A', 'w:confirmed:M']);
	});

	it('a removal needs a reason: an empty one is refused and nobody moves', async () => {
		await twoFullPools();
		const before = await line();
		await expect(
			on.registration.remove(admin, EVENT, { userId: 'a', reason: '   ' }, minutes(2))
		).rejects.toMatchObject({ name: 'Invalid' });
		expect(await line()).toEqual(before);
	});

	it('a capacity raised alone keeps the other settings, and seats the first in line; below the confirmed count it is refused', async () => {
		await saveSettings(on.registration, { capacity: 1, questionNo: 'Mat?', questionEn: 'Food?' });
		await people(on.db, ['a', 'b']);
		await register('a');
		await register('b');
		await expect(on.registration.setCapacity(admin, EVENT, 0, minutes(2))).rejects.toMatchObject({
			name: 'Invalid',
			code: 'capacity_below_confirmed'
		});
		const saved = await on.registration.setCapacity(admin, EVENT, 2, minutes(3));
		expect(saved).toMatchObject({ capacity: 2, questionEn: 'Food?' });
		expect((await on.registration.attendees(admin, EVENT, minutes(4))).confirmed).toHaveLength(2);
	});

	it('a message goes to every attendee, or every waiting person, in their language, through the outbox, audited', async () => {
		await saveSettings(on.registration, { capacity: 2 });
		await people(on.db, ['a', 'w']);
		await people(on.db, ['e'], { locale: 'en' });
		for (const id of ['a', 'e', 'w']) await register(id);
		const message = {
			subjectNo: 'Oppmøte',
			textNo: 'Kom kl. 18.',
			subjectEn: 'Meeting time',
			textEn: 'Come at 6 pm.'
		};
		expect(
			await on.registration.message(admin, EVENT, { audience: 'confirmed', ...message }, minutes(5))
		).toEqual({ recipients: 2 });
		expect(
			await on.registration.message(admin, EVENT, { audience: 'waiting', ...message }, minutes(6))
		).toEqual({ recipients: 1 });
		const mails = await on.db
			.selectFrom('mail_outbox')
			.select(['kind', 'to_address', 'subject', 'text_body'])
			.where('kind', '<>', CONFIRMED)
			.orderBy('created_at')
			.orderBy('to_address')
			.execute();
		expect(mails).toEqual([
			{
				kind: 'registration-message',
				to_address: 'a@example.org',
				subject: 'Oppmøte',
				text_body: expect.stringMatching(/^Kom kl\. 18\.\n[\s\S]*påmeldt «Julebord»/)
			},
			{
				kind: 'registration-message',
				to_address: 'e@example.org',
				subject: 'Meeting time',
				text_body: expect.stringMatching(/^Come at 6 pm\.\n[\s\S]*registered for “Christmas party”/)
			},
			{
				kind: 'registration-message',
				to_address: 'w@example.org',
				subject: 'Oppmøte',
				text_body: expect.stringContaining('venteliste til «Julebord»')
			}
		]);
		const audit = await audits('message');
		expect(audit.map((a) => JSON.parse(a.details!).recipients)).toEqual([2, 1]);
	});

	it('a message without a subject, or with half of its English version, is refused and nothing is written', async () => {
		await saveSettings(on.registration, { capacity: 2 });
		await people(on.db, ['a']);
		await register('a');
		const send = (input: Record<string, unknown>) =>
			on.registration.message(
				admin,
				EVENT,
				{ audience: 'confirmed', subjectNo: 'S', textNo: 'T', ...input },
				minutes(2)
			);
		await expect(send({ subjectNo: '' })).rejects.toMatchObject({ name: 'Invalid' });
		await expect(send({ subjectEn: 'Only a subject' })).rejects.toMatchObject({ name: 'Invalid' });
		await expect(send({ audience: 'everyone' })).rejects.toMatchObject({ name: 'Invalid' });
		expect(
			await on.db.selectFrom('mail_outbox').selectAll().where('kind', '<>', CONFIRMED).execute()
		).toEqual([]);
	});

	it('the lists: attendees with their pool, answer and no payment on a free event; the waiting list with positions', async () => {
		await saveSettings(on.registration, {
			capacity: 1,
			questionNo: 'Allergier?',
			questionEn: 'Allergies?',
			pools: [everyone('A', 1)]
		});
		await people(on.db, ['a', 'b', 'c']);
		await on.registration.register(as('a'), EVENT, { answer: 'Nøtter' }, minutes(1));
		await on.registration.register(as('b'), EVENT, { answer: 'Gluten' }, minutes(2));
		await register('c', minutes(3));
		const lists = await on.registration.attendees(admin, EVENT, minutes(4));
		expect(lists.confirmed).toEqual([
			expect.objectContaining({
				userId: 'a',
				email: 'a@example.org',
				answer: 'Nøtter',
				poolId: lists.registration.pools[0]!.id,
				paid: null
			})
		]);
		expect(lists.waiting.map((w) => [w.position, w.userId, w.answer])).toEqual([
			[1, 'b', 'Gluten'],
			[2, 'c', null]
		]);
		expect(lists.draw).toBeNull();
	});

	it('the attendee file: a header in the reader’s language, a row per attendee with pool, answer and paid', async () => {
		await saveSettings(on.registration, {
			capacity: 2,
			questionNo: 'Allergier?',
			questionEn: 'Allergies?',
			pools: [{ nameNo: 'Alle', nameEn: 'All', seats: 2, eligibility: 'everyone' }]
		});
		await people(on.db, ['a', 'b', 'w']);
		await on.registration.register(as('a'), EVENT, { answer: 'Nøtter; litt' }, minutes(1));
		await register('b', minutes(2));
		await register('w', minutes(3));
		const no = await on.registration.attendeesCsv(admin, EVENT, 'no');
		expect(no).toBe(
			'\uFEFFNavn;E-post;Pulje;Svar;Betalt\r\n' +
				'a;a@example.org;Alle;"Nøtter; litt";\r\n' +
				'b;b@example.org;Alle;;\r\n'
		);
		expect((await on.registration.attendeesCsv(admin, EVENT, 'en')).split('\r\n')[0]).toBe(
			'\uFEFFName,E-mail,Pool,Answer,Paid'
		);
	});

	it('after a draw the lists show its seed and the order it gave', async () => {
		await saveSettings(on.registration, { capacity: 1, mode: 'draw', drawMinutes: 10 });
		const ids = ['p1', 'p2', 'p3', 'p4'];
		await people(on.db, ids);
		for (const [i, id] of ids.entries()) await register(id, minutes(i + 1));
		const lists = await on.registration.attendees(admin, EVENT, minutes(11));
		expect(lists.draw).not.toBeNull();
		expect(lists.draw!.order.map((o) => o.name)).toEqual(shuffled(ids, lists.draw!.seed));
		expect(lists.draw!.order[0]).toMatchObject({ place: 1, status: 'confirmed' });
		expect(lists.confirmed.map((c) => c.userId)).toEqual([lists.draw!.order[0]!.name]);
	});

	it('only the event’s organisers may see the lists or change them: a leader of another unit is refused', async () => {
		await twoFullPools();
		await insertUnit(on.db, 'band');
		await people(on.db, ['leader'], { unit: 'band', role: 'leader' });
		await people(on.db, ['own'], { unit: 'choir', role: 'leader' });
		const stranger = as('leader');
		const refused = { name: 'Forbidden' };
		await expect(on.registration.attendees(stranger, EVENT)).rejects.toMatchObject(refused);
		await expect(on.registration.attendeesCsv(stranger, EVENT, 'no')).rejects.toMatchObject(
			refused
		);
		await expect(
			on.registration.add(stranger, EVENT, { email: 'x@example.org' })
		).rejects.toMatchObject(refused);
		await expect(
			on.registration.message(stranger, EVENT, {
				audience: 'confirmed',
				subjectNo: 'S',
				textNo: 'T'
			})
		).rejects.toMatchObject(refused);
		await expect(on.registration.setCapacity(stranger, EVENT, 9)).rejects.toMatchObject(refused);
		expect((await on.registration.attendees(as('own'), EVENT, minutes(2))).confirmed).toHaveLength(
			2
		);
	});
});
