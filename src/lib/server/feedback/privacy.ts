// A member's feedback in their data export, and gone with their account.
import type { Kysely } from 'kysely';
import type { Database } from '../db';

/** Their answers, with the event each is about. */
export async function feedbackOf(db: Kysely<Database>, userId: string) {
	const rows = await db
		.selectFrom('event_feedback')
		.innerJoin('events', 'events.id', 'event_feedback.event_id')
		.select(['event_feedback.event_id', 'events.title_no', 'events.title_en'])
		.select(['rating', 'comment', 'event_feedback.created_at', 'event_feedback.updated_at'])
		.where('user_id', '=', userId)
		.orderBy('event_feedback.created_at')
		.execute();
	return rows.map((r) => ({
		eventId: r.event_id,
		event: { no: r.title_no, en: r.title_en },
		rating: r.rating,
		comment: r.comment,
		createdAt: r.created_at,
		updatedAt: r.updated_at
	}));
}

/** Inside the deletion's transaction: their answers go with the account, figures and all. */
export async function forgetFeedback(trx: Kysely<Database>, userId: string): Promise<void> {
	await trx.deleteFrom('event_feedback').where('user_id', '=', userId).execute();
}
