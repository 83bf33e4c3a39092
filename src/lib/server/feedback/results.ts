// The organisers' figures from an event's answers: read whole (an event's attendees are hundreds
// at most) and summed here, the same on both engines.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { FeedbackAnswer, FeedbackResults } from './types';

type Summary = Pick<FeedbackResults, 'count' | 'average' | 'distribution' | 'comments'>;

export async function answersTo(db: Kysely<Database>, eventId: string): Promise<FeedbackAnswer[]> {
	return db
		.selectFrom('event_feedback')
		.select(['rating', 'comment'])
		.where('event_id', '=', eventId)
		.execute();
}

/**
 * Best rated first, then alphabetically by comment: an order that says nothing of who answered
 * when, so that an answer cannot be matched to the list of attendees by its time.
 */
export function anonymousOrder(answers: FeedbackAnswer[]): FeedbackAnswer[] {
	return [...answers].sort(
		(a, b) => b.rating - a.rating || (a.comment ?? '').localeCompare(b.comment ?? '')
	);
}

/** Count, average, answers per rating and the comments (in the anonymous order). */
export function summarise(answers: FeedbackAnswer[]): Summary {
	const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
	let sum = 0;
	for (const a of answers) {
		distribution[a.rating as 1 | 2 | 3 | 4 | 5] += 1;
		sum += a.rating;
	}
	return {
		count: answers.length,
		average: answers.length === 0 ? null : sum / answers.length,
		distribution,
		comments: anonymousOrder(answers.filter((a) => a.comment !== null))
	};
}
