// The answers to an event's question (dietary needs, access) are kept only until the set number of
// days after the event ends; the cleanup erases them then and keeps the registrations.
import type { Db } from '../db';

const DAY_MS = 86_400_000;

/** Erases the answers whose keeping time has run out; returns how many. */
export async function eraseOldAnswers(db: Db, now: Date): Promise<number> {
	// Few events have registration; the end plus a per-event number of days is worked out here
	// rather than in two engines' date arithmetic.
	const events = await db
		.selectFrom('event_registration')
		.innerJoin('events', 'events.id', 'event_registration.event_id')
		.select([
			'event_registration.event_id',
			'events.ends_at',
			'event_registration.answer_keep_days'
		])
		.where('events.ends_at', '<', now.toISOString())
		.where((eb) =>
			eb.exists(
				eb
					.selectFrom('registrations')
					.select('registrations.id')
					.whereRef('registrations.event_id', '=', 'event_registration.event_id')
					.where('registrations.answer', 'is not', null)
			)
		)
		.execute();
	let erased = 0;
	for (const e of events) {
		if (Date.parse(e.ends_at) + e.answer_keep_days * DAY_MS >= now.getTime()) continue;
		const result = await db
			.updateTable('registrations')
			.set({ answer: null })
			.where('event_id', '=', e.event_id)
			.where('answer', 'is not', null)
			.executeTakeFirst();
		erased += Number(result.numUpdatedRows);
	}
	return erased;
}
