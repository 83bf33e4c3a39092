// A member's attendance and marks in their data export, and gone with their account (before
// their registrations, which the attendance rows name).
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { listMarks } from './marks';

type Tx = Kysely<Database>;

export async function attendanceAndMarksOf(db: Tx, userId: string, now: Date) {
	const [attendance, marks] = await Promise.all([
		db
			.selectFrom('attendance')
			.select(['event_id', 'state', 'arrived_at', 'reason', 'updated_at'])
			.where('user_id', '=', userId)
			.orderBy('updated_at')
			.execute(),
		listMarks(db, { userId }, now)
	]);
	return {
		attendance: attendance.map((a) => ({
			eventId: a.event_id,
			state: a.state,
			arrivedAt: a.arrived_at,
			// An organiser's reason for a state set by hand is about them, and theirs to see.
			reason: a.reason,
			updatedAt: a.updated_at
		})),
		marks: marks.map(({ userId: _u, registrationId: _r, ...m }) => m)
	};
}

export async function forgetAttendance(db: Tx, userId: string): Promise<void> {
	await db.deleteFrom('attendance').where('user_id', '=', userId).execute();
	await db.deleteFrom('marks').where('user_id', '=', userId).execute();
}
