// Accounts as admins manage them (/admin/people) and a unit's team as its leaders manage it
// (/admin/units/{id}/team): search, each person's roles at a glance, team roles, admin and safety
// grants and sessions. Every change is written with its audit entry (before and after) in one transaction.
// Who may do what is asked of roles.ts, always before a transaction opens: on SQLite the roles
// store shares the one connection a transaction holds. SQL through Kysely, on both engines.
import { sql, type Kysely } from 'kysely';
import { about, recordChange, type AuditRecord } from '../audit';
import { idsIn } from '../audit/trail-values';
import type { UserContext } from '../context';
import type { Database, Db } from '../db';
import { likeLiteral, lockRows } from '../db/dialect';
import {
	ADMIN_GRANT,
	aboutTeam,
	aboutUser,
	SAFETY_GRANT,
	TEAM_MEMBER,
	teamMemberSubject,
	USER
} from './audit-subjects';
import type { MemberUntil, RolesService } from './roles';
import type { IdentityStore, InvitationRow, SessionSummary, UnitRole } from './types';

export const PEOPLE_PAGE_SIZE = 25;
const HISTORY_LIMIT = 50;

export type PeopleRefusal =
	| 'not_found'
	| 'not_in_team'
	| 'last_leader'
	| 'own_grant'
	| 'not_granted'
	| 'already_admin'
	| 'already_safety'
	| 'own_safety_grant'
	| 'unverified';

export type PeopleResult<T = object> = ({ ok: true } & T) | { ok: false; reason: PeopleRefusal };

const refuse = (reason: PeopleRefusal) => ({ ok: false, reason }) as const;

export interface UnitName {
	no: string;
	en: string;
}

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

/** An audit entry with the names a reader needs; null names: a deleted account, or the system. */
export interface HistoryEntry {
	id: string;
	at: string;
	actor: string;
	actorName: string | null;
	subjectType: string;
	subjectId: string;
	/** The person the entry is about (a user, their grant, their team role), when it is one. */
	subjectName: string | null;
	action: string;
	before: Record<string, unknown> | null;
	after: Record<string, unknown> | null;
	/** Names of the accounts the fields name by id (who gave a grant). */
	valueNames: Record<string, string>;
}

export interface Grant {
	grantedAt: string;
	grantedBy: string;
	grantedByName: string | null;
}

export interface PersonDetail extends PersonSummary {
	hasPassword: boolean;
	locale: string | null;
	memberUntil: string | null;
	grant: Grant | null;
	/**
	 * The safety role (safety reports): by SAFETY_EMAILS, or a grant by another holder.
	 * `mayChange`: the caller holds it, so may give it (to someone else) and take a grant back.
	 */
	safety: { byEmails: boolean; grant: Grant | null; mayChange: boolean };
	oauthProviders: string[];
	sessions: SessionSummary[];
	history: HistoryEntry[];
	isSelf: boolean;
}

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

type UserRow = {
	id: string;
	name: string;
	email: string | null;
	email_verified_at: string | null;
	created_at: string;
	deleted_at: string | null;
};

const USER_COLUMNS = [
	'id',
	'name',
	'email',
	'email_verified_at',
	'created_at',
	'deleted_at'
] as const;

/** Who is on the other side of an audit entry about a person. */
function subjectUserId(entry: AuditRecord): string | null {
	if ([USER, ADMIN_GRANT, SAFETY_GRANT].includes(entry.subjectType)) return entry.subjectId;
	if (entry.subjectType === TEAM_MEMBER) return entry.subjectId.split(':')[1] ?? null;
	return null;
}

const fields = (value: unknown) =>
	value && typeof value === 'object' ? (value as Record<string, unknown>) : null;

