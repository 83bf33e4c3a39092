// The one place that answers "who is this caller and may they do this?". Roles: visitor (no
// signed-in session), member (paid membership, asked of the shop's membership lookup), a role per
// unit team (member, leader, finance), admin (a verified e-mail listed in ADMIN_EMAILS, or a
// user an admin made one: admin_grants) and safety (reads safety reports: a verified e-mail in
// SAFETY_EMAILS or safety_grants; never implied by admin).
// Domain services call requireSignedIn / require here instead of checking on their own.
import type { UserContext } from '../context';
import { Forbidden, NotFound, NotSignedIn } from '../errors';
import type { IdentityStore, SessionUser, UnitRole } from './types';

/** The signed-in (not anonymous) user of a context, or a NotSignedIn error. */
export function signedIn(ctx: UserContext): SessionUser {
	if (!ctx.user || ctx.user.isAnonymous) throw new NotSignedIn('a signed-in user is needed');
	return ctx.user;
}

export type IsMember = (userId: string, now: Date) => Promise<boolean>;
/** When the user's paid membership (with periods that follow on) ends; null when not a member. */
export type MemberUntil = (userId: string, now: Date) => Promise<string | null>;

export interface Roles {
	signedIn: boolean;
	member: boolean;
	memberUntil: string | null;
	admin: boolean;
	/** Reads and answers safety reports; admins have it only when named or granted too. */
	safety: boolean;
	units: { unitId: string; role: UnitRole }[];
}

export type Permission =
	/**
	 * A unit's team: invite to it and revoke invitations, change a member's role and remove a
	 * member. Its leaders and admins. (Adding someone straight into a team, without an invitation
	 * they accept, is for admins: `admin`.)
	 */
	| { action: 'manage-team'; unitId: string }
	/** Anything a unit role allows, e.g. finance approving the unit's expense claims. */
	| { action: 'unit-role'; unitId: string; roles: readonly UnitRole[] }
	/**
	 * Give the assistant documents, and take them away: admins any, a unit's leaders their unit's
	 * (unitId null: the whole organisation's, admins only).
	 */
	| { action: 'manage-documents'; unitId: string | null }
	/**
	 * Edit content in the admin area: admins anything, a unit's leaders what belongs to their unit
	 * (unitId null: the organisation's own, admins only).
	 */
	| { action: 'edit-content'; unitId: string | null }
	/**
	 * Read a job's applications, change their status, note on them and export them: admins any,
	 * the leaders of the job's unit theirs (unitId null: a job of the organisation's own, admins only).
	 */
	| { action: 'review-applications'; unitId: string | null }
	| { action: 'members-only' }
	/** Safety reports (varsling): SAFETY_EMAILS and safety_grants only, not admins as such. */
	| { action: 'safety' }
	| { action: 'admin' };

const VISITOR: Roles = {
	signedIn: false,
	member: false,
	memberUntil: null,
	admin: false,
	safety: false,
	units: []
};

/** What `can` answers, from roles already looked up. */
function allows(roles: Roles, permission: Permission): boolean {
	const leads = (unitId: string | null) =>
		unitId !== null && roles.units.some((u) => u.unitId === unitId && u.role === 'leader');
	switch (permission.action) {
		case 'admin':
			return roles.admin;
		case 'safety':
			return roles.safety;
		case 'members-only':
			return roles.member || roles.admin;
		case 'manage-team':
		case 'manage-documents':
		case 'edit-content':
		case 'review-applications':
			return leads(permission.unitId) || roles.admin;
		case 'unit-role': {
			const role = roles.units.find((u) => u.unitId === permission.unitId)?.role;
			return (role !== undefined && permission.roles.includes(role)) || roles.admin;
		}
	}
}

