// The notifications' bulk senders: each finds who is to hear of an occasion and writes one notice
// per member through recordNotice (their choice, their language, the unsubscribe link), keyed by the
// occasion so that a run repeated (two instances, a job retried) writes nothing twice. The mails
// are left to the outbox's drain, which sends them at the bounded rate (mail/drain.ts).
// - a reminder: events starting within REMINDER_AHEAD_MS, to their confirmed attendees;
// - registration opens: events whose registration opened within OPENS_WITHIN_MS, to the members
//   of the event's unit and those following it, who are not registered already;
// - an event changed (time or place) or cancelled: to those confirmed, waiting or in the draw,
//   written by the content editor in the same transaction as the change (eventChanged).
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db';
import { isPublic } from '../content/visibility';
import { registrationLocale } from '../registration/words';
import type { NotificationKind } from './kinds';
import { noticeMail, type EventFacts, type NoticeOccasion } from './mail-words';
import { recordNotice } from './notice';

type Tx = Kysely<Database>;

export const REMINDER_AHEAD_MS = 24 * 60 * 60_000;
/** A registration that opened longer ago than this (before the site could tell) is not announced. */
export const OPENS_WITHIN_MS = 24 * 60 * 60_000;

const KIND: Record<NoticeOccasion, NotificationKind> = {
	reminder: 'reminder',
	opens: 'registration_opens',
	changed: 'event_changed',
	cancelled: 'event_changed'
};

/** The statuses of a live registration a change concerns: a seat, the waiting list, the draw. */
const LIVE = ['confirmed', 'waiting', 'entered'];

export interface EventRow {
	id: string;
	title_no: string;
	title_en: string;
	starts_at: string;
	ends_at: string;
	location: string;
}

const factsOf = (e: EventRow): EventFacts => ({
	title: { no: e.title_no, en: e.title_en },
	startsAt: e.starts_at,
	endsAt: e.ends_at,
	location: e.location
});

/**
 * Writes the occasion's notice to each of `userIds` (an account gone or without a usable address
 * is skipped); `occasionKey` tells one occasion from another. Returns how many were written.
 */
async function notify(
	db: Tx,
	occasion: NoticeOccasion,
	occasionKey: string,
	event: EventFacts,
	userIds: string[],
	now: Date
): Promise<number> {
	if (userIds.length === 0) return 0;
	const people = await db
		.selectFrom('users')
		.select(['id', 'email', 'name', 'locale'])
		.where('id', 'in', [...new Set(userIds)])
		.where('deleted_at', 'is', null)
		.execute();
	let written = 0;
	for (const person of people) {
		if (!person.email || !z.email().safeParse(person.email).success) continue;
		const locale = registrationLocale(person.locale);
		const id = await recordNotice(
			db,
			{ kind: KIND[occasion], userId: person.id, locale },
			{
				kind: `notice-${occasion}`,
				to: person.email,
				about: { userId: person.id },
				...noticeMail(occasion, locale, person.name, event)
			},
			now,
			`${occasionKey}:${person.id}`
		);
		if (id) written++;
	}
	return written;
}

/** Reminders of the public events starting within a day, to their confirmed attendees. */
export async function sendReminders(db: Tx, now: Date): Promise<number> {
	const events = await db
		.selectFrom('events')
		.innerJoin('event_registration as r', 'r.event_id', 'events.id')
		.select(['events.id', 'title_no', 'title_en', 'starts_at', 'ends_at', 'location'])
		.where('r.enabled', '=', 1)
		.where('starts_at', '>', now.toISOString())
		.where('starts_at', '<=', new Date(now.getTime() + REMINDER_AHEAD_MS).toISOString())
		.where(isPublic('events', now.toISOString()))
		.execute();
	let written = 0;
	for (const event of events) {
		const attendees = await db
			.selectFrom('registrations')
			.select('user_id')
			.where('event_id', '=', event.id)
			.where('status', '=', 'confirmed')
			.execute();
		written += await notify(
			db,
			'reminder',
			`reminder:${event.id}:${event.starts_at}`,
			factsOf(event),
			attendees.map((a) => a.user_id),
			now
		);
	}
	return written;
}

/**
 * For the public events whose registration opened within a day and is still open: the members of
 * the event's unit and its followers, but those already registered.
 */
export async function sendRegistrationOpens(db: Tx, now: Date): Promise<number> {
	const at = now.toISOString();
	const events = await db
		.selectFrom('events')
		.innerJoin('event_registration as r', 'r.event_id', 'events.id')
		.select(['events.id', 'unit_id', 'title_no', 'title_en', 'starts_at', 'ends_at', 'location'])
		.where('r.enabled', '=', 1)
		.where('events.unit_id', 'is not', null)
		.where('r.opens_at', '<=', at)
		.where('r.opens_at', '>', new Date(now.getTime() - OPENS_WITHIN_MS).toISOString())
		.where('r.closes_at', '>', at)
		.where(isPublic('events', at))
		.execute();
	let written = 0;
	for (const event of events) {
		const unitId = event.unit_id!;
		const audience = await db
			.selectFrom('team_members')
			.select('user_id')
			.where('unit_id', '=', unitId)
			.union(db.selectFrom('unit_follows').select('user_id').where('unit_id', '=', unitId))
			.execute();
		const registered = new Set(
			(
				await db
					.selectFrom('registrations')
					.select('user_id')
					.where('event_id', '=', event.id)
					.where('status', 'in', LIVE)
					.execute()
			).map((r) => r.user_id)
		);
		written += await notify(
			db,
			'opens',
			`opens:${event.id}`,
			factsOf(event),
			audience.map((a) => a.user_id).filter((id) => !registered.has(id)),
			now
		);
	}
	return written;
}

/**
 * Inside the content editor's transaction, before an event's change is written: notices to those
 * registered when its time or place changed (`after`), or when it is cancelled (`after` null:
 * removed, or taken off the public site). `version` tells one change from the next.
 */
export async function eventChanged(
	db: Tx,
	before: EventRow,
	after: EventRow | null,
	version: number,
	now: Date
): Promise<number> {
	const moved =
		after &&
		(after.starts_at !== before.starts_at ||
			after.ends_at !== before.ends_at ||
			after.location !== before.location);
	if (after && !moved) return 0;
	const registered = await db
		.selectFrom('registrations')
		.select('user_id')
		.where('event_id', '=', before.id)
		.where('status', 'in', LIVE)
		.execute();
	const occasion = after ? 'changed' : 'cancelled';
	return notify(
		db,
		occasion,
		`${occasion}:${before.id}:${version}`,
		factsOf(after ?? before),
		registered.map((r) => r.user_id),
		now
	);
}
