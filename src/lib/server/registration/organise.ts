// What an organiser does to the lists by hand: add a person by their account's e-mail, move a
// person to a seat in another pool, and read the lists (attendees per pool, the waiting list in
// order, the draw's seed and order). Add and move run in the caller's transaction under the
// event's lock (lockedEvent), like a removal; who may do them is the service's (index.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { Conflict, NotFound } from '../errors';
import { drawAt } from './draw';
import { peopleOf } from './eligibility';
import { insertRegistration, liveRow } from './register';
import { holdSeat, MONEY_IN } from './seat-orders';
import { confirmedCounts, freeSeats, type Counts } from './seats';
import type { Attendee, AttendeeLists, EventRegistration, Pool } from './types';
import { fill, type Promotion } from './waiting-list';

type Tx = Kysely<Database>;

function poolOf(registration: EventRegistration, poolId: string): Pool {
	const pool = registration.pools.find((p) => p.id === poolId);
	if (!pool) throw new NotFound('this event has no such pool', 'unknown_pool');
	return pool;
}

/** Free seats in `pool` for someone who holds no seat yet (the event's free seats bound it). */
const freeIn = (registration: EventRegistration, counts: Counts, pool: Pool) =>
	freeSeats(registration, counts).byPool.get(pool.id) ?? 0;

/**
 * Adds the person with account `email`: to `poolId` when named (refused when it is full), else
 * to the first pool with a free seat, else to the end of the waiting list. The organiser's choice
 * stands over the pools' eligibility.
 */
export async function addPerson(
	db: Tx,
	registration: EventRegistration,
	input: { email: string; poolId: string | null },
	now: Date
): Promise<{
	registrationId: string;
	userId: string;
	status: 'confirmed' | 'waiting';
	poolId: string | null;
}> {
	const user = await db
		.selectFrom('users')
		.select('id')
		.where('email', '=', input.email)
		.where('is_anonymous', '=', 0)
		.where('deleted_at', 'is', null)
		.executeTakeFirst();
	if (!user) throw new NotFound('no account has this e-mail address', 'unknown_user');
	if (await liveRow(db, registration.eventId, user.id)) {
		throw new Conflict('this person is already registered', 'already_registered');
	}
	const counts = await confirmedCounts(db, registration.eventId);
	let poolId: string | null = null;
	let status: 'confirmed' | 'waiting' = 'waiting';
	if (input.poolId !== null) {
		const pool = poolOf(registration, input.poolId);
		if (freeIn(registration, counts, pool) <= 0)
			throw new Conflict('this pool is full', 'pool_full');
		[poolId, status] = [pool.id, 'confirmed'];
	} else {
		const free = freeSeats(registration, counts);
		const pool = registration.pools.find((p) => (free.byPool.get(p.id) ?? 0) > 0);
		if (registration.pools.length === 0 ? free.total > 0 : pool) {
			[poolId, status] = [pool?.id ?? null, 'confirmed'];
		}
	}
	const row = await insertRegistration(db, registration, user.id, {
		status,
		poolId,
		answer: null,
		member: await isMember(db, user.id, now),
		now
	});
	return { registrationId: row.id, userId: user.id, status, poolId };
}

/**
 * Moves a registered person to a seat in another pool of the event: someone confirmed keeps
 * their seat in the event and changes pool, someone waiting gets the seat. Refused when the pool
 * is full or is theirs already. The seat left behind goes to the next in line.
 */
