// Who came: each confirmed registration of an event is present, late or a no-show. An arrival
// comes from the door's check-in (recordArrival: present, or late after the start and the ladder's
// grace); the organiser may set a state by hand with a reason. A confirmed registration without an
// arrival becomes a no-show, with its mark, once the event has ended (settleNoShows, from the
// minute's schedule) — but only at an event whose door recorded someone: an event that never ran
// a check-in has no attendance to judge, and its attendees get no marks.
import type { ExpressionBuilder, Kysely } from 'kysely';
import { record } from '../audit';
import type { Database } from '../db';
import { NotFound } from '../errors';
import { isLate, type Ladder } from './ladder';
import { loadLadder } from './ladder-store';
import { giveMark } from './marks';

type Tx = Kysely<Database>;

export const STATES = ['present', 'late', 'no_show'] as const;
export type AttendanceState = (typeof STATES)[number];

/** A confirmed registration with its event's times; NotFound for any other. */
async function confirmedRegistration(db: Tx, registrationId: string) {
	const row = await db
		.selectFrom('registrations')
		.innerJoin('events', 'events.id', 'registrations.event_id')
		.select([
			'registrations.id',
			'registrations.event_id',
			'registrations.user_id',
			'events.starts_at',
			'events.ends_at'
		])
		.where('registrations.id', '=', registrationId)
		.where('registrations.status', '=', 'confirmed')
		.executeTakeFirst();
	if (!row) throw new NotFound('no confirmed registration', 'unknown_registration');
	return row;
}

async function writeState(
	db: Tx,
	row: { id: string; event_id: string; user_id: string },
	state: AttendanceState,
	fields: { arrivedAt: string | null; reason: string | null },
	now: Date
) {
	const values = {
		state,
		arrived_at: fields.arrivedAt,
		reason: fields.reason,
		updated_at: now.toISOString()
	};
	await db
		.insertInto('attendance')
		.values({ registration_id: row.id, event_id: row.event_id, user_id: row.user_id, ...values })
		.onConflict((oc) => oc.column('registration_id').doUpdateSet(values))
		.execute();
}

/**
 * The door checked the registration in at `at`: present, or late after the event's start and
 * the ladder's grace. The first arrival stands (two doors syncing the same ticket count it once),
 * and a no-show settled before the arrival synced is corrected, its mark removed.
 */
export async function recordArrival(
	trx: Tx,
	{ registrationId, at }: { registrationId: string; at: Date }
): Promise<AttendanceState> {
	const row = await confirmedRegistration(trx, registrationId);
	const existing = await trx
		.selectFrom('attendance')
		.select(['state', 'arrived_at'])
		.where('registration_id', '=', registrationId)
		.executeTakeFirst();
	if (existing?.arrived_at) return existing.state as AttendanceState;
	const ladder = await loadLadder(trx);
	const state = isLate(ladder, row.starts_at, at) ? 'late' : 'present';
	await writeState(trx, row, state, { arrivedAt: at.toISOString(), reason: null }, at);
	await trx
		.updateTable('marks')
		.set({ removed_at: at.toISOString(), removed_by: 'check-in', removed_reason: 'arrived' })
		.where('registration_id', '=', registrationId)
		.where('kind', '=', 'no_show')
		.where('removed_at', 'is', null)
		.execute();
	return state;
}

/**
 * An organiser sets a registration's state with a reason (audited by the caller): a no-show gets
 * its mark; a no-show corrected to present or late loses it (removed with the same reason).
 */
export async function setState(
	db: Tx,
	input: { registrationId: string; state: AttendanceState; reason: string },
	actor: string,
	now: Date
) {
	const row = await confirmedRegistration(db, input.registrationId);
	const before = await db
		.selectFrom('attendance')
		.select(['state', 'arrived_at'])
		.where('registration_id', '=', row.id)
		.executeTakeFirst();
	await writeState(
		db,
		row,
		input.state,
		{
			arrivedAt: input.state === 'no_show' ? null : (before?.arrived_at ?? null),
			reason: input.reason
		},
		now
	);
	if (input.state === 'no_show') {
		await giveMark(db, await loadLadder(db), markOf(row), now);
	} else {
		await db
			.updateTable('marks')
			.set({ removed_at: now.toISOString(), removed_by: actor, removed_reason: input.reason })
			.where('registration_id', '=', row.id)
			.where('kind', '=', 'no_show')
			.where('removed_at', 'is', null)
			.execute();
	}
	return {
		registrationId: row.id,
		eventId: row.event_id,
		userId: row.user_id,
		before: before?.state ?? null
	};
}

