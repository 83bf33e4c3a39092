// A unit's team as its leaders and admins manage it (/admin/units/{id}/team, and from a person's
// page): who is in it with which role and title, its pending invitations and its history. Every
// change is written with its audit entry (before and after) in one transaction, and none leaves a
// unit without a leader unless an admin makes it. Who may is asked of roles.ts before a transaction
// opens: on SQLite the roles store shares the one connection a transaction holds.
import { sql, type Kysely } from 'kysely';
import { about, recordChange } from '../audit';
import type { UserContext } from '../context';
import type { Database } from '../db';
import { lockRows } from '../db/dialect';
import { aboutTeam, TEAM_MEMBER, teamMemberSubject } from './audit-subjects';
import { HISTORY_LIMIT, history, type HistoryEntry } from './people-history';
import {
	liveAccount,
	refuse,
	type PeopleDeps,
	type PeopleResult,
	type UnitName
} from './people-types';
import type { InvitationRow, UnitRole } from './types';

export interface TeamMember {
	userId: string;
	name: string;
	email: string | null;
	role: UnitRole;
	/** The public title per language; '' where none. */
	title: { no: string; en: string };
	since: string;
}

export interface TeamView {
	unit: { id: string; name: UnitName };
	members: TeamMember[];
	pending: InvitationRow[];
	history: HistoryEntry[];
	/** The caller is an admin: the last-leader rule does not hold them back. */
	callerIsAdmin: boolean;
}

