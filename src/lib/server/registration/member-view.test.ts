import { describe, expect, it } from 'vitest';
import { userContext } from '../context';
import { ENGINES } from '../db/test-db';
import { NotSignedIn } from '../errors';
import { orderRow } from '../db/test-rows';
import {
	anotherEvent,
	as,
	ADMIN,
	EVENT,
	eachRegistrationDb,
	everyone,
	minutes,
	people,
	saveSettings,
	settings
} from './test-fixtures';

describe.each(ENGINES)('a member’s own view on %s', (engine) => {
	const on = eachRegistrationDb(engine, 5);

	const openEvent = (id: string, extra: Parameters<typeof settings>[0] = {}) =>
		on.registration.saveSettings(as(ADMIN), id, settings(extra), minutes(-60));

	it('lists the person’s registrations of events not yet over, soonest first: confirmed with the pool, waiting with the true position, entered with the draw’s time', async () => {
		await saveSettings(on.registration, { capacity: 1, pools: [everyone('Hall', 1)] });
		await anotherEvent(on.db, 'ev-quiz', {
			titleNo: 'Quiz',
			titleEn: 'Quiz night',
			startsAt: '2026-12-10T18:00:00.000Z',
			endsAt: '2026-12-10T21:00:00.000Z'
		});
		await openEvent('ev-quiz', { capacity: 1 });
		await anotherEvent(on.db, 'ev-draw', { startsAt: '2026-12-24T18:00:00.000Z' });
		await openEvent('ev-draw', { capacity: 5, mode: 'draw', drawMinutes: 30 });
		await people(on.db, ['a', 'b', 'c', 'me']);

		await on.registration.register(as('me'), EVENT, {}, minutes(1));
		await on.registration.register(as('a'), 'ev-quiz', {}, minutes(1));
		await on.registration.register(as('b'), 'ev-quiz', {}, minutes(2));
		await on.registration.register(as('me'), 'ev-quiz', {}, minutes(3));
		await on.registration.register(as('c'), 'ev-quiz', {}, minutes(4));
		await on.registration.register(as('me'), 'ev-draw', {}, minutes(5));
		// b gives up their place ahead of me: I am first in line now, not second.
		await on.registration.unregister(as('b'), 'ev-quiz', minutes(6));

		const pool = (await on.registration.settings(as(ADMIN), EVENT))!.pools[0]!;
		expect(await on.registration.mine(as('me'), minutes(7))).toEqual([
			{
				eventId: 'ev-quiz',
				slugs: { no: 'ev-quiz', en: 'ev-quiz' },
				title: { no: 'Quiz', en: 'Quiz night' },
				startsAt: '2026-12-10T18:00:00.000Z',
				mine: { status: 'waiting', position: 1 }
			},
			{
				eventId: EVENT,
				slugs: { no: EVENT, en: EVENT },
				title: { no: 'Julebord', en: 'Christmas party' },
				startsAt: '2026-12-20T18:00:00.000Z',
				mine: { status: 'confirmed', pool: { id: pool.id, name: { no: 'Hall', en: 'Hall' } } }
			},
			{
				eventId: 'ev-draw',
				slugs: { no: 'ev-draw', en: 'ev-draw' },
				title: { no: 'ev-draw', en: 'ev-draw' },
				startsAt: '2026-12-24T18:00:00.000Z',
				mine: { status: 'entered', drawAt: minutes(30).toISOString() }
			}
		]);
		// Past the draw's window, the list makes the draw and shows where it placed me.
		const later = await on.registration.mine(as('me'), minutes(31));
		expect(later.find((r) => r.eventId === 'ev-draw')?.mine).toMatchObject({
			status: 'confirmed'
		});
	});

	it('leaves out given-up registrations and events that are over, and says nothing of others’', async () => {
		await saveSettings(on.registration);
		await anotherEvent(on.db, 'ev-past', {
			startsAt: '2026-11-20T18:00:00.000Z',
			endsAt: '2026-11-20T21:00:00.000Z'
		});
		await on.registration.saveSettings(
			as(ADMIN),
			'ev-past',
			settings({
				opensAt: '2026-11-01T00:00:00.000Z',
				closesAt: '2026-11-19T00:00:00.000Z'
			}),
			new Date('2026-10-01T00:00:00.000Z')
		);
		await people(on.db, ['me', 'other']);
		await on.registration.register(as('me'), 'ev-past', {}, new Date('2026-11-02T00:00:00.000Z'));
		await on.registration.register(as('me'), EVENT, {}, minutes(1));
		await on.registration.unregister(as('me'), EVENT, minutes(2));
		await on.registration.register(as('other'), EVENT, {}, minutes(3));

		expect(await on.registration.mine(as('me'), minutes(4))).toEqual([]);
		expect((await on.registration.mine(as('other'), minutes(4))).map((r) => r.eventId)).toEqual([
			EVENT
		]);
	});

	it('a seat to be paid says by when and which order pays it', async () => {
		await saveSettings(on.registration);
		await people(on.db, ['me']);
		await on.registration.register(as('me'), EVENT, {}, minutes(1));
		await on.db
			.insertInto('orders')
			.values(orderRow('order-1', 'pending', { user_id: 'me' }))
			.execute();
		await on.db
			.updateTable('registrations')
			.set({ pay_by: minutes(24 * 60).toISOString(), order_id: 'order-1' })
			.execute();
		const [row] = await on.registration.mine(as('me'), minutes(2));
		expect(row!.mine).toMatchObject({
			status: 'confirmed',
			payBy: minutes(24 * 60).toISOString(),
			orderId: 'order-1'
		});
	});

	it('a visitor has no registrations to list', async () => {
		await expect(on.registration.mine(userContext(null, null), minutes(1))).rejects.toBeInstanceOf(
			NotSignedIn
		);
	});

	it('the event page’s view: the question, the deadline, and for someone no pool admits what the pools ask for, with the units’ and campus’s names', async () => {
		await saveSettings(on.registration, {
			unregisterBy: minutes(60).toISOString(),
			lateUnregister: true,
			questionNo: 'Allergier?',
			questionEn: 'Allergies?',
			pools: [
				{ nameNo: 'Medlemmer', nameEn: 'Members', seats: 2, eligibility: 'members' },
				{ nameNo: 'Kor', nameEn: 'Choir', seats: 2, eligibility: 'units', unitIds: ['choir'] },
				{ nameNo: 'Bergen', nameEn: 'Bergen', seats: 2, eligibility: 'campus', campusId: 'bergen' }
			]
		});
		await people(on.db, ['ola']);
		await people(on.db, ['kari'], { unit: 'choir' });

		const ola = await on.registration.view(as('ola'), EVENT, minutes(1));
		expect(ola).toMatchObject({
			open: true,
			capacity: 10,
			question: { no: 'Allergier?', en: 'Allergies?' },
			unregisterBy: minutes(60).toISOString(),
			lateUnregister: true,
			mine: { status: 'none' },
			ineligible: [
				{ eligibility: 'members' },
				{ eligibility: 'units', units: [{ no: 'Choir', en: 'Choir' }] },
				{ eligibility: 'campus', campus: 'Bergen' }
			]
		});
		expect(ola?.pools.map((p) => p.name.en)).toEqual(['Members', 'Choir', 'Bergen']);
		expect((await on.registration.view(as('kari'), EVENT, minutes(1)))?.ineligible).toBeNull();
		// A visitor sees the counts; whether they may register is for when they have signed in.
		const visitor = await on.registration.view(userContext(null, null), EVENT, minutes(1));
		expect(visitor).toMatchObject({ confirmed: 0, mine: { status: 'none' }, ineligible: null });
	});

	it('an event without registration, or with it switched off, has no view', async () => {
		expect(await on.registration.view(as('x'), EVENT, minutes(1))).toBeNull();
		await saveSettings(on.registration, { enabled: false });
		expect(await on.registration.view(as('x'), EVENT, minutes(1))).toBeNull();
	});
});
