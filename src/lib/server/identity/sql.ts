// The identity store (lib/server/identity/types.ts, IdentityStore) over SQL: sessions, accounts
// and teams each in their module; here the one piece that spans them (the stale-record sweep) and
// a buyer's orders as the profile lists them. SQL through Kysely, on both engines.
import type { Db } from '../db';
import { sqlAccounts } from './accounts-sql';
import { sqlSessions } from './sessions-sql';
import { sqlTeams } from './teams-sql';
import type { IdentityStore } from './types';

export function sqlIdentityStore(db: Db): IdentityStore {
	return {
		...sqlSessions(db),
		...sqlAccounts(db),
		...sqlTeams(db),

		async ordersOf(userId) {
			const rows = await db
				.selectFrom('orders')
				.select(['id', 'status', 'total_ore', 'created_at'])
				.where('user_id', '=', userId)
				.orderBy('created_at', 'desc')
				.execute();
			return rows.map((r) => ({
				id: r.id,
				status: r.status,
				totalOre: r.total_ore,
				createdAt: r.created_at
			}));
		},

		async deleteStaleRecords({ now, sessionsBefore }) {
			// Plain conditional deletes: two runs at once each delete a row at most once between them.
			const sessions = await db
				.deleteFrom('sessions')
				.where((e) =>
					e.or([e('expires_at', '<', sessionsBefore), e('revoked_at', '<', sessionsBefore)])
				)
				.executeTakeFirst();
			const tokens = await db
				.deleteFrom('auth_tokens')
				.where((e) => e.or([e('used_at', 'is not', null), e('expires_at', '<', now)]))
				.executeTakeFirst();
			const invitations = await db
				.deleteFrom('invitations')
				.where('expires_at', '<', now)
				.where('accepted_at', 'is', null)
				.where('revoked_at', 'is', null)
				.executeTakeFirst();
			return {
				sessions: Number(sessions.numDeletedRows),
				tokens: Number(tokens.numDeletedRows),
				invitations: Number(invitations.numDeletedRows)
			};
		}
	};
}