const markOf = (row: { id: string; event_id: string; user_id: string; starts_at: string }) => ({
	registrationId: row.id,
	userId: row.user_id,
	eventId: row.event_id,
	kind: 'no_show' as const,
	eventAt: row.starts_at
});

/**
 * Whether the registration's event ran a check-in: its door recorded an arrival. The line between
 * an event whose attendance is judged (no-shows, who may give feedback) and one that has none.
 */
export const doorRecordedSomeone = (eb: ExpressionBuilder<Database, 'registrations'>) =>
	eb.exists(
		eb
			.selectFrom('attendance as door')
			.select('door.registration_id')
			.whereRef('door.event_id', '=', 'registrations.event_id')
			.where('door.arrived_at', 'is not', null)
	);

/** How long after an event's end its no-shows are still settled (a stopped scheduler catches up). */
const SETTLE_WINDOW_MS = 7 * 86_400_000;

/**
 * The confirmed attendees without an arrival of events that ended (in the last week) and whose
 * door recorded someone become no-shows, each with a mark, audited as the schedule's. Idempotent;
 * returns how many.
 */
export async function settleNoShows(db: Tx, ladder: Ladder, now: Date): Promise<number> {
	const at = now.toISOString();
	const rows = await db
		.selectFrom('registrations')
		.innerJoin('events', 'events.id', 'registrations.event_id')
		.leftJoin('attendance', 'attendance.registration_id', 'registrations.id')
		.select([
			'registrations.id',
			'registrations.event_id',
			'registrations.user_id',
			'events.starts_at'
		])
		.where('registrations.status', '=', 'confirmed')
		.where('attendance.registration_id', 'is', null)
		.where('events.ends_at', '<=', at)
		.where('events.ends_at', '>', new Date(now.getTime() - SETTLE_WINDOW_MS).toISOString())
		.where(doorRecordedSomeone)
		.execute();
	for (const row of rows) {
		await writeState(db, row, 'no_show', { arrivedAt: null, reason: null }, now);
		const mark = await giveMark(db, ladder, markOf(row), now);
		await record(db, {
			actor: 'system:registration-due',
			subjectType: 'registration',
			subjectId: row.id,
			action: 'no_show',
			details: { eventId: row.event_id, userId: row.user_id, ...(mark && { mark: mark.weight }) },
			at: now
		});
	}
	return rows.length;
}

export interface AttendanceRow {
	registrationId: string;
	userId: string;
	name: string;
	state: AttendanceState | null;
	arrivedAt: string | null;
	reason: string | null;
}

/** The event's confirmed attendees with their state (null: not settled yet), by name. */
export async function attendanceOf(db: Tx, eventId: string): Promise<AttendanceRow[]> {
	const rows = await db
		.selectFrom('registrations')
		.innerJoin('users', 'users.id', 'registrations.user_id')
		.leftJoin('attendance', 'attendance.registration_id', 'registrations.id')
		.select([
			'registrations.id',
			'registrations.user_id',
			'users.name',
			'attendance.state',
			'attendance.arrived_at',
			'attendance.reason'
		])
		.where('registrations.event_id', '=', eventId)
		.where('registrations.status', '=', 'confirmed')
		.orderBy('users.name')
		.orderBy('registrations.id')
		.execute();
	return rows.map((r) => ({
		registrationId: r.id,
		userId: r.user_id,
		name: r.name ?? '',
		state: (r.state as AttendanceState | null) ?? null,
		arrivedAt: r.arrived_at,
		reason: r.reason
	}));
}
