// Registering, unregistering and removing, each a final answer inside one transaction that holds
// the event's lock (settings.ts): the seat counts read, the row written and the promotions it
// causes are one step, so N people for K seats get exactly K seats on either engine (PostgreSQL
// READ COMMITTED queues them at the lock; SQLite has one writer). Before anything else, whatever
// came due is settled: a draw whose window closed, paid seats unpaid at their deadline (seat-orders.ts),
// seats the merge time opened.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db';
import type { RegistrationsTable } from '../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import { drawAt, drawDue, inDrawWindow, runDraw } from './draw';
import {
	isBenched,
	mayRegister,
	openingFor,
	peopleOf,
	reasonsFor,
	type Person
} from './eligibility';
import { countsOf, freeSeats, positionOf, seatFor, takeSeat, type FreeSeats } from './seats';
import { giveMark } from '../attendance/marks';
import { loadLadder } from '../attendance/ladder-store';
import { loadRegistration } from './settings';
import { NotEligible, NotOpenYet, type EventRegistration, type Mine, type Pool } from './types';
import {
	PAID_STATUSES,
	cancelSeatOrder,
	holdAgain,
	holdSeat,
	orderStatus,
	paidOrder,
	unpaidSeats
} from './seat-orders';
import { fill, type Promotion } from './waiting-list';

type Tx = Kysely<Database>;
type Row = Selectable<RegistrationsTable>;

export interface Outcome {
	mine: Mine;
	promotions: Promotion[];
}

/**
 * The draw if its window has closed, the seats unpaid at their deadline given up with their
 * orders (and those whose payment was given up before it held again), then every seat someone
 * waiting may take.
 */
export async function settle(
	db: Tx,
	registration: EventRegistration,
	now: Date
): Promise<Promotion[]> {
	if (drawDue(registration, now)) await runDraw(db, registration, now);
	const { expired, unheld } = await unpaidSeats(db, registration.eventId, now);
	for (const row of expired) await endRegistration(db, row, 'unpaid', now);
	for (const row of unheld) await holdAgain(db, registration, row, now);
	return fill(db, registration, now);
}

/** The event's registration, locked and settled; NotFound when it has none or it is off. */
export async function lockedEvent(db: Tx, eventId: string, now: Date) {
	const registration = await loadRegistration(db, eventId, { lock: true });
	if (!registration?.enabled) throw new NotFound('this event has no registration', 'unknown_event');
	return { registration, promotions: await settle(db, registration, now) };
}

export async function liveRow(db: Tx, eventId: string, userId: string): Promise<Row | undefined> {
	return db
		.selectFrom('registrations')
		.selectAll()
		.where('event_id', '=', eventId)
		.where('user_id', '=', userId)
		.where('status', '<>', 'cancelled')
		.executeTakeFirst();
}

/** The person's answer from their row; `paid` when known (a seat just given: not paid yet). */
export async function mineOf(
	db: Tx,
	registration: EventRegistration,
	row: Row | undefined,
	known: { paid?: boolean } = {}
): Promise<Mine> {
	if (!row) return { status: 'none' };
	if (row.status === 'confirmed') {
		const pool = registration.pools.find((p) => p.id === row.pool_id);
		const paid = known.paid ?? PAID_STATUSES.includes((await orderStatus(db, row)) ?? '');
		return {
			status: 'confirmed',
			pool: pool ? { id: pool.id, name: pool.name } : null,
			...(row.late ? { late: true } : {}),
			...(row.pay_by && !paid ? { payBy: row.pay_by } : {}),
			...(row.order_id ? { orderId: row.order_id } : {})
		};
	}
	if (row.status === 'entered')
		return { status: 'entered', drawAt: drawAt(registration)!.toISOString() };
	return { status: 'waiting', position: await positionOf(db, registration.eventId, row.queue) };
}

/** One member's registration among a batch: who, their answer, and when the server received it. */
export interface Ask {
	userId: string;
	answer: string | null;
	now: Date;
}

/** An ask's final answer, or the refusal it met (an ask refused leaves the others' answers). */
export type Answer = { mine: Mine } | { refused: Error };

