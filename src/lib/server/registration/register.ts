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
import { mayRegister, peopleOf, reasonsFor } from './eligibility';
import { confirmedCounts, freeSeats, positionOf, seatFor } from './seats';
import { loadRegistration } from './settings';
import { NotEligible, NotOpenYet, type EventRegistration, type Mine } from './types';
import {
	cancelSeatOrder,
	holdSeat,
	orderStatus,
	holdAgain,
	PAID_STATUSES,
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

export async function mineOf(
	db: Tx,
	registration: EventRegistration,
	row: Row | undefined
): Promise<Mine> {
	if (!row) return { status: 'none' };
	if (row.status === 'confirmed') {
		const pool = registration.pools.find((p) => p.id === row.pool_id);
		const paid = PAID_STATUSES.includes((await orderStatus(db, row)) ?? '');
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

export async function registerPerson(
	db: Tx,
	eventId: string,
	userId: string,
	answer: string | null,
	now: Date
): Promise<Outcome> {
	const { registration, promotions } = await lockedEvent(db, eventId, now);
	const existing = await liveRow(db, eventId, userId);
	if (existing) return { mine: await mineOf(db, registration, existing), promotions };
	if (now.getTime() < Date.parse(registration.opensAt)) throw new NotOpenYet(registration.opensAt);
	if (now.getTime() >= Date.parse(registration.closesAt)) {
		throw new Conflict('registration has closed', 'closed');
	}
	const person = (await peopleOf(db, [userId], now)).get(userId);
	if (!person) throw new NotFound('unknown person', 'unknown_person');
	if (!mayRegister(registration.pools, person))
		throw new NotEligible(reasonsFor(registration.pools));

	let status: 'entered' | 'confirmed' | 'waiting' = 'entered';
	let poolId: string | null = null;
	if (!inDrawWindow(registration, now)) {
		const free = freeSeats(registration, await confirmedCounts(db, eventId));
		const pool = seatFor(registration, free, person, now);
		status = pool === undefined ? 'waiting' : 'confirmed';
		poolId = pool?.id ?? null;
	}
	const row = await insertRegistration(db, registration, userId, {
		status,
		poolId,
		answer: registration.questionNo === null ? null : answer,
		member: person.member,
		now
	});
	return { mine: await mineOf(db, registration, row), promotions };
}

/**
 * A new registration, last in arrival order (the caller holds the event's lock); a seat on a paid
 * event is held by its order, at the member's price when `member`.
 */
export async function insertRegistration(
	db: Tx,
	registration: EventRegistration,
	userId: string,
	fields: {
		status: 'entered' | 'confirmed' | 'waiting';
		poolId: string | null;
		answer: string | null;
		member: boolean;
		now: Date;
	}
): Promise<Row> {
	// Not a counter on the settings row: a write there would clear every cached page
	// (db/private-tables.ts) at each registration of a rush.
	const last = await db
		.selectFrom('registrations')
		.select((eb) => eb.fn.max('arrival').as('n'))
		.where('event_id', '=', registration.eventId)
		.executeTakeFirst();
	const arrivals = Number(last?.n ?? 0) + 1;
	const row: Row = {
		id: randomUUID(),
		event_id: registration.eventId,
		user_id: userId,
		pool_id: fields.poolId,
		status: fields.status,
		arrival: arrivals,
		queue: arrivals,
		answer: fields.answer,
		order_id: null,
		pay_by: null,
		late: 0,
		cancelled_reason: null,
		created_at: fields.now.toISOString(),
		updated_at: fields.now.toISOString()
	};
	await db.insertInto('registrations').values(row).execute();
	if (fields.status === 'confirmed') {
		const held = await holdSeat(
			db,
			registration,
			{ id: row.id, userId, member: fields.member },
			fields.now
		);
		if (held) Object.assign(row, { order_id: held.orderId, pay_by: held.payBy });
	}
	return row;
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
	const paid = row.status === 'confirmed' && (await orderStatus(db, row)) === 'paid';
	const refund = paid && registration.refundOnUnregister ? row.order_id : null;
	const more = await cancelRegistration(db, registration, row, 'unregistered', now, late);
	return { mine: { status: 'none' }, promotions: [...promotions, ...more], late, refund };
}
