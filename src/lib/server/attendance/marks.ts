// The marks members were given: written once per registration and kind (a no-show, a late
// unregistration), read per person for the ladder (eligibility.ts reads many at once), listed for
// their owner and the event's organisers, removed by an organiser with a reason. Callers own the
// transaction and the audit entry.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import {
	expiryOf,
	standingOf,
	weightOf,
	type Ladder,
	type MarkKind,
	type Standing
} from './ladder';
import { loadLadder } from './ladder-store';

type Tx = Kysely<Database>;

export interface NewMark {
	registrationId: string;
	userId: string;
	eventId: string;
	kind: MarkKind;
	eventAt: string;
}

/** Gives the mark the ladder sets for its kind; none when it weighs nothing or was given already. Its id, or null. */
export async function giveMark(db: Tx, ladder: Ladder, mark: NewMark, now: Date) {
	const weight = weightOf(ladder, mark.kind);
	if (weight === 0) return null;
	const id = randomUUID();
	const written = await db
		.insertInto('marks')
		.values({
			id,
			user_id: mark.userId,
			event_id: mark.eventId,
			registration_id: mark.registrationId,
			kind: mark.kind,
			weight,
			event_at: mark.eventAt,
			created_at: now.toISOString(),
			removed_at: null,
			removed_by: null,
			removed_reason: null
		})
		.onConflict((oc) => oc.columns(['registration_id', 'kind']).doNothing())
		.executeTakeFirst();
	return Number(written.numInsertedOrUpdatedRows ?? 0) > 0 ? { id, weight } : null;
}

/** The standing of each of `userIds` (every one of them, with nothing when they have no marks). */
export async function standings(
	db: Tx,
	userIds: readonly string[],
	now: Date
): Promise<Map<string, Standing>> {
	const ids = [...new Set(userIds)];
	const result = new Map<string, Standing>();
	if (ids.length === 0) return result;
	const [ladder, rows] = await Promise.all([
		loadLadder(db),
		db
			.selectFrom('marks')
			.select(['user_id', 'weight', 'event_at'])
			.where('user_id', 'in', ids)
			.where('removed_at', 'is', null)
			.execute()
	]);
	for (const id of ids) {
		const mine = rows.filter((r) => r.user_id === id);
		result.set(
			id,
			standingOf(
				ladder,
				mine.map((r) => ({ weight: r.weight, eventAt: r.event_at })),
				now
			)
		);
	}
	return result;
}

export interface MarkView {
	id: string;
	eventId: string;
	event: { no: string; en: string };
	kind: MarkKind;
	weight: number;
	eventAt: string;
	expiresAt: string;
	active: boolean;
	createdAt: string;
	removed: { at: string; reason: string } | null;
}

/** Marks, newest event first, with their expiry by the ladder now; of a person or of an event. */
export async function listMarks(
	db: Tx,
	where: { userId: string } | { eventId: string },
	now: Date
): Promise<(MarkView & { userId: string; registrationId: string })[]> {
	const ladder = await loadLadder(db);
	let query = db
		.selectFrom('marks')
		.innerJoin('events', 'events.id', 'marks.event_id')
		.selectAll('marks')
		.select(['events.title_no', 'events.title_en']);
	query =
		'userId' in where
			? query.where('marks.user_id', '=', where.userId)
			: query.where('marks.event_id', '=', where.eventId);
	const rows = await query.orderBy('marks.event_at', 'desc').orderBy('marks.id').execute();
	return rows.map((r) => {
		const expiresAt = expiryOf(ladder, r.event_at);
		return {
			id: r.id,
			userId: r.user_id,
			registrationId: r.registration_id,
			eventId: r.event_id,
			event: { no: r.title_no, en: r.title_en },
			kind: r.kind as MarkKind,
			weight: r.weight,
			eventAt: r.event_at,
			expiresAt,
			active: r.removed_at === null && Date.parse(expiresAt) > now.getTime(),
			createdAt: r.created_at,
			removed: r.removed_at === null ? null : { at: r.removed_at, reason: r.removed_reason ?? '' }
		};
	});
}

/** Marks a mark removed; false when it is unknown or already removed. */
export async function removeMark(
	db: Tx,
	id: string,
	by: { actor: string; reason: string },
	now: Date
): Promise<boolean> {
	const done = await db
		.updateTable('marks')
		.set({ removed_at: now.toISOString(), removed_by: by.actor, removed_reason: by.reason })
		.where('id', '=', id)
		.where('removed_at', 'is', null)
		.executeTakeFirst();
	return Number(done.numUpdatedRows) > 0;
}

/** What a member's marks mean at an event's page: now, and after a late unregistration from it. */
export interface MarksOutlook {
	standing: Standing;
	/** What a late unregistration from the event would weigh (0: it gives no mark). */
	lateWeight: number;
	/** When that mark would expire. */
	lateExpiresAt: string;
	/** The member's standing with that mark too. */
	afterLate: Standing;
}

export async function marksOutlook(
	db: Tx,
	userId: string,
	eventId: string,
	now: Date
): Promise<MarksOutlook> {
	const [ladder, rows, event] = await Promise.all([
		loadLadder(db),
		db
			.selectFrom('marks')
			.select(['weight', 'event_at as eventAt'])
			.where('user_id', '=', userId)
			.where('removed_at', 'is', null)
			.execute(),
		db.selectFrom('events').select('starts_at').where('id', '=', eventId).executeTakeFirstOrThrow()
	]);
	const lateWeight = weightOf(ladder, 'late_unregister');
	const late = { weight: lateWeight, eventAt: event.starts_at };
	return {
		standing: standingOf(ladder, rows, now),
		lateWeight,
		lateExpiresAt: expiryOf(ladder, event.starts_at),
		afterLate: standingOf(ladder, [...rows, late], now)
	};
}
