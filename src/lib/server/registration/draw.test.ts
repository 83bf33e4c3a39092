import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { shuffled } from './draw';
import { as, EVENT, eventRows, minutes, people, service, settings } from './test-fixtures';
import type { RegistrationService } from './index';

describe('the draw’s order', () => {
	it('is a permutation fixed by its seed: the same seed gives the same order, another seed another', () => {
		const items = Array.from({ length: 50 }, (_, i) => i);
		const once = shuffled(items, 'seed-a');
		expect(shuffled(items, 'seed-a')).toEqual(once);
		expect([...once].sort((a, b) => a - b)).toEqual(items);
		expect(shuffled(items, 'seed-b')).not.toEqual(once);
		expect(once).not.toEqual(items);
	});
});

describe.each(ENGINES)('a draw on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let registration: RegistrationService;
	const ids = Array.from({ length: 12 }, (_, i) => `p${String(i).padStart(2, '0')}`);

	beforeEach(async () => {
		test = await testDatabase(engine, { poolMax: 10 });
		db = test.db;
		await eventRows(db);
		registration = service(db);
		await registration.saveSettings(
			as('admin'),
			EVENT,
			settings({ capacity: 4, mode: 'draw', drawMinutes: 10 }),
			minutes(-60)
		);
		await people(db, [...ids, 'late']);
	});
	afterEach(() => test.destroy());

	const register = (id: string, at: Date) => registration.register(as(id), EVENT, {}, at);
	const stored = () =>
		db.selectFrom('event_registration').select(['draw_seed', 'drawn_at']).executeTakeFirstOrThrow();
	const line = async () =>
		(
			await db
				.selectFrom('registrations')
				.select(['user_id', 'status', 'queue'])
				.orderBy('queue')
				.execute()
		).map((r) => `${r.user_id}:${r.status}`);

	it('everyone in the window is entered, with the time of the draw; the first request after it draws, by the kept seed', async () => {
		for (const [i, id] of ids.entries()) {
			expect(await register(id, minutes(i / 2))).toEqual({
				status: 'entered',
				drawAt: minutes(10).toISOString()
			});
		}
		expect(await stored()).toEqual({ draw_seed: null, drawn_at: null });

		// The first registration after the window runs the draw, then queues behind every entry.
		expect(await register('late', minutes(11))).toEqual({ status: 'waiting', position: 9 });
		const { draw_seed, drawn_at } = await stored();
		expect(drawn_at).toBe(minutes(11).toISOString());
		const order = shuffled(ids, draw_seed!);
		expect(await line()).toEqual([
			...order.slice(0, 4).map((id) => `${id}:confirmed`),
			...order.slice(4).map((id) => `${id}:waiting`),
			'late:waiting'
		]);
		// Each was told the truth: a seat, or their place in the drawn order.
		expect((await registration.overview(as(order[5]!), EVENT, minutes(12))).mine).toEqual({
			status: 'waiting',
			position: 2
		});
		// Drawn once: nothing later draws again.
		expect(await registration.runDue(minutes(20))).toBe(0);
		expect((await stored()).draw_seed).toBe(draw_seed);
	});

	it('with no request after the window, the scheduler’s run draws, once', async () => {
		for (const [i, id] of ids.slice(0, 6).entries()) await register(id, minutes(i));
		expect(await registration.runDue(minutes(9))).toBe(0);
		expect(await registration.runDue(minutes(10))).toBe(4);
		const seed = (await stored()).draw_seed;
		expect(seed).not.toBeNull();
		expect(await registration.runDue(minutes(11))).toBe(0);
		expect((await stored()).draw_seed).toBe(seed);
	});

	it('many people after the window at once: one draw, and each of them behind every entry', async () => {
		for (const [i, id] of ids.slice(0, 6).entries()) await register(id, minutes(i));
		await people(db, ['x1', 'x2', 'x3', 'x4']);
		const after = await Promise.all(
			['x1', 'x2', 'x3', 'x4'].map((id) => register(id, minutes(11)))
		);
		expect(after.map((m) => m.status)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
		expect(after.map((m) => (m.status === 'waiting' ? m.position : 0)).sort()).toEqual([
			3, 4, 5, 6
		]);
		expect((await line()).filter((l) => l.endsWith('confirmed'))).toHaveLength(4);
	});
});
