// The demo's registrations as a member finds them on a fresh machine, read through the engine on
// both engines: one open with two pools and seats left, one opening tomorrow at noon (Oslo), one
// with a member and a non-member price when payments can be taken, one full with a waiting list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, testDatabase, type TestDatabase } from './test-db';
import { userRow } from './test-rows';
import { seedDemo } from './seed';
import { ADMIN, as, service } from '../registration/test-fixtures';
import type { RegistrationService } from '../registration';

const NOW = new Date('2026-11-28T09:30:00.000Z');
const LATER = new Date('2026-11-28T10:30:00.000Z');

describe.each(ENGINES)('the demo registrations on %s', (engine) => {
	let test: TestDatabase;
	let registration: RegistrationService;
	let withoutPayments: TestDatabase;

	beforeAll(async () => {
		test = await testDatabase(engine);
		await seedDemo(test.db, NOW, { canTakePayments: true });
		await test.db.insertInto('users').values(userRow(ADMIN)).execute();
		registration = service(test.db, { canTakePayments: true });
		withoutPayments = await testDatabase(engine);
		await seedDemo(withoutPayments.db, NOW);
	});
	afterAll(async () => {
		await test.destroy();
		await withoutPayments.destroy();
	});

	const titles = (id: string) =>
		test.db
			.selectFrom('events')
			.select(['title_no', 'title_en', 'starts_at'])
			.where('id', '=', id)
			.executeTakeFirstOrThrow();

	it('has a free event open now in two pools, named in both languages, with seats left', async () => {
		const overview = await registration.overview(as('visitor'), 'evt-quiz', LATER);
		expect(overview.open).toBe(true);
		expect(overview.pools).toHaveLength(2);
		for (const pool of overview.pools) {
			expect(pool.name.no).not.toBe(pool.name.en);
			expect(pool.confirmed).toBeLessThan(pool.capacity);
		}
		expect(overview.confirmed).toBeGreaterThan(0);
		expect(overview.confirmed).toBeLessThan(overview.capacity);
		const settings = (await registration.settings(as(ADMIN), 'evt-quiz'))!;
		expect([settings.priceMemberOre, settings.priceOtherOre]).toEqual([null, null]);
		const { title_no, title_en } = await titles('evt-quiz');
		expect([title_no, title_en]).toEqual(['Quizkveld', 'Quiz night']);
	});

	it('has an event opening tomorrow at 12:00 in Oslo, not open yet', async () => {
		const overview = await registration.overview(as('visitor'), 'evt-cabin-trip', LATER);
		expect(overview.open).toBe(false);
		expect(overview.opensAt).toBe('2026-11-29T11:00:00.000Z');
		expect(overview.confirmed).toBe(0);
		const { title_no, title_en } = await titles('evt-cabin-trip');
		expect([title_no, title_en]).toEqual(['Hyttetur til Oppdal', 'Cabin trip to Oppdal']);
	});

	it('has a paid event with a member and a non-member price, open now', async () => {
		const overview = await registration.overview(as('visitor'), 'evt-gala', LATER);
		expect(overview.open).toBe(true);
		const settings = (await registration.settings(as(ADMIN), 'evt-gala'))!;
		expect(settings.priceMemberOre).toBeGreaterThan(0);
		expect(settings.priceOtherOre).toBeGreaterThan(settings.priceMemberOre!);
		expect(settings.questionNo).toEqual(expect.any(String));
		expect(settings.questionEn).toEqual(expect.any(String));
		const { title_no, title_en } = await titles('evt-gala');
		expect([title_no, title_en]).toEqual(['Vintergalla', 'Winter gala']);
	});

	it('has a full event whose demo members are confirmed and waiting, in order', async () => {
		const overview = await registration.overview(as('visitor'), 'evt-cooking', LATER);
		expect(overview.open).toBe(true);
		expect(overview.confirmed).toBe(overview.capacity);
		expect(overview.waiting).toBeGreaterThan(0);
		const waiting = await test.db
			.selectFrom('registrations')
			.select('user_id')
			.where('event_id', '=', 'evt-cooking')
			.where('status', '=', 'waiting')
			.orderBy('queue')
			.execute();
		const positions = [];
		for (const w of waiting) {
			const { mine } = await registration.overview(as(w.user_id), 'evt-cooking', LATER);
			positions.push(mine.status === 'waiting' ? mine.position : null);
		}
		expect(positions).toEqual(waiting.map((_, i) => i + 1));
		const { title_no, title_en } = await titles('evt-cooking');
		expect([title_no, title_en]).toEqual(['Matlagingskurs', 'Cooking class']);
	});

	it('keeps every demo event ahead of the seeding moment, so it stays demonstrable', async () => {
		for (const id of ['evt-quiz', 'evt-cabin-trip', 'evt-gala', 'evt-cooking']) {
			const { starts_at } = await titles(id);
			expect(Date.parse(starts_at)).toBeGreaterThan(NOW.getTime() + 7 * 86_400_000);
		}
	});

	it('gives the paid event no registration where no payment provider is configured', async () => {
		const paid = await withoutPayments.db
			.selectFrom('event_registration')
			.select('event_id')
			.where('event_id', '=', 'evt-gala')
			.executeTakeFirst();
		expect(paid).toBeUndefined();
		const others = await withoutPayments.db
			.selectFrom('event_registration')
			.select('event_id')
			.orderBy('event_id')
			.execute();
		expect(others.map((r) => r.event_id)).toEqual(['evt-cabin-trip', 'evt-cooking', 'evt-quiz']);
	});
});
