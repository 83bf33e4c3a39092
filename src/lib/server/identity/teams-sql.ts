// The identity store's teams (lib/server/identity/types.ts, IdentityStore): a person's team roles
// and grants as the roles module asks for them, and invitations to a unit's team, from the leader's
// invitation to its acceptance. Each change is written with its audit entry in one transaction.
// SQL through Kysely, on both engines.
import { recordChange } from '../audit';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/dialect';
import { accountValues } from './accounts-sql';
import { INVITATION, invitationSubject, TEAM_MEMBER, teamMemberSubject } from './audit-subjects';
import type { IdentityStore, InvitationRow, UnitRole } from './types';

type Trx = Db;

class NotPending extends Error {}

type TeamQueries =
	| 'teamsOf'
	| 'unitRoleOf'
	| 'isGrantedAdmin'
	| 'isGrantedSafety'
	| 'unitName'
	| 'createInvitation'
	| 'invitationByTokenHash'
	| 'pendingInvitations'
	| 'revokeInvitation'
	| 'acceptInvitation';

export function sqlTeams(db: Db): Pick<IdentityStore, TeamQueries> {
	const invitationQuery = (trx: Trx) =>
		trx
			.selectFrom('invitations')
			.innerJoin('units', 'units.id', 'invitations.unit_id')
			.select([
				'invitations.id',
				'invitations.unit_id',
				'units.name_no',
				'units.name_en',
				'invitations.role',
				'invitations.email',
				'invitations.created_at',
				'invitations.expires_at',
				'invitations.accepted_at',
				'invitations.revoked_at'
			]);
	const toInvitation = (r: {
		id: string;
		unit_id: string;
		name_no: string;
		name_en: string;
		role: string;
		email: string;
		created_at: string;
		expires_at: string;
		accepted_at: string | null;
		revoked_at: string | null;
	}): InvitationRow => ({
		id: r.id,
		unitId: r.unit_id,
		unitNameNo: r.name_no,
		unitNameEn: r.name_en,
		role: r.role as UnitRole,
		email: r.email,
		createdAt: r.created_at,
		expiresAt: r.expires_at,
		acceptedAt: r.accepted_at,
		revokedAt: r.revoked_at
	});

	return {
		async teamsOf(userId) {
			const rows = await db
				.selectFrom('team_members')
				.innerJoin('units', 'units.id', 'team_members.unit_id')
				.select(['team_members.unit_id', 'units.name_no', 'units.name_en', 'team_members.role'])
				.where('team_members.user_id', '=', userId)
				.orderBy('units.sort')
				.execute();
			return rows.map((r) => ({
				unitId: r.unit_id,
				unitNameNo: r.name_no,
				unitNameEn: r.name_en,
				role: r.role as UnitRole
			}));
		},
		async unitRoleOf(userId, unitId) {
			const row = await db
				.selectFrom('team_members')
				.select('role')
				.where('user_id', '=', userId)
				.where('unit_id', '=', unitId)
				.executeTakeFirst();
			return (row?.role as UnitRole | undefined) ?? null;
		},
		async isGrantedAdmin(userId) {
			const row = await db
				.selectFrom('admin_grants')
				.select('user_id')
				.where('user_id', '=', userId)
				.executeTakeFirst();
			return !!row;
		},
		async isGrantedSafety(userId) {
			const row = await db
				.selectFrom('safety_grants')
				.select('user_id')
				.where('user_id', '=', userId)
				.executeTakeFirst();
			return !!row;
		},
		async unitName(unitId) {
			const row = await db
				.selectFrom('units')
				.select(['name_no', 'name_en'])
				.where('id', '=', unitId)
				.executeTakeFirst();
			return row ? { no: row.name_no, en: row.name_en } : null;
		},
		async createInvitation(i) {
			await db.transaction().execute(async (trx) => {
				await trx
					.insertInto('invitations')
					.values({
						id: i.id,
						unit_id: i.unitId,
						role: i.role,
						email: i.email,
						token_hash: i.tokenHash,
						invited_by: i.invitedBy,
						created_at: i.createdAt,
						expires_at: i.expiresAt,
						accepted_at: null,
						accepted_by: null,
						revoked_at: null
					})
					.execute();
				// The invited address stays out of the log: it is personal data of someone who has
				// not agreed to anything yet, and the invitation row holds it while it matters.
				await recordChange(trx, {
					actor: i.invitedBy,
					subjectType: INVITATION,
					subjectId: invitationSubject(i.unitId, i.id),
					action: 'create',
					at: new Date(i.createdAt),
					before: null,
					after: { role: i.role, expires_at: i.expiresAt }
				});
			});
		},
		async invitationByTokenHash(tokenHash) {
			const row = await invitationQuery(db)
				.where('invitations.token_hash', '=', tokenHash)
				.executeTakeFirst();
			return row ? toInvitation(row) : null;
		},
		async pendingInvitations(unitId, now) {
			const rows = await invitationQuery(db)
				.where('invitations.unit_id', '=', unitId)
				.where('invitations.accepted_at', 'is', null)
				.where('invitations.revoked_at', 'is', null)
				.where('invitations.expires_at', '>', now)
				.orderBy('invitations.created_at', 'desc')
				.execute();
			return rows.map(toInvitation);
		},
		async revokeInvitation(unitId, id, at, by) {
			return db.transaction().execute(async (trx) => {
				const result = await trx
					.updateTable('invitations')
					.set({ revoked_at: at })
					.where('id', '=', id)
					.where('unit_id', '=', unitId)
					.where('accepted_at', 'is', null)
					.where('revoked_at', 'is', null)
					.executeTakeFirst();
				if (Number(result.numUpdatedRows) === 0) return false;
				await recordChange(trx, {
					actor: by,
					subjectType: INVITATION,
					subjectId: invitationSubject(unitId, id),
					action: 'revoke',
					at: new Date(at),
					before: { revoked_at: null },
					after: { revoked_at: at }
				});
				return true;
			});
		},
		async acceptInvitation(invitationId, userId, now, newAccount) {
			try {
				await db.transaction().execute(async (trx) => {
					// The account first: the invitation row refers to it.
					if (newAccount) await trx.insertInto('users').values(accountValues(newAccount)).execute();
					const invitation = await trx
						.updateTable('invitations')
						.set({ accepted_at: now, accepted_by: userId })
						.where('id', '=', invitationId)
						.where('accepted_at', 'is', null)
						.where('revoked_at', 'is', null)
						.where('expires_at', '>', now)
						.returning(['unit_id', 'role'])
						.executeTakeFirst();
					if (!invitation) throw new NotPending();
					const before = await trx
						.selectFrom('team_members')
						.select('role')
						.where('unit_id', '=', invitation.unit_id)
						.where('user_id', '=', userId)
						.executeTakeFirst();
					// Already in the team: the invitation's role replaces the old one.
					await trx
						.insertInto('team_members')
						.values({
							unit_id: invitation.unit_id,
							user_id: userId,
							role: invitation.role,
							created_at: now
						})
						.onConflict((oc) =>
							oc.columns(['unit_id', 'user_id']).doUpdateSet({ role: invitation.role })
						)
						.execute();
					await recordChange(trx, {
						actor: userId,
						subjectType: TEAM_MEMBER,
						subjectId: teamMemberSubject(invitation.unit_id, userId),
						action: 'accept_invitation',
						at: new Date(now),
						before: before ? { role: before.role } : null,
						after: { role: invitation.role, invitation: invitationId }
					});
				});
				return true;
			} catch (error) {
				// Used meanwhile, or the e-mail was registered meanwhile: nothing was written.
				if (error instanceof NotPending) return false;
				if (newAccount && isUniqueViolation(error)) return false;
				throw error;
			}
		}
	};
}
