// The identity store's sessions (lib/server/identity/types.ts, IdentityStore): an anonymous
// visitor's first one, finding the user behind a cookie, renewal, revocation and signing in over an
// anonymous cart. SQL through Kysely, on both engines.
import type { Db } from '../db';
import { coalesced } from '../db/coalesce';
import { engineOf } from '../db/dialect';
import type { FoundSession, IdentityStore, NewSession } from './types';

export function sessionValues(s: NewSession) {
	return {
		id: s.id,
		user_id: s.userId,
		secret_hash: s.secretHash,
		created_at: s.createdAt,
		expires_at: s.expiresAt,
		revoked_at: null,
		last_seen_at: s.createdAt,
		user_agent: s.userAgent ?? null
	};
}

// Revocation keeps the first time a session was revoked: narrow it with .where() to the sessions meant.
export const revokeLiveSessions = (trx: Db, at: string) =>
	trx.updateTable('sessions').set({ revoked_at: at }).where('revoked_at', 'is', null);

type SessionQueries =
	| 'createAnonymousUserWithSession'
	| 'findSessionUser'
	| 'renewSession'
	| 'revokeSession'
	| 'revokeSessionOf'
	| 'revokeAllSessions'
	| 'activeSessions'
	| 'signIn';

/**
 * The live session of each secret, with its user, each answered at its own time (the query asks
 * from the earliest). On PostgreSQL the lookups made at once go together (db/coalesce.ts): every
 * request of a signed-in member starts with one, and a rush brings a thousand in a second, each a
 * round trip. SQLite answers in the same turn without one, and waiting for the turn's end measured
 * slower there (the rush's p99 0.78–0.87 s alone, 0.85–0.98 s together).
 */
function sessionLookups(db: Db): (call: SessionCall) => Promise<FoundSession | null> {
	const lookUp = async (calls: SessionCall[]) => {
		const earliest = calls.reduce((a, c) => (c.now < a ? c.now : a), calls[0]!.now);
		const rows = await db
			.selectFrom('sessions')
			.innerJoin('users', 'users.id', 'sessions.user_id')
			.select([
				'sessions.id as sessionId',
				'sessions.secret_hash',
				'sessions.expires_at',
				'users.id',
				'users.email',
				'users.name',
				'users.is_anonymous'
			])
			.where('sessions.secret_hash', 'in', [...new Set(calls.map((c) => c.secretHash))])
			.where('sessions.revoked_at', 'is', null)
			.where('sessions.expires_at', '>', earliest)
			.execute();
		const bySecret = new Map(rows.map((r) => [r.secret_hash, r]));
		return calls.map(({ secretHash, now }): FoundSession | null => {
			const row = bySecret.get(secretHash);
			if (!row || row.expires_at <= now) return null;
			return {
				sessionId: row.sessionId,
				expiresAt: row.expires_at,
				user: { id: row.id, email: row.email, name: row.name, isAnonymous: row.is_anonymous === 1 }
			};
		});
	};
	if (engineOf(db) === 'postgres') return coalesced(lookUp);
	return async (call) => (await lookUp([call]))[0]!;
}

interface SessionCall {
	secretHash: string;
	now: string;
}

export function sqlSessions(db: Db): Pick<IdentityStore, SessionQueries> {
	const findSession = sessionLookups(db);
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
				await trx.insertInto('sessions').values(sessionValues(s)).execute();
			});
		},
		findSessionUser: (secretHash, now) => findSession({ secretHash, now }),
		async renewSession(sessionId, expiresAt, now) {
			await db
				.updateTable('sessions')
				.set({ expires_at: expiresAt, last_seen_at: now })
				.where('id', '=', sessionId)
				.where('revoked_at', 'is', null)
				.execute();
		},
		async revokeSession(sessionId, at) {
			await revokeLiveSessions(db, at).where('id', '=', sessionId).execute();
		},
		async revokeSessionOf(userId, sessionId, at) {
			const result = await revokeLiveSessions(db, at)
				.where('id', '=', sessionId)
				.where('user_id', '=', userId)
				.executeTakeFirst();
			return Number(result.numUpdatedRows) > 0;
		},
		async revokeAllSessions(userId, at) {
			const result = await revokeLiveSessions(db, at)
				.where('user_id', '=', userId)
				.executeTakeFirst();
			return Number(result.numUpdatedRows);
		},
		async activeSessions(userId, now) {
			const rows = await db
				.selectFrom('sessions')
				.select(['id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent'])
				.where('user_id', '=', userId)
				.where('revoked_at', 'is', null)
				.where('expires_at', '>', now)
				.orderBy('created_at', 'desc')
				.execute();
			return rows.map((r) => ({
				id: r.id,
				createdAt: r.created_at,
				lastSeenAt: r.last_seen_at,
				expiresAt: r.expires_at,
				userAgent: r.user_agent
			}));
		},
		async signIn({ session, anonymous, now }) {
			await db.transaction().execute(async (trx) => {
				if (anonymous && anonymous.userId !== session.userId) {
					const moving = trx
						.selectFrom('cart_reservations')
						.select('product_id')
						.where('cart_id', '=', anonymous.userId);
					// The anonymous cart is the latest intent: it replaces the user's lines of the
					// same products instead of adding to them (which could pass a per-order limit).
					await trx
						.deleteFrom('cart_reservations')
						.where('cart_id', '=', session.userId)
						.where('product_id', 'in', moving)
						.execute();
					await trx
						.updateTable('cart_reservations')
						.set({ cart_id: session.userId })
						.where('cart_id', '=', anonymous.userId)
						.execute();
					await revokeLiveSessions(trx, now).where('id', '=', anonymous.sessionId).execute();
				}
				await trx.insertInto('sessions').values(sessionValues(session)).execute();
			});
		}
	};
}
