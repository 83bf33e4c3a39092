// Who is on a unit's team as the public pages show it — the unit's team tab, the campus leadership
// (page and API), the assistant's knowledge — read from the team roles, the one record of who is on
// a team (the roles module decides with the same rows). Names, roles and public titles only: an
// account's address is its owner's, not the unit's, and is never published.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { UnitRole } from './types';

export interface PublicTeamMember {
	unitId: string;
	campusId: string;
	userId: string;
	name: string;
	role: UnitRole;
	/** Shown instead of the role's word when set ("Campusleder"); per language. */
	title: { no: string | null; en: string | null };
}

/** Leaders first, then finance, then members. */
const RANK: Record<string, number> = { leader: 0, finance: 1, member: 2 };

/**
 * The team of one unit, or of every unit (of one campus), optionally only some roles: units in
 * their order, people by role and then by name. Deleted accounts are not anyone's team.
 */
export async function publicTeam(
	db: Kysely<Database>,
	filter: { unitId?: string; campusId?: string; roles?: readonly UnitRole[] } = {}
): Promise<PublicTeamMember[]> {
	let query = db
		.selectFrom('team_members as t')
		.innerJoin('users as u', 'u.id', 't.user_id')
		.innerJoin('units as n', 'n.id', 't.unit_id')
		.select([
			't.unit_id',
			'n.campus_id',
			'n.sort',
			't.user_id',
			'u.name',
			't.role',
			't.title_no',
			't.title_en'
		])
		.where('u.deleted_at', 'is', null);
	if (filter.unitId) query = query.where('t.unit_id', '=', filter.unitId);
	if (filter.campusId) query = query.where('n.campus_id', '=', filter.campusId);
	if (filter.roles) query = query.where('t.role', 'in', [...filter.roles]);
	const rows = await query.execute();
	return rows
		.sort(
			(a, b) =>
				a.sort - b.sort ||
				a.unit_id.localeCompare(b.unit_id) ||
				(RANK[a.role] ?? 9) - (RANK[b.role] ?? 9) ||
				a.name.localeCompare(b.name, 'nb')
		)
		.map((r) => ({
			unitId: r.unit_id,
			campusId: r.campus_id,
			userId: r.user_id,
			name: r.name,
			role: r.role as UnitRole,
			title: { no: r.title_no, en: r.title_en }
		}));
}
