// One person as an admin sees them (/admin/people/{id}): their roles, the admin and safety grants
// and who gave them, sign-in providers, live sessions and the history of changes to them.
import { about } from '../audit';
import type { UserContext } from '../context';
import { aboutUser } from './audit-subjects';
import { HISTORY_LIMIT, history, namesOf, type HistoryEntry } from './people-history';
import { summaries, type PersonSummary } from './people-listing';
import { listedIn, USER_COLUMNS, type PeopleDeps } from './people-types';
import type { SessionSummary } from './types';

export interface Grant {
	grantedAt: string;
	grantedBy: string;
	grantedByName: string | null;
}

export interface PersonDetail extends PersonSummary {
	hasPassword: boolean;
	locale: string | null;
	memberUntil: string | null;
	/** The campus they study at, which registration pools of a campus admit (admins set it). */
	campusId: string | null;
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

export function personDetail(deps: PeopleDeps) {
	const { db, roles } = deps;
	const isEmailsSafety = listedIn(deps.safetyEmails ?? []);
	return {
		/** One account with its roles, grant, sessions and history; null when there is none. */
		async person(ctx: UserContext, userId: string, now = new Date()): Promise<PersonDetail | null> {
			const caller = await roles.require(ctx, { action: 'admin' });
			const row = await db
				.selectFrom('users')
				.select([...USER_COLUMNS, 'password_hash', 'locale', 'campus_id'])
				.where('id', '=', userId)
				.where('is_anonymous', '=', 0)
				.executeTakeFirst();
			if (!row) return null;
			const [[summary], grant, safetyGrant, oauth, sessions, memberUntil, entries, holds] =
				await Promise.all([
					summaries(db, [row], deps.adminEmails, now),
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
				db,
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
				campusId: row.campus_id,
				memberUntil: summary!.member ? memberUntil : null,
				grant: grantOf(grant),
				safety: { byEmails: isEmailsSafety(row), grant: grantOf(safetyGrant), mayChange: holds },
				oauthProviders: oauth.map((o) => o.provider),
				sessions,
				history: await history(db, entries),
				isSelf: caller.id === userId
			};
		}
	};
}
