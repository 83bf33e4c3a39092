// Accounts as admins manage them (/admin/people) and a unit's team as its leaders manage it
// (/admin/units/{id}/team): search, each person's roles at a glance, team roles, admin and safety
// grants and sessions. The service is put together from the modules named after what they hold —
// the people listing, a person's detail, role grants, team membership — and signs a person out here.
// Every change is written with its audit entry (before and after) in one transaction. Who may do
// what is asked of roles.ts, always before a transaction opens: on SQLite the roles store shares
// the one connection a transaction holds. SQL through Kysely, on both engines.
import { recordChange } from '../audit';
import type { UserContext } from '../context';
import { USER } from './audit-subjects';
import { personDetail } from './person-detail';
import { peopleListing } from './people-listing';
import { liveAccount, refuse, type PeopleDeps, type PeopleResult } from './people-types';
import { roleGrants } from './role-grants';
import { teamMembership } from './team-membership';
import type { UnitRole } from './types';

export type { HistoryEntry } from './people-history';
export { PEOPLE_PAGE_SIZE, type PersonSummary, type PersonUnitRole } from './people-listing';
export type { Grant, PersonDetail } from './person-detail';
export type { PeopleDeps, PeopleRefusal, PeopleResult, UnitName } from './people-types';
export type { TeamMember, TeamView } from './team-membership';

export function peopleService(deps: PeopleDeps) {
	const { db, roles } = deps;
	const team = teamMembership(deps);

	return {
		...peopleListing(deps),
		...personDetail(deps),
		...team,

		/** setTeamRole from a person's page: that page is the admins'. */
		async setRoleOfPerson(
			ctx: UserContext,
			input: { unitId: string; userId: string; role: UnitRole },
			now = new Date()
		) {
			await roles.require(ctx, { action: 'admin' });
			return team.setTeamRole(ctx, input, now);
		},

		/** removeFromTeam from a person's page: that page is the admins'. */
		async removePersonFromTeam(
			ctx: UserContext,
			input: { unitId: string; userId: string },
			now = new Date()
		) {
			await roles.require(ctx, { action: 'admin' });
			return team.removeFromTeam(ctx, input, now);
		},

		...roleGrants(deps),

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

		/**
		 * Sets the campus a person studies at (null: none), which registration pools of a campus
		 * admit; audited. An unknown campus or account is not_found, nothing changed.
		 */
		async setCampus(
			ctx: UserContext,
			input: { userId: string; campusId: string | null },
			now = new Date()
		): Promise<PeopleResult> {
			const caller = await roles.require(ctx, { action: 'admin' });
			return db.transaction().execute(async (trx) => {
				const user = await trx
					.selectFrom('users')
					.select('campus_id')
					.where('id', '=', input.userId)
					.where('is_anonymous', '=', 0)
					.where('deleted_at', 'is', null)
					.executeTakeFirst();
				if (!user) return refuse('not_found');
				if (input.campusId !== null) {
					const campus = await trx
						.selectFrom('campuses')
						.select('id')
						.where('id', '=', input.campusId)
						.executeTakeFirst();
					if (!campus) return refuse('not_found');
				}
				await trx
					.updateTable('users')
					.set({ campus_id: input.campusId })
					.where('id', '=', input.userId)
					.execute();
				await recordChange(trx, {
					actor: caller.id,
					subjectType: USER,
					subjectId: input.userId,
					action: 'set_campus',
					at: now,
					before: { campus_id: user.campus_id },
					after: { campus_id: input.campusId }
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
			if (!(await liveAccount(db, userId))) return refuse('not_found');
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
		}
	};
}

export type PeopleService = ReturnType<typeof peopleService>;