export function teamMembership(deps: PeopleDeps) {
	const { db, roles } = deps;

	async function unitOf(unitId: string) {
		return db
			.selectFrom('units')
			.select(['id', 'name_no', 'name_en'])
			.where('id', '=', unitId)
			.executeTakeFirst();
	}

	/** The audit entry of a change to a person's place in a unit's team, by `actor`. */
	function recordTeamChange(
		trx: Kysely<Database>,
		change: { actor: string; unitId: string; userId: string; action: string; at: Date },
		before: Record<string, unknown> | null,
		after: Record<string, unknown> | null
	) {
		const { actor, unitId, userId, action, at } = change;
		const subjectId = teamMemberSubject(unitId, userId);
		return recordChange(trx, {
			actor,
			subjectType: TEAM_MEMBER,
			subjectId,
			action,
			at,
			before,
			after
		});
	}

	/**
	 * The person's role in the unit, read after waiting for other changes to the unit's leaders
	 * (PostgreSQL locks the leaders' rows; SQLite writes one transaction at a time): of two last
	 * leaders stepping down at once, the second then counts one leader.
	 */
	async function lockedRole(
		trx: Kysely<Database>,
		unitId: string,
		userId: string
	): Promise<UnitRole | null> {
		await lockRows(
			trx,
			trx
				.selectFrom('team_members')
				.select('user_id')
				.where('unit_id', '=', unitId)
				.where('role', '=', 'leader')
		);
		const row = await trx
			.selectFrom('team_members')
			.select('role')
			.where('unit_id', '=', unitId)
			.where('user_id', '=', userId)
			.executeTakeFirst();
		return (row?.role as UnitRole | undefined) ?? null;
	}

	/** Whether a leader giving up `role` would leave the unit without one (admins may do that). */
	async function leavesNoLeader(
		trx: Kysely<Database>,
		unitId: string,
		role: UnitRole,
		isAdmin: boolean
	): Promise<boolean> {
		if (isAdmin || role !== 'leader') return false;
		const row = await trx
			.selectFrom('team_members')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.where('unit_id', '=', unitId)
			.where('role', '=', 'leader')
			.executeTakeFirstOrThrow();
		return Number(row.n) <= 1;
	}

	/**
	 * Who may change a unit's team, and whether the last-leader rule holds them: a unit's leaders
	 * may not leave it without one (only an admin may, and fix it afterwards).
	 */
	async function teamCaller(ctx: UserContext, unitId: string) {
		const caller = await roles.require(ctx, { action: 'manage-team', unitId });
		return { caller, isAdmin: await roles.can(ctx, { action: 'admin' }) };
	}

	async function stillManages(ctx: UserContext, unitId: string) {
		return roles.can(ctx, { action: 'manage-team', unitId });
	}

	/**
	 * Gives a person a role in a unit's team, or changes the one they have. Changing is for the
	 * unit's leaders and admins; adding someone who is not in the team is for admins (leaders
	 * invite). `stillManages`: false when the caller gave up the leadership they managed it by.
	 */
	async function setTeamRole(
		ctx: UserContext,
		input: { unitId: string; userId: string; role: UnitRole },
		now = new Date()
	): Promise<PeopleResult<{ stillManages: boolean }>> {
		const { caller, isAdmin } = await teamCaller(ctx, input.unitId);
		if (!(await liveAccount(db, input.userId)) || !(await unitOf(input.unitId))) {
			return refuse('not_found');
		}
		const outcome = await db.transaction().execute(async (trx) => {
			const current = await lockedRole(trx, input.unitId, input.userId);
			if (!current && !isAdmin) return refuse('not_in_team');
			if (current === input.role) return { ok: true } as const;
			if (current && (await leavesNoLeader(trx, input.unitId, current, isAdmin))) {
				return refuse('last_leader');
			}
			if (current) {
				await trx
					.updateTable('team_members')
					.set({ role: input.role })
					.where('unit_id', '=', input.unitId)
					.where('user_id', '=', input.userId)
					.execute();
			} else {
				await trx
					.insertInto('team_members')
					.values({
						unit_id: input.unitId,
						user_id: input.userId,
						role: input.role,
						created_at: now.toISOString()
					})
					.execute();
			}
			await recordTeamChange(
				trx,
				{ actor: caller.id, ...input, action: current ? 'change_role' : 'add', at: now },
				current ? { role: current } : null,
				{ role: input.role }
			);
			return { ok: true } as const;
		});
		if (!outcome.ok) return outcome;
		return { ok: true, stillManages: await stillManages(ctx, input.unitId) };
	}

	/**
	 * Sets the public title shown with a member's name on the unit's page and in the campus
	 * leadership (blank: the role's own word): the unit's leaders and admins, audited.
	 */
	async function setTeamTitle(
		ctx: UserContext,
		input: { unitId: string; userId: string; title_no: string; title_en: string },
		now = new Date()
	): Promise<PeopleResult> {
		const { caller } = await teamCaller(ctx, input.unitId);
		const after = { title_no: input.title_no || null, title_en: input.title_en || null };
		return db.transaction().execute(async (trx) => {
			const current = await trx
				.selectFrom('team_members')
				.select(['title_no', 'title_en'])
				.where('unit_id', '=', input.unitId)
				.where('user_id', '=', input.userId)
				.executeTakeFirst();
			if (!current) return refuse('not_in_team');
			if (current.title_no === after.title_no && current.title_en === after.title_en) {
				return { ok: true } as const;
			}
			await trx
				.updateTable('team_members')
				.set(after)
				.where('unit_id', '=', input.unitId)
				.where('user_id', '=', input.userId)
				.execute();
			await recordTeamChange(
				trx,
				{ actor: caller.id, ...input, action: 'change_title', at: now },
				{ title_no: current.title_no, title_en: current.title_en },
				after
			);
			return { ok: true } as const;
		});
	}

	/** Takes a person out of a unit's team: its leaders and admins, within the last-leader rule. */
	async function removeFromTeam(
		ctx: UserContext,
		input: { unitId: string; userId: string },
		now = new Date()
	): Promise<PeopleResult<{ stillManages: boolean }>> {
		const { caller, isAdmin } = await teamCaller(ctx, input.unitId);
		const outcome = await db.transaction().execute(async (trx) => {
			const current = await lockedRole(trx, input.unitId, input.userId);
			if (!current) return refuse('not_in_team');
			if (await leavesNoLeader(trx, input.unitId, current, isAdmin)) return refuse('last_leader');
			await trx
				.deleteFrom('team_members')
				.where('unit_id', '=', input.unitId)
				.where('user_id', '=', input.userId)
				.execute();
			await recordTeamChange(
				trx,
				{ actor: caller.id, ...input, action: 'remove', at: now },
				{ role: current },
				null
			);
			return { ok: true } as const;
		});
		if (!outcome.ok) return outcome;
		return { ok: true, stillManages: await stillManages(ctx, input.unitId) };
	}

	return {
		setTeamRole,
		setTeamTitle,
		removeFromTeam,

		/** A unit's team, its pending invitations and its history, for its leaders and admins. */
		async team(ctx: UserContext, unitId: string, now = new Date()): Promise<TeamView | null> {
			const { isAdmin } = await teamCaller(ctx, unitId);
			const unit = await unitOf(unitId);
			if (!unit) return null;
			const [members, pending, entries] = await Promise.all([
				db
					.selectFrom('team_members')
					.innerJoin('users', 'users.id', 'team_members.user_id')
					.select([
						'team_members.user_id',
						'team_members.role',
						'team_members.created_at',
						'team_members.title_no',
						'team_members.title_en',
						'users.name',
						'users.email'
					])
					.where('team_members.unit_id', '=', unitId)
					.orderBy(sql`lower(users.name)`)
					.orderBy('users.id')
					.execute(),
				deps.store.pendingInvitations(unitId, now.toISOString()),
				about(db, { subjects: aboutTeam(unitId), limit: HISTORY_LIMIT })
			]);
			return {
				unit: { id: unit.id, name: { no: unit.name_no, en: unit.name_en } },
				members: members.map((m) => ({
					userId: m.user_id,
					name: m.name,
					email: m.email,
					role: m.role as UnitRole,
					title: { no: m.title_no ?? '', en: m.title_en ?? '' },
					since: m.created_at
				})),
				pending,
				history: await history(db, entries),
				callerIsAdmin: isAdmin
			};
		},

		/** The units whose team the caller manages: every unit for admins, their own for leaders. */
		async managedUnits(ctx: UserContext): Promise<{ id: string; name: UnitName }[]> {
			const user = ctx.user;
			if (!user || user.isAnonymous) return [];
			let query = db
				.selectFrom('units')
				.select(['units.id', 'units.name_no', 'units.name_en'])
				.orderBy('units.sort')
				.orderBy('units.id');
			if (!(await roles.can(ctx, { action: 'admin' }))) {
				query = query
					.innerJoin('team_members', 'team_members.unit_id', 'units.id')
					.where('team_members.user_id', '=', user.id)
					.where('team_members.role', '=', 'leader');
			}
			const rows = await query.execute();
			return rows.map((r) => ({ id: r.id, name: { no: r.name_no, en: r.name_en } }));
		}
	};
}
