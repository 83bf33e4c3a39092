// Who attended an event, as the feedback asks it: the one place that answers it, so that it can
// follow the door's check-in (present, late) once attendance is recorded, without touching the rest.
import type { Kysely } from 'kysely';
import type { Database } from '../db';

/** For now: the member held a confirmed seat, and the event has ended (`endsAt`). */
export async function hasAttended(
	db: Kysely<Database>,
	event: { id: string; endsAt: string },
	userId: string,
	now: Date
): Promise<boolean> {
	if (now.getTime() < Date.parse(event.endsAt)) return false;
	const row = await db
		.selectFrom('registrations')
		.select('id')
		.where('event_id', '=', event.id)
		.where('user_id', '=', userId)
		.where('status', '=', 'confirmed')
		.executeTakeFirst();
	return row !== undefined;
}