export function rolesService(deps: {
	store: Pick<
		IdentityStore,
		'accountById' | 'teamsOf' | 'unitRoleOf' | 'isGrantedAdmin' | 'isGrantedSafety'
	>;
	isMember: IsMember;
	memberUntil?: MemberUntil;
	adminEmails: string[];
	safetyEmails?: string[];
}) {
	// The roles of reading requests, per request context, so forgotten with the request.
	const once = new WeakMap<UserContext, Promise<Roles>>();

	/** A verified account whose address the configuration lists. */
	async function isListed(user: SessionUser, emails: string[]): Promise<boolean> {
		if (!user.email || !emails.includes(user.email.toLowerCase())) return false;
		const account = await deps.store.accountById(user.id);
		return !!account?.emailVerifiedAt;
	}

	async function isAdmin(user: SessionUser): Promise<boolean> {
		return (await isListed(user, deps.adminEmails)) || deps.store.isGrantedAdmin(user.id);
	}

	async function hasSafety(user: SessionUser): Promise<boolean> {
		return (await isListed(user, deps.safetyEmails ?? [])) || deps.store.isGrantedSafety(user.id);
	}

	async function can(ctx: UserContext, permission: Permission, now = new Date()) {
		const user = ctx.user;
		if (!user || user.isAnonymous) return false;
		// A reading request whose roles were looked up (a page's header asks for them) has the
		// answer already; otherwise one query for this permission is less than all the roles.
		const known = ctx.readOnly ? once.get(ctx) : undefined;
		if (known) return allows(await known, permission);
		switch (permission.action) {
			case 'admin':
				return isAdmin(user);
			case 'safety':
				return hasSafety(user);
			case 'members-only':
				return (await deps.isMember(user.id, now)) || isAdmin(user);
			case 'manage-team':
				return (
					(await deps.store.unitRoleOf(user.id, permission.unitId)) === 'leader' || isAdmin(user)
				);
			case 'manage-documents':
			case 'edit-content':
			case 'review-applications':
				return (
					(permission.unitId !== null &&
						(await deps.store.unitRoleOf(user.id, permission.unitId)) === 'leader') ||
					isAdmin(user)
				);
			case 'unit-role': {
				const role = await deps.store.unitRoleOf(user.id, permission.unitId);
				return (role !== null && permission.roles.includes(role)) || isAdmin(user);
			}
		}
	}

	/** When the membership ends tells whether there is one: one lookup answers both. */
	async function membership(userId: string, now: Date) {
		if (!deps.memberUntil) return { member: await deps.isMember(userId, now), until: null };
		const until = await deps.memberUntil(userId, now);
		return { member: until !== null, until };
	}

	async function lookUp(ctx: UserContext, now: Date): Promise<Roles> {
		const user = ctx.user;
		if (!user || user.isAnonymous) return VISITOR;
		const [membershipOf, admin, safety, teams] = await Promise.all([
			membership(user.id, now),
			isAdmin(user),
			hasSafety(user),
			deps.store.teamsOf(user.id)
		]);
		return {
			signedIn: true,
			member: membershipOf.member,
			memberUntil: membershipOf.until,
			admin,
			safety,
			units: teams.map((t) => ({ unitId: t.unitId, role: t.role }))
		};
	}

	/**
	 * The caller's roles. A request that only reads (its context says so) looks them up once,
	 * however many parts of its page ask: nothing it does can change them.
	 */
	function rolesOf(ctx: UserContext, now = new Date()): Promise<Roles> {
		if (!ctx.readOnly) return lookUp(ctx, now);
		let roles = once.get(ctx);
		if (!roles) {
			roles = lookUp(ctx, now);
			once.set(ctx, roles);
			// A failed lookup is not remembered: the next part of the page asks again.
			roles.catch(() => once.delete(ctx));
		}
		return roles;
	}

	return {
		rolesOf,
		can,
		/** The user when allowed; NotSignedIn for visitors, Forbidden for everyone else. */
		async require(ctx: UserContext, permission: Permission, now = new Date()) {
			const user = signedIn(ctx);
			if (!(await can(ctx, permission, now))) throw new Forbidden('Forbidden', 'forbidden');
			return user;
		}
	};
}

export type RolesService = ReturnType<typeof rolesService>;

/** The promise's value, or null when the caller was refused (not signed in, forbidden, no such unit). */
export async function unlessDenied<T>(work: Promise<T>): Promise<T | null> {
	try {
		return await work;
	} catch (error) {
		if (error instanceof NotSignedIn || error instanceof Forbidden || error instanceof NotFound) {
			return null;
		}
		throw error;
	}
}
