// Counting seats and places: confirmed seats per pool, the seat a person could take now, and a
// waiting person's position (their rank among the waiting, so the list never has gaps). Callers
// hold the event's lock (settings.ts) when they act on what these return.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { mayRegister, mayTake, type Person } from './eligibility';
import type { EventRegistration, Pool } from './types';

type Tx = Kysely<Database>;

export interface Counts {
	total: number;
	/** Confirmed seats per pool id; seats of an event without pools are under ''. */
	byPool: Map<string, number>;
}

export async function confirmedCounts(db: Tx, eventId: string): Promise<Counts> {
	const rows = await db
		.selectFrom('registrations')
		.select((eb) => ['pool_id', eb.fn.countAll<number>().as('n')])
		.where('event_id', '=', eventId)
		.where('status', '=', 'confirmed')
		.groupBy('pool_id')
		.execute();
	return countsOf(rows);
}

/** Counts from confirmed seats counted per pool (`n` as the engine gives a count). */
export function countsOf(rows: readonly { pool_id: string | null; n: number | string }[]): Counts {
	const byPool = new Map(rows.map((r) => [r.pool_id ?? '', Number(r.n)]));
	return { total: [...byPool.values()].reduce((a, b) => a + b, 0), byPool };
}

/** Free seats: the event's and each pool's (a pool is never fuller than the event). */
export interface FreeSeats {
	total: number;
	byPool: Map<string, number>;
}

export function freeSeats(registration: EventRegistration, counts: Counts): FreeSeats {
	const total = Math.max(0, registration.capacity - counts.total);
	const byPool = new Map(
		registration.pools.map((p) => [
			p.id,
			Math.min(total, Math.max(0, p.seats - (counts.byPool.get(p.id) ?? 0)))
		])
	);
	return { total, byPool };
}

/**
 * The pool whose free seat `person` takes (null: an event without pools), or undefined when none
 * is free for them: the first pool with a free seat they may take; after the merge time, any
 * pool's free seat for anyone the event admits.
 */
export function seatFor(
	registration: EventRegistration,
	free: FreeSeats,
	person: Person,
	now: Date
): Pool | null | undefined {
	if (free.total <= 0) return undefined;
	if (registration.pools.length === 0) return null;
	const merged =
		registration.mergeAt !== null &&
		now.getTime() >= Date.parse(registration.mergeAt) &&
		mayRegister(registration.pools, person);
	return registration.pools.find(
		(p) => (free.byPool.get(p.id) ?? 0) > 0 && (merged || mayTake(p, person))
	);
}

/** Takes the seat `pool` gave out from `free`. */
export function takeSeat(free: FreeSeats, pool: Pool | null): void {
	free.total--;
	if (pool) free.byPool.set(pool.id, (free.byPool.get(pool.id) ?? 0) - 1);
	for (const [id, n] of free.byPool) free.byPool.set(id, Math.min(n, free.total));
}

/** A waiting registration's place in line: 1 + the waiting ahead of it. */
export async function positionOf(db: Tx, eventId: string, queue: number): Promise<number> {
	const row = await db
		.selectFrom('registrations')
		.select((eb) => eb.fn.countAll<number>().as('n'))
		.where('event_id', '=', eventId)
		.where('status', '=', 'waiting')
		.where('queue', '<=', queue)
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

/** How many registrations of the event have each status. */
export async function statusCounts(db: Tx, eventId: string): Promise<Record<string, number>> {
	const rows = await db
		.selectFrom('registrations')
		.select((eb) => ['status', eb.fn.countAll<number>().as('n')])
		.where('event_id', '=', eventId)
		.groupBy('status')
		.execute();
	return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