/**
 * Registers `asks`, in the order the server received them, in one transaction under the event's
 * lock, each answered exactly as if it had held the lock alone: settled once, then the counts of
 * seats and places read once and kept as each ask is placed. A rush's registrations thus cost a
 * few statements each, not a dozen and a transaction. An ask on the other side of the opening,
 * closing, draw or merge time than the one before it settles the event again at its own time
 * first (the draw made, the seats the merge opened given to those already waiting). Seats unpaid
 * at their deadline are settled at the batch's first time (a batch spans milliseconds; the next
 * write or the minute's schedule settles what fell due inside it).
 */
export async function registerPeople(
	db: Tx,
	eventId: string,
	asks: readonly Ask[]
): Promise<{
	answers: Answer[];
	promotions: Promotion[];
	registration: EventRegistration;
	/** The seats this batch gave out as confirmed (not those asked again, nor the waiting). */
	confirmed: NewConfirmed[];
}> {
	const first = asks[0]!.now;
	const userIds = asks.map((a) => a.userId);
	const { registration, promotions } = await lockedEvent(db, eventId, first);
	const people = await peopleOf(db, userIds, first);
	let phase = phaseOf(registration, first);
	let places = await placesOf(db, registration, userIds);
	const answers: Answer[] = [];
	const confirmed: NewConfirmed[] = [];
	// The new registrations are written together (one INSERT), before anything reads them back;
	// someone asking twice in the batch gets the answer of their first ask.
	let unwritten: (NewSeat & { at: number; position: number | null })[] = [];
	const twice: [at: number, first: number][] = [];
	const write = async () => {
		await writeSeats(db, registration, unwritten);
		for (const seat of unwritten) {
			const mine: Mine =
				seat.position === null
					? await mineOf(db, registration, seat.row, { paid: false })
					: { status: 'waiting', position: seat.position };
			answers[seat.at] = { mine };
			if (mine.status === 'confirmed') {
				confirmed.push({ userId: seat.row.user_id, registrationId: seat.row.id });
			}
		}
		unwritten = [];
	};
	for (const [at, ask] of asks.entries()) {
		if (phaseOf(registration, ask.now) !== phase) {
			phase = phaseOf(registration, ask.now);
			await write();
			promotions.push(...(await settle(db, registration, ask.now)));
			places = await placesOf(db, registration, userIds);
		}
		const again = unwritten.find((seat) => seat.row.user_id === ask.userId);
		const existing = places.rows.get(ask.userId);
		const refused = existing ? null : refusal(registration, people.get(ask.userId), ask.now);
		if (again) twice.push([at, again.at]);
		else if (existing) answers[at] = { mine: await mineOf(db, registration, existing) };
		else if (refused) answers[at] = { refused };
		else unwritten.push({ at, ...place(registration, places, people.get(ask.userId)!, ask) });
	}
	await write();
	for (const [at, firstAt] of twice) answers[at] = answers[firstAt]!;
	return { answers, promotions, registration, confirmed };
}

/** A seat a batch gave out as confirmed: its confirmation mail is written in the same transaction. */
export interface NewConfirmed {
	userId: string;
	registrationId: string;
}

/** One person's registration alone (the demo's seed): its answer, or the refusal thrown. */
export async function registerPerson(
	db: Tx,
	eventId: string,
	userId: string,
	answer: string | null,
	now: Date
): Promise<Outcome> {
	const { answers, promotions } = await registerPeople(db, eventId, [{ userId, answer, now }]);
	const only = answers[0]!;
	if ('refused' in only) throw only.refused;
	return { mine: only.mine, promotions };
}

/** Which side of each of the event's times `now` is on: a change means settling again. */
function phaseOf(registration: EventRegistration, now: Date): string {
	const t = now.getTime();
	const times = [registration.opensAt, registration.closesAt, registration.mergeAt];
	const draw = drawAt(registration);
	return [...times.map((at) => at !== null && t >= Date.parse(at)), draw !== null && now >= draw]
		.map(Number)
		.join('');
}

