import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES } from '../db/test-db';
import {
	as,
	EVENT,
	everyone,
	minutes,
	people,
	settings,
	eachRegistrationDb,
	service
} from './test-fixtures';

describe.each(ENGINES)('registration settings on %s', (engine) => {
	const on = eachRegistrationDb(engine);

	const save = (extra: Parameters<typeof settings>[0] = {}, who = 'admin') =>
		on.registration.saveSettings(as(who), EVENT, settings(extra), minutes(-60));
	const stored = () => on.registration.settings(as('admin'), EVENT);

	it('saves the settings and pools, reads them back, and audits the change with before and after', async () => {
		await save({ capacity: 5, pools: [everyone('A', 3)] });
		const saved = await save({
			capacity: 8,
			mode: 'draw',
			drawMinutes: 10,
			questionNo: 'Allergier?',
			questionEn: 'Allergies?',
			pools: [
				{ ...everyone('A', 4), id: (await stored())!.pools[0]!.id },
				{ nameNo: 'Medlemmer', nameEn: 'Members', seats: 4, eligibility: 'members' }
			]
		});
		expect(saved).toMatchObject({
			capacity: 8,
			mode: 'draw',
			drawMinutes: 10,
			questionEn: 'Allergies?',
			pools: [
				{ name: { en: 'A' }, seats: 4, eligibility: 'everyone' },
				{ name: { no: 'Medlemmer' }, seats: 4, eligibility: 'members' }
			]
		});
		expect(await stored()).toEqual(saved);
		const audit = await on.db
			.selectFrom('audit_log')
			.select(['actor', 'action', 'subject_type', 'subject_id', 'details'])
			.orderBy('id')
			.execute();
		expect(audit.map((a) => [a.actor, a.subject_type, a.subject_id, a.action])).toEqual([
			['admin', 'event_registration', EVENT, 'create'],
			['admin', 'event_registration', EVENT, 'update']
		]);
		expect(JSON.parse(audit[1]!.details!)).toMatchObject({
			before: { capacity: 5, mode: 'first_come' },
			after: { capacity: 8, mode: 'draw' }
		});
	});

	describe('refusals change nothing', () => {
		beforeEach(async () => {
			await save({ capacity: 3, pools: [everyone('A', 2), everyone('B', 1)] });
			await people(on.db, ['a', 'b', 'c']);
			for (const id of ['a', 'b', 'c']) {
				await on.registration.register(as(id), EVENT, {}, minutes(1));
			}
		});

		const refused = async (extra: Parameters<typeof settings>[0], code: string) => {
			const before = await stored();
			const audits = await on.db.selectFrom('audit_log').select('id').execute();
			await expect(save(extra)).rejects.toMatchObject({ name: 'Invalid', code });
			expect(await stored()).toEqual(before);
			expect(await on.db.selectFrom('audit_log').select('id').execute()).toEqual(audits);
		};
		const pools = async () => (await stored())!.pools;

		it('a capacity below the confirmed seats', async () => {
			await refused({ capacity: 2, pools: [] }, 'capacity_below_confirmed');
		});
		it('pools with more seats than the event', async () => {
			const [a, b] = await pools();
			await refused(
				{
					capacity: 3,
					pools: [
						{ ...everyone('A', 3), id: a!.id },
						{ ...everyone('B', 1), id: b!.id }
					]
				},
				'pools_exceed_capacity'
			);
		});
		it('a pool below its confirmed seats, or dropped while it holds some', async () => {
			const [a, b] = await pools();
			await refused(
				{
					capacity: 3,
					pools: [
						{ ...everyone('A', 1), id: a!.id },
						{ ...everyone('B', 1), id: b!.id }
					]
				},
				'pool_below_confirmed'
			);
			await refused({ capacity: 3, pools: [{ ...everyone('A', 2), id: a!.id }] }, 'pool_in_use');
		});
		it('closing before opening', async () => {
			await refused({ closesAt: minutes(-1).toISOString() }, 'closes_before_opens');
		});
		it('a price when no payment provider is configured', async () => {
			await refused({ priceOtherOre: 10000 }, 'price_without_provider');
		});
		it('malformed input: a draw without its window, a question in one language only', async () => {
			await refused({ mode: 'draw' }, 'invalid');
			await refused({ questionNo: 'Allergier?' }, 'invalid');
		});
	});

	it('a price is accepted when a payment provider is configured', async () => {
		const paying = service(on.db, { canTakePayments: true });
		const saved = await paying.saveSettings(
			as('admin'),
			EVENT,
			settings({ priceMemberOre: 5000, priceOtherOre: 10000 }),
			minutes(-60)
		);
		expect(saved).toMatchObject({ priceMemberOre: 5000, priceOtherOre: 10000 });
	});

	it('only the event’s organisers may read or change them; an unknown event is not found', async () => {
		await people(on.db, ['ola']);
		await expect(save({}, 'ola')).rejects.toMatchObject({ name: 'Forbidden' });
		await expect(on.registration.settings(as('ola'), EVENT)).rejects.toMatchObject({
			name: 'Forbidden'
		});
		await expect(
			on.registration.saveSettings(as('admin'), 'nope', settings(), minutes(-60))
		).rejects.toMatchObject({ name: 'NotFound' });
		await people(on.db, ['lea']);
		await on.db
			.insertInto('team_members')
			.values({
				unit_id: 'choir',
				user_id: 'lea',
				role: 'leader',
				created_at: minutes(0).toISOString()
			})
			.execute();
		expect((await save({ capacity: 4 }, 'lea')).capacity).toBe(4);
	});
});
