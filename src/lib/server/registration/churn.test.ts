// Churn: random registrations, unregistrations, capacity and pool changes and removals, some of
// them at once, on a fresh event per run; afterwards the counts, the waiting list and the rule
// "nobody eligible waits beside a free seat they could take" are checked against the rows,
// with eligibility worked out here from who each person is, not by the engine's own code.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { DomainError } from '../errors';
import { as, eventRows, minutes, people, service, settings } from './test-fixtures';
import type { RegistrationService } from './index';

const MEMBERS = ['m0', 'm1', 'm2', 'm3'];
const CHOIR = ['c0', 'c1', 'c2'];
const BERGEN = ['b0', 'b1'];
const OTHERS = ['o0', 'o1', 'o2'];
const PEOPLE = [...MEMBERS, ...CHOIR, ...BERGEN, ...OTHERS];
const POOLS = ['members', 'units', 'campus', 'everyone'] as const;

/** Whom each pool admits, known from how the people were made. */
const admits = (pool: (typeof POOLS)[number], id: string) =>
	pool === 'everyone' ||
	(pool === 'members' && MEMBERS.includes(id)) ||
	(pool === 'units' && CHOIR.includes(id)) ||
	(pool === 'campus' && BERGEN.includes(id));

type Shape = { seats: [number, number, number, number]; extra: number; merged: boolean };
type Op =
	{ kind: 'register' | 'unregister' | 'remove'; who: number } | { kind: 'settings'; shape: Shape };

const shape = fc.record({
	seats: fc.tuple(fc.nat(3), fc.nat(3), fc.nat(3), fc.nat(3)),
	extra: fc.nat(2),
	merged: fc.boolean()
});
const op: fc.Arbitrary<Op> = fc.oneof(
	{
		weight: 5,
		arbitrary: fc.record({ kind: fc.constant('register' as const), who: fc.nat(PEOPLE.length - 1) })
	},
	{
		weight: 2,
		arbitrary: fc.record({
			kind: fc.constant('unregister' as const),
			who: fc.nat(PEOPLE.length - 1)
		})
	},
	{
		weight: 1,
		arbitrary: fc.record({ kind: fc.constant('remove' as const), who: fc.nat(PEOPLE.length - 1) })
	},
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('settings' as const), shape }) }
);
/** Steps of one to three operations sent at once. */
const steps = fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), {
	minLength: 1,
	maxLength: 12
});