/** Why `person` may not register now, or null when they may. */
function refusal(registration: EventRegistration, person: Person | undefined, now: Date) {
	if (now.getTime() < Date.parse(registration.opensAt)) return new NotOpenYet(registration.opensAt);
	if (now.getTime() >= Date.parse(registration.closesAt)) {
		return new Conflict('registration has closed', 'closed');
	}
	if (!person) return new NotFound('unknown person', 'unknown_person');
	if (!mayRegister(registration.pools, person))
		return new NotEligible(reasonsFor(registration.pools));
	const opening = openingFor(registration.opensAt, person);
	if (now.getTime() < Date.parse(opening)) return new NotOpenYet(opening, 'marks');
	return null;
}

/** What a batch keeps up to date as it places people: see `placesOf`. */
interface Places {
	free: FreeSeats;
	/** How many wait: a new waiting registration's position is one more. */
	waiting: number;
	/** The last arrival number given (cancelled registrations keep theirs). */
	arrival: number;
	/** The live registrations of the batch's people, by user id. */
	rows: Map<string, Row>;
}

async function placesOf(
	db: Tx,
	registration: EventRegistration,
	userIds: readonly string[]
): Promise<Places> {
	const [groups, rows] = await Promise.all([
		db
			.selectFrom('registrations')
			.select((eb) => [
				'status',
				'pool_id',
				eb.fn.countAll<number>().as('n'),
				eb.fn.max('arrival').as('last')
			])
			.where('event_id', '=', registration.eventId)
			.groupBy(['status', 'pool_id'])
			.execute(),
		db
			.selectFrom('registrations')
			.selectAll()
			.where('event_id', '=', registration.eventId)
			.where('user_id', 'in', [...new Set(userIds)])
			.where('status', '<>', 'cancelled')
			.execute()
	]);
	return {
		free: freeSeats(registration, countsOf(groups.filter((g) => g.status === 'confirmed'))),
		waiting: groups.filter((g) => g.status === 'waiting').reduce((sum, g) => sum + Number(g.n), 0),
		arrival: groups.reduce((most, g) => Math.max(most, Number(g.last ?? 0)), 0),
		rows: new Map(rows.map((r) => [r.user_id, r]))
	};
}

/**
 * The registration `person` gets: a seat, a place in line (its position) or an entry in the draw;
 * `places` is kept up to date.
 */
function place(
	registration: EventRegistration,
	places: Places,
	person: Person,
	ask: Ask
): NewSeat & { position: number | null } {
	let status: 'entered' | 'confirmed' | 'waiting' = 'entered';
	let pool: Pool | null | undefined = null;
	if (!inDrawWindow(registration, ask.now)) {
		pool = isBenched(person, registration.closesAt, ask.now)
			? undefined
			: seatFor(registration, places.free, person, ask.now);
		status = pool === undefined ? 'waiting' : 'confirmed';
		if (pool !== undefined) takeSeat(places.free, pool);
	}
	const fields = {
		status,
		poolId: pool?.id ?? null,
		answer: registration.questionNo === null ? null : ask.answer,
		member: person.member,
		now: ask.now
	};
	const row = newRow(registration.eventId, ask.userId, fields, ++places.arrival);
	places.rows.set(ask.userId, row);
	return { row, ...fields, position: status === 'waiting' ? ++places.waiting : null };
}

/**
 * A new registration, last in arrival order (the caller holds the event's lock); a seat on a paid
 * event is held by its order, at the member's price when `member`.
 */
export async function insertRegistration(
	db: Tx,
	registration: EventRegistration,
	userId: string,
	fields: SeatFields
): Promise<Row> {
	const row = newRow(
		registration.eventId,
		userId,
		fields,
		(await lastArrival(db, registration.eventId)) + 1
	);
	await writeSeats(db, registration, [{ row, ...fields }]);
	return row;
}

interface SeatFields {
	status: 'entered' | 'confirmed' | 'waiting';
	poolId: string | null;
	answer: string | null;
	member: boolean;
	now: Date;
}

/** A registration not written yet, and whether its person pays the member's price. */
type NewSeat = SeatFields & { row: Row };

