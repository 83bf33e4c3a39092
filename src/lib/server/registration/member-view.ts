// What a member sees beyond an event's counts: why they may not register (what the pools ask
// for, with the names a page shows) and which events they hold a registration of. Reads only;
// the service settles a due draw before it answers (index.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { mayRegister, peopleOf, reasonsFor } from './eligibility';
import type { EventRegistration, NamedReason } from './types';

type Tx = Kysely<Database>;

/** What the pools ask for that `userId` lacks, in names; null when some pool admits them. */
export async function ineligibility(
	db: Tx,
	registration: EventRegistration,
	userId: string,
	now: Date
): Promise<NamedReason[] | null> {
	const person = (await peopleOf(db, [userId], now)).get(userId);
	if (!person || mayRegister(registration.pools, person)) return null;
	const reasons = reasonsFor(registration.pools);
	const unitIds = reasons.flatMap((r) => (r.eligibility === 'units' ? r.unitIds : []));
	const campusIds = reasons.flatMap((r) => (r.eligibility === 'campus' ? [r.campusId] : []));
	const [units, campuses] = await Promise.all([
		unitIds.length === 0
			? []
			: db
					.selectFrom('units')
					.select(['id', 'name_no', 'name_en'])
					.where('id', 'in', unitIds)
					.execute(),
		campusIds.length === 0
			? []
			: db.selectFrom('campuses').select(['id', 'name']).where('id', 'in', campusIds).execute()
	]);
	const unitName = new Map(units.map((u) => [u.id, { no: u.name_no, en: u.name_en }]));
	const campusName = new Map(campuses.map((c) => [c.id, c.name]));
	return reasons.map((r): NamedReason => {
		if (r.eligibility === 'units') {
			return {
				eligibility: 'units',
				units: r.unitIds.map((id) => unitName.get(id) ?? { no: id, en: id })
			};
		}
		if (r.eligibility === 'campus') {
			return { eligibility: 'campus', campus: campusName.get(r.campusId) ?? r.campusId };
		}
		return r;
	});
}

/** The person's live registrations of events that end after `endedAfter`, soonest first. */
export function liveRegistrationsOf(db: Tx, userId: string, endedAfter: Date) {
	return db
		.selectFrom('registrations')
		.innerJoin('events', 'events.id', 'registrations.event_id')
		.selectAll('registrations')
		.select(['events.slug_en', 'events.title_no', 'events.title_en', 'events.starts_at'])
		.where('registrations.user_id', '=', userId)
		.where('registrations.status', '<>', 'cancelled')
		.where('events.ends_at', '>', endedAfter.toISOString())
		.orderBy('events.starts_at')
		.orderBy('events.id')
		.execute();
}
