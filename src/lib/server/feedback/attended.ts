// Who attended an event, as the feedback asks it. At an event whose door recorded arrivals, those
// the attendance counts present or late (a confirmed seat that never came is not asked); at an
// event that never ran a check-in there is no attendance to go by, and a confirmed seat counts,
// as the marks treat such an event (attendance/attendance.ts gives no no-shows there).
import type { Kysely } from 'kysely';
import { doorRecordedSomeone } from '../attendance';
import type { Database } from '../db';

/** Whether `userId` may give feedback on the event: it has ended (`endsAt`) and they came. */
export async function hasAttended(
	db: Kysely<Database>,
	event: { id: string; endsAt: string },
	userId: string,
	now: Date
): Promise<boolean> {
	if (now.getTime() < Date.parse(event.endsAt)) return false;
	const row = await db
		.selectFrom('registrations')
		.leftJoin('attendance', 'attendance.registration_id', 'registrations.id')
		.select((eb) => ['attendance.state', doorRecordedSomeone(eb).as('door_used')])
		.where('registrations.event_id', '=', event.id)
		.where('registrations.user_id', '=', userId)
		.where('registrations.status', '=', 'confirmed')
		.executeTakeFirst();
	if (!row) return false;
	return !row.door_used || row.state === 'present' || row.state === 'late';
}