describe.each(ENGINES)('churn on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let registration: RegistrationService;
	let run = 0;

	beforeAll(async () => {
		test = await testDatabase(engine, { poolMax: 10 });
		db = test.db;
		await eventRows(db);
		await people(db, MEMBERS, { member: true });
		await people(db, CHOIR, { unit: 'choir' });
		await people(db, BERGEN, { campus: 'bergen' });
		await people(db, OTHERS);
		registration = service(db);
	});
	afterAll(() => test.destroy());

	const AT = minutes(30);
	const settingsOf = (s: Shape, ids: string[]) =>
		settings({
			capacity: s.seats.reduce((a, b) => a + b, 0) + s.extra,
			mergeAt: s.merged ? minutes(10).toISOString() : minutes(60 * 24 * 7).toISOString(),
			closesAt: minutes(60 * 24 * 30).toISOString(),
			pools: POOLS.map((eligibility, i) => ({
				...(ids[i] ? { id: ids[i] } : {}),
				nameNo: eligibility,
				nameEn: eligibility,
				seats: s.seats[i]!,
				eligibility,
				...(eligibility === 'units' ? { unitIds: ['choir'] } : {}),
				...(eligibility === 'campus' ? { campusId: 'bergen' } : {})
			}))
		});

	async function newEvent(): Promise<string> {
		const id = `churn-${++run}`;
		const template = await db
			.selectFrom('events')
			.selectAll()
			.where('id', '=', 'ev-party')
			.executeTakeFirstOrThrow();
		await db
			.insertInto('events')
			.values({ ...template, id, slug_en: null, version: 1 })
			.execute();
		return id;
	}

	async function apply(eventId: string, o: Op, poolIds: string[]): Promise<void> {
		const who = o.kind === 'settings' ? '' : PEOPLE[o.who]!;
		try {
			if (o.kind === 'register') await registration.register(as(who), eventId, {}, AT);
			if (o.kind === 'unregister') await registration.unregister(as(who), eventId, AT);
			if (o.kind === 'remove') {
				await registration.remove(as('admin'), eventId, { userId: who, reason: 'churn' }, AT);
			}
			if (o.kind === 'settings') {
				await registration.saveSettings(as('admin'), eventId, settingsOf(o.shape, poolIds), AT);
			}
		} catch (error) {
			// Refusals are answers (not eligible, below the confirmed seats, not registered); a
			// failure of any other kind fails the run.
			if (!(error instanceof DomainError)) throw error;
		}
	}

	async function check(eventId: string, merged: boolean): Promise<void> {
		const stored = (await registration.settings(as('admin'), eventId))!;
		const rows = await db
			.selectFrom('registrations')
			.select(['user_id', 'status', 'pool_id', 'queue'])
			.where('event_id', '=', eventId)
			.where('status', '<>', 'cancelled')
			.execute();
		// One live registration per person.
		expect(new Set(rows.map((r) => r.user_id)).size).toBe(rows.length);
		const overview = await registration.overview(as('admin'), eventId, AT);
		const confirmed = rows.filter((r) => r.status === 'confirmed');
		expect(overview.confirmed).toBe(confirmed.length);
		expect(confirmed.length).toBeLessThanOrEqual(stored.capacity);
		const free = new Map<string, number>();
		for (const pool of stored.pools) {
			const direct = confirmed.filter((r) => r.pool_id === pool.id).length;
			expect(overview.pools.find((p) => p.id === pool.id)!.confirmed).toBe(direct);
			expect(direct).toBeLessThanOrEqual(pool.seats);
			free.set(pool.id, Math.min(pool.seats - direct, stored.capacity - confirmed.length));
		}
		expect(confirmed.every((r) => stored.pools.some((p) => p.id === r.pool_id))).toBe(true);

		const waiting = rows.filter((r) => r.status === 'waiting').sort((a, b) => a.queue - b.queue);
		for (const w of waiting) {
			const couldTake = stored.pools.filter(
				(p) =>
					(free.get(p.id) ?? 0) > 0 &&
					(admits(p.eligibility as (typeof POOLS)[number], w.user_id) ||
						(merged &&
							stored.pools.some((q) => admits(q.eligibility as (typeof POOLS)[number], w.user_id))))
			);
			expect(couldTake, `${w.user_id} waits beside a free seat`).toEqual([]);
		}
		const positions = [];
		for (const w of waiting) {
			const mine = (await registration.overview(as(w.user_id), eventId, AT)).mine;
			positions.push(mine.status === 'waiting' ? mine.position : -1);
		}
		expect(positions).toEqual(waiting.map((_, i) => i + 1));
	}

	it('after any mix of operations, counts match the rows, nobody eligible waits beside a free seat, and positions run 1..n', async () => {
		await fc.assert(
			fc.asyncProperty(shape, steps, async (first, batches) => {
				const eventId = await newEvent();
				await registration.saveSettings(as('admin'), eventId, settingsOf(first, []), AT);
				const poolIds = (await registration.settings(as('admin'), eventId))!.pools.map((p) => p.id);
				for (const batch of batches) {
					await Promise.all(batch.map((o) => apply(eventId, o, poolIds)));
					const now = (await registration.settings(as('admin'), eventId))!;
					await check(eventId, now.mergeAt !== null && Date.parse(now.mergeAt) <= AT.getTime());
				}
			}),
			{ numRuns: 12 }
		);
	});
});
