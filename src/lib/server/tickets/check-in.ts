// One check-in: a ticket read, matched to the event, its seat confirmed still held, and the
// registration's row in check_ins written once. The insert is the one decision: whoever's insert
// lands first (a scan, or either of two doors syncing the same ticket) made the check-in, every
// later one reads that row and is told `already`, so a replayed queue changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { CheckInResponse, TicketRefusal } from '$lib/schemas/check-in';
import type { SigningKeys } from '../crypto/keyring';
import { holders, personOf } from './seats';
import { readTicket } from './token';

type Tx = Kysely<Database>;

export interface CheckIn {
	registrationId: string;
	eventId: string;
	door: string;
	by: string;
	at: string;
}

/**
 * Stores the check-in of a registration unless it has one; true when this call made it. The one
 * function that writes a check-in, for the scan, the sync and whoever records arrivals from it.
 */
export async function recordCheckIn(db: Tx, checkIn: CheckIn, now: Date): Promise<boolean> {
	const inserted = await db
		.insertInto('check_ins')
		.values({
			registration_id: checkIn.registrationId,
			event_id: checkIn.eventId,
			door: checkIn.door,
			checked_by: checkIn.by,
			at: checkIn.at,
			recorded_at: now.toISOString()
		})
		.onConflict((oc) => oc.column('registration_id').doNothing())
		.executeTakeFirst();
	return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export type Admission =
	{ ok: true; checkIn: CheckInResponse; made: CheckIn | null } | { ok: false; code: TicketRefusal };

/** Checks `token` in at `eventId`'s door; `made` is the check-in this call wrote, if any. */
export async function admit(
	db: Tx,
	keys: SigningKeys,
	scan: { eventId: string; token: string; door: string; by: string; at: string },
	now: Date
): Promise<Admission> {
	const read = readTicket(keys, scan.token);
	if (!read.ok)
		return { ok: false, code: read.fault === 'malformed' ? 'malformed_ticket' : 'forged_ticket' };
	const { eventId, registrationId } = read.claims;
	if (eventId !== scan.eventId) return { ok: false, code: 'other_event' };
	const seat = () =>
		holders(db, eventId).where('registrations.id', '=', registrationId).executeTakeFirst();
	const before = await seat();
	if (!before) return { ok: false, code: 'ticket_not_valid' };
	const made: CheckIn = { registrationId, eventId, door: scan.door, by: scan.by, at: scan.at };
	const first = await recordCheckIn(db, made, now);
	const row = first ? before : await seat();
	return {
		ok: true,
		checkIn: {
			outcome: first ? 'checked_in' : 'already',
			person: personOf(before),
			at: first ? scan.at : row!.checked_in_at!,
			door: first ? scan.door : row!.checked_in_door!
		},
		made: first ? made : null
	};
}
