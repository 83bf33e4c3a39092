import type { Db } from '../db';
import type { IdentityStore } from './types';

export function sqlIdentityStore(db: Db): IdentityStore {
	return {
		async createAnonymousUserWithSession(s) {
			await db.transaction().execute(async (trx) => {
				await trx
					.insertInto('users')
					.values({
						id: s.userId,
						email: null,
						name: '',
						is_anonymous: 1,
						locale: null,
						password_hash: null,
						created_at: s.createdAt
					})
					.execute();
				await trx
					.insertInto('sessions')
					.values({
						id: s.id,
						user_id: s.userId,
						secret_hash: s.secretHash,
						created_at: s.createdAt,
						expires_at: s.expiresAt,
						revoked_at: null
					})
					.execute();
			});
		},
		async findSessionUser(secretHash, now) {
			const row = await db
				.selectFrom('sessions')
				.innerJoin('users', 'users.id', 'sessions.user_id')
				.select([
					'sessions.id as sessionId',
					'users.id',
					'users.email',
					'users.name',
					'users.is_anonymous'
				])
				.where('sessions.secret_hash', '=', secretHash)
				.where('sessions.revoked_at', 'is', null)
				.where('sessions.expires_at', '>', now)
				.executeTakeFirst();
			if (!row) return null;
			return {
				sessionId: row.sessionId,
				user: { id: row.id, email: row.email, name: row.name, isAnonymous: row.is_anonymous === 1 }
			};
		},
		async revokeSession(sessionId, at) {
			await db
				.updateTable('sessions')
				.set({ revoked_at: at })
				.where('id', '=', sessionId)
				.execute();
		}
	};
}