function newRow(eventId: string, userId: string, fields: SeatFields, arrival: number): Row {
	return {
		id: randomUUID(),
		event_id: eventId,
		user_id: userId,
		pool_id: fields.poolId,
		status: fields.status,
		arrival,
		queue: arrival,
		answer: fields.answer,
		order_id: null,
		pay_by: null,
		late: 0,
		cancelled_reason: null,
		created_at: fields.now.toISOString(),
		updated_at: fields.now.toISOString()
	};
}

/**
 * Writes new registrations in one statement (the caller holds the event's lock and gave them
 * their arrival numbers); a seat on a paid event is then held by its order.
 */
async function writeSeats(db: Tx, registration: EventRegistration, seats: readonly NewSeat[]) {
	if (seats.length === 0) return;
	await db
		.insertInto('registrations')
		.values(seats.map((s) => s.row))
		.execute();
	for (const { row, member, now } of seats) {
		if (row.status !== 'confirmed') continue;
		const held = await holdSeat(db, registration, { id: row.id, userId: row.user_id, member }, now);
		if (held) Object.assign(row, { order_id: held.orderId, pay_by: held.payBy });
	}
}

async function lastArrival(db: Tx, eventId: string): Promise<number> {
	const last = await db
		.selectFrom('registrations')
		.select((eb) => eb.fn.max('arrival').as('n'))
		.where('event_id', '=', eventId)
		.executeTakeFirst();
	return Number(last?.n ?? 0);
}

/** Cancels a live registration, and its seat's order when it was not paid. */
async function endRegistration(db: Tx, row: Row, reason: string, now: Date, late = false) {
	await db
		.updateTable('registrations')
		.set({
			status: 'cancelled',
			cancelled_reason: reason,
			late: late ? 1 : 0,
			updated_at: now.toISOString()
		})
		.where('id', '=', row.id)
		.execute();
	await cancelSeatOrder(db, row, reason, now);
}

/** Cancels a live registration and gives what it held to the next in line. */
export async function cancelRegistration(
	db: Tx,
	registration: EventRegistration,
	row: Row,
	reason: string,
	now: Date,
	late = false
): Promise<Promotion[]> {
	await endRegistration(db, row, reason, now, late);
	return fill(db, registration, now);
}

/** A late unregistration's mark, as the ladder weighs it, counted from the event's start. */
async function markLate(db: Tx, row: Row, now: Date) {
	const event = await db
		.selectFrom('events')
		.select('starts_at')
		.where('id', '=', row.event_id)
		.executeTakeFirstOrThrow();
	const mark = {
		registrationId: row.id,
		userId: row.user_id,
		eventId: row.event_id,
		kind: 'late_unregister' as const,
		eventAt: event.starts_at
	};
	await giveMark(db, await loadLadder(db), mark, now);
}

/**
 * The person gives up their registration. A confirmed seat after the unregistration deadline only
 * when the organiser allows late unregistration, and then marked late — refused unless
 * `lateConfirmed` (the event page asks the member to confirm it first; the API takes the call as
 * the confirmation); a place in the waiting list or the draw can always be given up (it holds
 * nobody else back).
 */
export async function unregisterPerson(
	db: Tx,
	eventId: string,
	userId: string,
	now: Date,
	lateConfirmed = true
): Promise<Outcome & { late: boolean; refund: string | null }> {
	const { registration, promotions } = await lockedEvent(db, eventId, now);
	const row = await liveRow(db, eventId, userId);
	if (!row) return { mine: { status: 'none' }, promotions, late: false, refund: null };
	const late =
		row.status === 'confirmed' &&
		registration.unregisterBy !== null &&
		now.getTime() > Date.parse(registration.unregisterBy);
	if (late && !registration.lateUnregister) {
		throw new Conflict('the unregistration deadline has passed', 'unregister_closed');
	}
	if (late && !lateConfirmed) {
		throw new Invalid('a late unregistration is confirmed first', 'confirm_late');
	}
	// A paid seat's money goes back through the shop's refund, after the commit (it asks the
	// provider); the seat is given up either way.
	const paid = await paidOrder(db, row);
	const refund = registration.refundOnUnregister ? paid : null;
	const more = await cancelRegistration(db, registration, row, 'unregistered', now, late);
	if (late) await markLate(db, row, now);
	return { mine: { status: 'none' }, promotions: [...promotions, ...more], late, refund };
}