export function peopleService(deps: {
	db: Db;
	roles: Pick<RolesService, 'require' | 'can'>;
	store: Pick<IdentityStore, 'activeSessions' | 'pendingInvitations'>;
	adminEmails: string[];
	safetyEmails?: string[];
	memberUntil?: MemberUntil;
}) {
	const { db, roles } = deps;

	const listedIn = (emails: string[]) => (row: Pick<UserRow, 'email' | 'email_verified_at'>) =>
		!!row.email && !!row.email_verified_at && emails.includes(row.email.toLowerCase());
	const isEmailsAdmin = listedIn(deps.adminEmails);
	const isEmailsSafety = listedIn(deps.safetyEmails ?? []);

	/**
	 * A role given in the database besides the configuration's list of addresses. Both are given
	 * on an admin's page; the safety role only by an admin who holds it (docs/decisions.md).
	 */
	interface GrantedRole {
		table: 'admin_grants' | 'safety_grants';
		subjectType: string;
		listed: (row: UserRow) => boolean;
		already: PeopleRefusal;
		/** Besides being an admin: holding the role itself (the safety role's "never implied by admin"). */
		heldToChange: boolean;
		/** Whether one may take it from oneself. */
		ownRevocable: boolean;
	}
	const ADMIN_ROLE: GrantedRole = {
		table: 'admin_grants',
		subjectType: ADMIN_GRANT,
		listed: isEmailsAdmin,
		already: 'already_admin',
		heldToChange: false,
		ownRevocable: false
	};
	const SAFETY_ROLE: GrantedRole = {
		table: 'safety_grants',
		subjectType: SAFETY_GRANT,
		listed: isEmailsSafety,
		already: 'already_safety',
		heldToChange: true,
		ownRevocable: true
	};

	/** The caller, when they may give or take the role; Forbidden otherwise. */
	async function changer(ctx: UserContext, role: GrantedRole, now: Date) {
		const caller = await roles.require(ctx, { action: 'admin' });
		if (role.heldToChange) await roles.require(ctx, { action: 'safety' }, now);
		return caller;
	}

	/** Only to a verified address: an unverified account may belong to someone who typed another's. */
	async function grantRole(
		ctx: UserContext,
		userId: string,
		role: GrantedRole,
		now: Date
	): Promise<PeopleResult> {
		const caller = await changer(ctx, role, now);
		// A role one must hold to give goes to someone else (an admin granting themselves admin
		// is told they already are).
		if (role.heldToChange && caller.id === userId) return refuse('own_safety_grant');
		const target = await liveAccount(userId);
		if (!target) return refuse('not_found');
		if (!target.email_verified_at) return refuse('unverified');
		if (role.listed(target)) return refuse(role.already);
		const at = now.toISOString();
		return db.transaction().execute(async (trx) => {
			const inserted = await trx
				.insertInto(role.table)
				.values({ user_id: userId, granted_by: caller.id, granted_at: at })
				.onConflict((oc) => oc.column('user_id').doNothing())
				.executeTakeFirst();
			if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return refuse(role.already);
			await recordChange(trx, {
				actor: caller.id,
				subjectType: role.subjectType,
				subjectId: userId,
				action: 'grant',
				at: now,
				before: null,
				after: { granted_by: caller.id, granted_at: at }
			});
			return { ok: true } as const;
		});
	}

	/** A configuration's listing is not a grant, and there is nothing to take back. */
	async function revokeRole(
		ctx: UserContext,
		userId: string,
		role: GrantedRole,
		now: Date
	): Promise<PeopleResult> {
		const caller = await changer(ctx, role, now);
		if (caller.id === userId && !role.ownRevocable) return refuse('own_grant');
		return db.transaction().execute(async (trx) => {
			const grant = await trx
				.selectFrom(role.table)
				.selectAll()
				.where('user_id', '=', userId)
				.executeTakeFirst();
			if (!grant) return refuse('not_granted');
			await trx.deleteFrom(role.table).where('user_id', '=', userId).execute();
			await recordChange(trx, {
				actor: caller.id,
				subjectType: role.subjectType,
				subjectId: userId,
				action: 'revoke',
				at: now,
				before: { granted_by: grant.granted_by, granted_at: grant.granted_at },
				after: null
			});
			return { ok: true } as const;
		});
	}

	/** A registered account that was not deleted. */
	async function liveAccount(userId: string) {
		return db
			.selectFrom('users')
			.select(USER_COLUMNS)
			.where('id', '=', userId)
			.where('is_anonymous', '=', 0)
			.where('deleted_at', 'is', null)
			.executeTakeFirst();
	}

	async function unitOf(unitId: string) {
		return db
			.selectFrom('units')
			.select(['id', 'name_no', 'name_en'])
			.where('id', '=', unitId)
			.executeTakeFirst();
	}

	async function summaries(rows: UserRow[], now: Date): Promise<PersonSummary[]> {
		const ids = rows.map((r) => r.id);
		if (ids.length === 0) return [];
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

	/** Names of the accounts among `ids` that were not deleted. */
	async function namesOf(ids: Iterable<string>): Promise<Map<string, string>> {
		const wanted = [...new Set(ids)];
		if (wanted.length === 0) return new Map();
		const rows = await db
			.selectFrom('users')
			.select(['id', 'name'])
			.where('id', 'in', wanted)
			.where('deleted_at', 'is', null)
			.execute();
		return new Map(rows.map((r) => [r.id, r.name]));
	}

	async function history(entries: AuditRecord[]): Promise<HistoryEntry[]> {
		const named = (e: AuditRecord) => idsIn(fields(e.details.before), fields(e.details.after));
		const names = await namesOf(
			entries
				.flatMap((e) => [e.actor, subjectUserId(e), ...named(e)])
				.filter((id): id is string => !!id)
		);
		return entries.map((e) => {
			const subject = subjectUserId(e);
			const valueNames = Object.fromEntries(
				named(e).flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : []))
			);
			return {
				id: e.id,
				at: e.at,
				actor: e.actor,
				actorName: names.get(e.actor) ?? null,
				subjectType: e.subjectType,
				subjectId: e.subjectId,
				subjectName: subject ? (names.get(subject) ?? null) : null,
				action: e.action,
				before: fields(e.details.before),
				after: fields(e.details.after),
				valueNames
			};
		});
	}

	/**
	 * The person's role in the unit, read after waiting for other changes to the unit's leaders
	 * (PostgreSQL locks the leaders' rows; SQLite writes one transaction at a time): of two last
	 * leaders stepping down at once, the second then counts one leader.
	 */
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
		if (!(await liveAccount(input.userId)) || !(await unitOf(input.unitId))) {
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
			return { people: await summaries(rows, now), total, page, pages, q };
		},

		/** One account with its roles, grant, sessions and history; null when there is none. */
		async person(ctx: UserContext, userId: string, now = new Date()): Promise<PersonDetail | null> {
			const caller = await roles.require(ctx, { action: 'admin' });
			const row = await db
				.selectFrom('users')
				.select([...USER_COLUMNS, 'password_hash', 'locale'])
				.where('id', '=', userId)
				.where('is_anonymous', '=', 0)
				.executeTakeFirst();
			if (!row) return null;
			const [[summary], grant, safetyGrant, oauth, sessions, memberUntil, entries, holds] =
				await Promise.all([
					summaries([row], now),
					db
						.selectFrom('admin_grants')
						.selectAll()
						.where('user_id', '=', userId)
						.executeTakeFirst(),
					db
						.selectFrom('safety_grants')
						.selectAll()
						.where('user_id', '=', userId)
						.executeTakeFirst(),
					db
						.selectFrom('oauth_accounts')
						.select('provider')
						.where('user_id', '=', userId)
						.orderBy('provider')
						.execute(),
					deps.store.activeSessions(userId, now.toISOString()),
					deps.memberUntil?.(userId, now) ?? null,
					about(db, { subjects: aboutUser(userId), limit: HISTORY_LIMIT }),
					roles.can(ctx, { action: 'safety' }, now)
				]);
			const grantedBy = await namesOf(
				[grant, safetyGrant].flatMap((g) => (g ? [g.granted_by] : []))
			);
			const grantOf = (g: typeof grant): Grant | null =>
				g
					? {
							grantedAt: g.granted_at,
							grantedBy: g.granted_by,
							grantedByName: grantedBy.get(g.granted_by) ?? null
						}
					: null;
			return {
				...summary!,
				hasPassword: row.password_hash !== null,
				locale: row.locale,
				memberUntil: summary!.member ? memberUntil : null,
				grant: grantOf(grant),
				safety: { byEmails: isEmailsSafety(row), grant: grantOf(safetyGrant), mayChange: holds },
				oauthProviders: oauth.map((o) => o.provider),
				sessions,
				history: await history(entries),
				isSelf: caller.id === userId
			};
		},

		setTeamRole,
		setTeamTitle,
		removeFromTeam,

		/** setTeamRole from a person's page: that page is the admins'. */
		async setRoleOfPerson(
			ctx: UserContext,
			input: { unitId: string; userId: string; role: UnitRole },
			now = new Date()
		) {
			await roles.require(ctx, { action: 'admin' });
			return setTeamRole(ctx, input, now);
		},

		/** removeFromTeam from a person's page: that page is the admins'. */
		async removePersonFromTeam(
			ctx: UserContext,
			input: { unitId: string; userId: string },
			now = new Date()
		) {
			await roles.require(ctx, { action: 'admin' });
			return removeFromTeam(ctx, input, now);
		},

		/** Makes a person an admin (admin_grants), besides ADMIN_EMAILS. */
		grantAdmin: (ctx: UserContext, userId: string, now = new Date()) =>
			grantRole(ctx, userId, ADMIN_ROLE, now),

		/**
		 * Takes back an admin grant. Not one's own: an admin cannot lock themselves out by a slip
		 * (another admin can).
		 */
		revokeAdmin: (ctx: UserContext, userId: string, now = new Date()) =>
			revokeRole(ctx, userId, ADMIN_ROLE, now),

		/**
		 * Gives a person the safety role (safety_grants): they read and answer safety reports. Only
		 * a holder of the role gives it (an admin too, since the people pages are the admins'), and
		 * never to themselves: being an admin does not give it. In the audit log like any grant.
		 */
		grantSafety: (ctx: UserContext, userId: string, now = new Date()) =>
			grantRole(ctx, userId, SAFETY_ROLE, now),

		/**
		 * Takes a safety grant back: by a holder of the role (an admin too), also their own (stepping
		 * down). An admin without the role cannot take it from the team.
		 */
		revokeSafety: (ctx: UserContext, userId: string, now = new Date()) =>
			revokeRole(ctx, userId, SAFETY_ROLE, now),

		/** Signs a person out of one session. */
		async revokeSession(
			ctx: UserContext,
			input: { userId: string; sessionId: string },
			now = new Date()
		): Promise<PeopleResult> {
			const caller = await roles.require(ctx, { action: 'admin' });
			const at = now.toISOString();
			return db.transaction().execute(async (trx) => {
				const result = await trx
					.updateTable('sessions')
					.set({ revoked_at: at })
					.where('id', '=', input.sessionId)
					.where('user_id', '=', input.userId)
					.where('revoked_at', 'is', null)
					.where('expires_at', '>', at)
					.executeTakeFirst();
				if (Number(result.numUpdatedRows) === 0) return refuse('not_found');
				await recordChange(trx, {
					actor: caller.id,
					subjectType: USER,
					subjectId: input.userId,
					action: 'revoke_session',
					at: now,
					before: { session: { id: input.sessionId, revoked_at: null } },
					after: { session: { id: input.sessionId, revoked_at: at } }
				});
				return { ok: true } as const;
			});
		},

		/** Signs a person out everywhere; `count` sessions were live. */
		async revokeAllSessions(
			ctx: UserContext,
			userId: string,
			now = new Date()
		): Promise<PeopleResult<{ count: number }>> {
			const caller = await roles.require(ctx, { action: 'admin' });
			if (!(await liveAccount(userId))) return refuse('not_found');
			const at = now.toISOString();
			return db.transaction().execute(async (trx) => {
				const result = await trx
					.updateTable('sessions')
					.set({ revoked_at: at })
					.where('user_id', '=', userId)
					.where('revoked_at', 'is', null)
					.where('expires_at', '>', at)
					.executeTakeFirst();
				const count = Number(result.numUpdatedRows);
				await recordChange(trx, {
					actor: caller.id,
					subjectType: USER,
					subjectId: userId,
					action: 'revoke_all_sessions',
					at: now,
					before: { live_sessions: count },
					after: { live_sessions: 0 }
				});
				return { ok: true, count } as const;
			});
		},

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
				history: await history(entries),
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

export type PeopleService = ReturnType<typeof peopleService>;