export async function movePerson(
	db: Tx,
	registration: EventRegistration,
	input: { userId: string; poolId: string },
	now: Date
): Promise<{
	registrationId: string;
	userId: string;
	from: string | null;
	status: string;
	promotions: Promotion[];
}> {
	const pool = poolOf(registration, input.poolId);
	const row = await liveRow(db, registration.eventId, input.userId);
	if (!row) throw new NotFound('this person is not registered', 'not_registered');
	if (row.status === 'confirmed' && row.pool_id === pool.id) {
		throw new Conflict('this person already has a seat in this pool', 'same_pool');
	}
	const counts = await confirmedCounts(db, registration.eventId);
	const free =
		row.status === 'confirmed'
			? pool.seats - (counts.byPool.get(pool.id) ?? 0)
			: freeIn(registration, counts, pool);
	if (free <= 0) throw new Conflict('this pool is full', 'pool_full');
	await db
		.updateTable('registrations')
		.set({ status: 'confirmed', pool_id: pool.id, updated_at: now.toISOString() })
		.where('id', '=', row.id)
		.execute();
	// A seat given from the waiting list on a paid event is held by its order, as a promotion's.
	if (row.status !== 'confirmed') {
		const seat = { id: row.id, userId: row.user_id, member: await isMember(db, row.user_id, now) };
		await holdSeat(db, registration, seat, now);
	}
	return {
		registrationId: row.id,
		userId: row.user_id,
		from: row.pool_id,
		status: row.status,
		promotions: await fill(db, registration, now)
	};
}

/** The event's live registrations with the people's names and whether their seat is paid. */
export async function attendeeLists(
	db: Tx,
	registration: EventRegistration
): Promise<AttendeeLists> {
	const rows = await db
		.selectFrom('registrations')
		.innerJoin('users', 'users.id', 'registrations.user_id')
		.leftJoin('orders', 'orders.id', 'registrations.order_id')
		.select([
			'registrations.id',
			'registrations.user_id',
			'registrations.status',
			'registrations.pool_id',
			'registrations.answer',
			'registrations.late',
			'registrations.queue',
			'registrations.created_at',
			'registrations.order_id',
			'users.name',
			'users.email',
			'orders.status as order_status'
		])
		.where('registrations.event_id', '=', registration.eventId)
		.orderBy('registrations.queue')
		.execute();
	const attendee = (r: (typeof rows)[number]): Attendee => ({
		registrationId: r.id,
		userId: r.user_id,
		name: r.name,
		email: r.email,
		answer: r.answer,
		poolId: r.status === 'confirmed' ? r.pool_id : null,
		paid: r.order_id === null ? null : MONEY_IN.includes(r.order_status ?? ''),
		late: r.late === 1
	});
	const live = rows.filter((r) => r.status !== 'cancelled');
	const windowEnd = drawAt(registration);
	const drawn =
		registration.drawSeed && registration.drawnAt && windowEnd
			? rows.filter((r) => Date.parse(r.created_at) < windowEnd.getTime())
			: [];
	return {
		registration,
		confirmed: live.filter((r) => r.status === 'confirmed').map(attendee),
		waiting: live
			.filter((r) => r.status === 'waiting')
			.map((r, i) => ({ ...attendee(r), position: i + 1 })),
		entered: live.filter((r) => r.status === 'entered').map(attendee),
		draw:
			registration.drawSeed && registration.drawnAt
				? {
						seed: registration.drawSeed,
						at: registration.drawnAt,
						order: drawn.map((r, i) => ({ place: i + 1, name: r.name, status: r.status }))
					}
				: null,
		counts: await confirmedCounts(db, registration.eventId)
	};
}

/** What the settings form offers: the event's title and start, the units and campuses a pool may name. */
export async function editorChoices(db: Tx, eventId: string) {
	const [event, units, campuses] = await Promise.all([
		db
			.selectFrom('events')
			.select(['title_no', 'title_en', 'starts_at'])
			.where('id', '=', eventId)
			.executeTakeFirstOrThrow(),
		db
			.selectFrom('units')
			.select(['id', 'name_no', 'name_en'])
			.orderBy('sort')
			.orderBy('id')
			.execute(),
		db.selectFrom('campuses').select(['id', 'name']).orderBy('sort').execute()
	]);
	return {
		title: { no: event.title_no, en: event.title_en },
		startsAt: event.starts_at,
		units: units.map((u) => ({ id: u.id, name: { no: u.name_no, en: u.name_en } })),
		campuses: campuses.map((c) => ({ id: c.id, name: c.name }))
	};
}

/** Whether the person pays the member's price (an active membership now). */
async function isMember(db: Tx, userId: string, now: Date): Promise<boolean> {
	return (await peopleOf(db, [userId], now)).get(userId)?.member ?? false;
}
