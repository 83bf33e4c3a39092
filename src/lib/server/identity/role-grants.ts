// The roles given in the database besides the configuration's lists of addresses: admin
// (admin_grants, besides ADMIN_EMAILS) and safety (safety_grants, besides SAFETY_EMAILS), given and
// taken back on a person's page, each with its audit entry in one transaction.
import { recordChange } from '../audit';
import type { UserContext } from '../context';
import { ADMIN_GRANT, SAFETY_GRANT } from './audit-subjects';
import {
	listedIn,
	liveAccount,
	refuse,
	type PeopleDeps,
	type PeopleRefusal,
	type PeopleResult,
	type UserRow
} from './people-types';

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

export function roleGrants(deps: PeopleDeps) {
	const { db, roles } = deps;

	const ADMIN_ROLE: GrantedRole = {
		table: 'admin_grants',
		subjectType: ADMIN_GRANT,
		listed: listedIn(deps.adminEmails),
		already: 'already_admin',
		heldToChange: false,
		ownRevocable: false
	};
	const SAFETY_ROLE: GrantedRole = {
		table: 'safety_grants',
		subjectType: SAFETY_GRANT,
		listed: listedIn(deps.safetyEmails ?? []),
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
		const target = await liveAccount(db, userId);
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

	return {
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
			revokeRole(ctx, userId, SAFETY_ROLE, now)
	};
}
