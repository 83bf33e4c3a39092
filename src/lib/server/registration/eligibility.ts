// Who may take which seat: a pool is open to everyone signed in, to members with an active
// membership (the shop's), to the team members of given units, or to the people who named a campus
// in their profile. Read for many people at once (a waiting list), in four queries: the fourth
// is their marks, whose standing may delay their registration or put them on the waiting list.
import type { Kysely } from 'kysely';
import { personalOpening, type Standing } from '../attendance/ladder';
import { standings } from '../attendance/marks';
import type { Database } from '../db';
import { membersAmong } from '../shop/membership';
import type { IneligibleReason, Pool } from './types';

export interface Person {
	member: boolean;
	units: ReadonlySet<string>;
	campusId: string | null;
	/** Their active marks and what those mean (attendance/ladder.ts). */
	standing: Standing;
}

export async function peopleOf(
	db: Kysely<Database>,
	userIds: readonly string[],
	now: Date
): Promise<Map<string, Person>> {
	const ids = [...new Set(userIds)];
	const people = new Map<string, Person>();
	if (ids.length === 0) return people;
	const [members, teams, users, marks] = await Promise.all([
		membersAmong(db, ids, now),
		db
			.selectFrom('team_members')
			.select(['user_id', 'unit_id'])
			.where('user_id', 'in', ids)
			.execute(),
		// A deleted account is nobody: it neither registers nor is given a seat.
		db
			.selectFrom('users')
			.select(['id', 'campus_id'])
			.where('id', 'in', ids)
			.where('deleted_at', 'is', null)
			.execute(),
		standings(db, ids, now)
	]);
	for (const u of users) {
		people.set(u.id, {
			member: members.has(u.id),
			units: new Set(),
			campusId: u.campus_id,
			standing: marks.get(u.id)!
		});
	}
	for (const t of teams) (people.get(t.user_id)?.units as Set<string> | undefined)?.add(t.unit_id);
	return people;
}

export function mayTake(pool: Pool, person: Person): boolean {
	switch (pool.eligibility) {
		case 'everyone':
			return true;
		case 'members':
			return person.member;
		case 'units':
			return pool.unitIds.some((id) => person.units.has(id));
		case 'campus':
			return pool.campusId !== null && pool.campusId === person.campusId;
	}
}

/** An event without pools is open to everyone signed in; with pools, to whoever one admits. */
export const mayRegister = (pools: readonly Pool[], person: Person) =>
	pools.length === 0 || pools.some((p) => mayTake(p, person));

/** What the event's pools ask for, once each: the reasons shown to someone none admits. */
export function reasonsFor(pools: readonly Pool[]): IneligibleReason[] {
	const reasons = new Map<string, IneligibleReason>();
	for (const p of pools) {
		if (p.eligibility === 'members') reasons.set('members', { eligibility: 'members' });
		if (p.eligibility === 'units') {
			const seen = reasons.get('units');
			const unitIds = [
				...new Set([...(seen?.eligibility === 'units' ? seen.unitIds : []), ...p.unitIds])
			];
			reasons.set('units', { eligibility: 'units', unitIds });
		}
		if (p.eligibility === 'campus' && p.campusId) {
			reasons.set(`campus:${p.campusId}`, { eligibility: 'campus', campusId: p.campusId });
		}
	}
	return [...reasons.values()];
}

/** When `person`'s registration opens: the event's opening, or later by their marks' delay. */
export const openingFor = (opensAt: string, person: Person) =>
	personalOpening(opensAt, person.standing);

/**
 * Whether `person`'s marks put them on the waiting list: while registration is open they take no
 * free seat (the others registering do); once it has closed, a seat still free is theirs in turn.
 */
export const isBenched = (person: Person, closesAt: string, now: Date) =>
	person.standing.consequence?.kind === 'waitlist' && now.getTime() < Date.parse(closesAt);
