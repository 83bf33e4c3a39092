// The admin's people listing (/admin/people): registered accounts found by name or e-mail, a page at
// a time, each with their roles at a glance (team roles, admin, paid membership).
import { sql } from 'kysely';
import type { UserContext } from '../context';
import type { Db } from '../db';
import { likeLiteral } from '../db/dialect';
import {
	listedIn,
	USER_COLUMNS,
	type PeopleDeps,
	type UnitName,
	type UserRow
} from './people-types';
import type { UnitRole } from './types';

export const PEOPLE_PAGE_SIZE = 25;

export interface PersonUnitRole {
	unitId: string;
	unitName: UnitName;
	role: UnitRole;
}

export interface PersonSummary {
	id: string;
	/** Null for a deleted account (the page says so in its language). */
	name: string | null;
	email: string | null;
	verified: boolean;
	createdAt: string;
	deletedAt: string | null;
	admin: { byEmails: boolean; byGrant: boolean };
	units: PersonUnitRole[];
	/** A paid membership covers now. */
	member: boolean;
}

/** The rows with their roles at a glance; `adminEmails`: the configuration's admins. */
export async function summaries(
	db: Db,
	rows: UserRow[],
	adminEmails: string[],
	now: Date
): Promise<PersonSummary[]> {
	const ids = rows.map((r) => r.id);
	if (ids.length === 0) return [];
	const isEmailsAdmin = listedIn(adminEmails);
	const at = now.toISOString();
	const [teams, grants, members] = await Promise.all([
		db
			.selectFrom('team_members')
			.innerJoin('units', 'units.id', 'team_members.unit_id')
			.select(['team_members.user_id', 'team_members.unit_id', 'team_members.role'])
			.select(['units.name_no', 'units.name_en'])
			.where('team_members.user_id', 'in', ids)
			.orderBy('units.sort')
			.execute(),
		db.selectFrom('admin_grants').select('user_id').where('user_id', 'in', ids).execute(),
		db
			.selectFrom('memberships')
			.select('user_id')
			.distinct()
			.where('user_id', 'in', ids)
			.where('starts_at', '<=', at)
			.where('ends_at', '>', at)
			.execute()
	]);
	const granted = new Set(grants.map((g) => g.user_id));
	const paid = new Set(members.map((m) => m.user_id));
	return rows.map((r) => ({
		id: r.id,
		name: r.deleted_at ? null : r.name,
		email: r.email,
		verified: r.email_verified_at !== null,
		createdAt: r.created_at,
		deletedAt: r.deleted_at,
		admin: { byEmails: isEmailsAdmin(r), byGrant: granted.has(r.id) },
		units: teams
			.filter((t) => t.user_id === r.id)
			.map((t) => ({
				unitId: t.unit_id,
				unitName: { no: t.name_no, en: t.name_en },
				role: t.role as UnitRole
			})),
		member: paid.has(r.id)
	}));
}

export function peopleListing(deps: PeopleDeps) {
	const { db, roles } = deps;
	return {
		/** Registered accounts whose name or e-mail contains `q` (any case), a page at a time. */
		async search(ctx: UserContext, input: { q: string; page: number }, now = new Date()) {
			await roles.require(ctx, { action: 'admin' });
			const q = input.q.trim();
			let base = db.selectFrom('users').where('is_anonymous', '=', 0);
			if (q !== '') {
				const pattern = `%${likeLiteral(q)}%`;
				base = base.where((eb) =>
					eb.or([
						sql<boolean>`lower(name) like lower(${pattern}) escape '\\'`,
						sql<boolean>`lower(coalesce(email, '')) like lower(${pattern}) escape '\\'`
					])
				);
			}
			const count = await base
				.select((eb) => eb.fn.countAll<number>().as('n'))
				.executeTakeFirstOrThrow();
			const total = Number(count.n);
			const pages = Math.max(1, Math.ceil(total / PEOPLE_PAGE_SIZE));
			const page = Math.min(Math.max(1, input.page), pages);
			const rows = await base
				.select(USER_COLUMNS)
				.orderBy(sql`lower(name)`)
				.orderBy('id')
				.limit(PEOPLE_PAGE_SIZE)
				.offset((page - 1) * PEOPLE_PAGE_SIZE)
				.execute();
			return { people: await summaries(db, rows, deps.adminEmails, now), total, page, pages, q };
		}
	};
}
