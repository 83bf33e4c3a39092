// The identity store's accounts (lib/server/identity/types.ts, IdentityStore): registered
// accounts and their profile, the one-use links that verify an address or reset a password, counted
// failed sign-ins, and sign-in by a provider (its flows and links). SQL through Kysely, on both engines.
import type { Db } from '../db';
import { isUniqueViolation, lockRows } from '../db/dialect';
import { revokeLiveSessions } from './sessions-sql';
import type { AccountRow, IdentityStore, NewAccount, TokenPurpose } from './types';

type Trx = Db;

export function accountValues(a: NewAccount) {
	return {
		id: a.id,
		email: a.email,
		name: a.name,
		is_anonymous: 0,
		locale: a.locale,
		password_hash: a.passwordHash,
		email_verified_at: a.emailVerifiedAt,
		created_at: a.createdAt
	};
}

/** Marks an unused, unexpired token used; of two simultaneous uses, exactly one gets the user. */
async function useToken(
	trx: Trx,
	tokenHash: string,
	purpose: TokenPurpose,
	now: string
): Promise<string | null> {
	const row = await trx
		.updateTable('auth_tokens')
		.set({ used_at: now })
		.where('token_hash', '=', tokenHash)
		.where('purpose', '=', purpose)
		.where('used_at', 'is', null)
		.where('expires_at', '>', now)
		.returning('user_id')
		.executeTakeFirst();
	return row?.user_id ?? null;
}

type AccountQueries =
	| 'accountByEmail'
	| 'accountById'
	| 'createAccount'
	| 'updateProfile'
	| 'markEmailVerified'
	| 'resetPassword'
	| 'claimUnverifiedAccount'
	| 'createToken'
	| 'tokenIsLive'
	| 'consumeToken'
	| 'loginFailures'
	| 'takeLoginAttempt'
	| 'returnLoginAttempt'
	| 'clearLoginFailures'
	| 'createOauthFlow'
	| 'takeOauthFlow'
	| 'userIdByOauth'
	| 'linkOauth';

export function sqlAccounts(db: Db): Pick<IdentityStore, AccountQueries> {
	const account = async (column: 'email' | 'id', value: string): Promise<AccountRow | null> => {
		const row = await db
			.selectFrom('users')
			.select(['id', 'email', 'name', 'password_hash', 'email_verified_at', 'locale'])
			.where(column, '=', value)
			.where('is_anonymous', '=', 0)
			.executeTakeFirst();
		if (!row || row.email === null) return null;
		return {
			id: row.id,
			email: row.email,
			name: row.name,
			passwordHash: row.password_hash,
			emailVerifiedAt: row.email_verified_at,
			locale: row.locale
		};
	};

	return {
		accountByEmail: (email) => account('email', email),
		accountById: (id) => account('id', id),
		async createAccount(row) {
			try {
				await db.insertInto('users').values(accountValues(row)).execute();
				return true;
			} catch (error) {
				if (isUniqueViolation(error)) return false;
				throw error;
			}
		},
		async updateProfile(userId, fields) {
			if (fields.name === undefined && fields.locale === undefined) return;
			await db
				.updateTable('users')
				.set({
					...(fields.name !== undefined ? { name: fields.name } : {}),
					...(fields.locale !== undefined ? { locale: fields.locale } : {})
				})
				.where('id', '=', userId)
				.execute();
		},
		async markEmailVerified(userId, at) {
			await db
				.updateTable('users')
				.set({ email_verified_at: at })
				.where('id', '=', userId)
				.where('email_verified_at', 'is', null)
				.execute();
		},
		async resetPassword(tokenHash, passwordHash, at) {
			return db.transaction().execute(async (trx) => {
				const userId = await useToken(trx, tokenHash, 'reset', at);
				if (!userId) return false;
				await trx
					.updateTable('users')
					.set((e) => ({
						password_hash: passwordHash,
						email_verified_at: e.fn.coalesce('email_verified_at', e.val(at))
					}))
					.where('id', '=', userId)
					.execute();
				await revokeLiveSessions(trx, at).where('user_id', '=', userId).execute();
				return true;
			});
		},
		async claimUnverifiedAccount(userId, at) {
			await db.transaction().execute(async (trx) => {
				await trx
					.updateTable('users')
					.set({ password_hash: null, email_verified_at: at })
					.where('id', '=', userId)
					.where('email_verified_at', 'is', null)
					.execute();
				await revokeLiveSessions(trx, at).where('user_id', '=', userId).execute();
			});
		},

		async createToken(t) {
			await db.transaction().execute(async (trx) => {
				// A new link replaces the user's unused one. Two requests at once on PostgreSQL would
				// each delete only what was committed before they started and leave two live links; the
				// user's row lock makes the second wait for the first and then delete its link.
				await lockRows(trx, trx.selectFrom('users').select('id').where('id', '=', t.userId));
				await trx
					.deleteFrom('auth_tokens')
					.where('user_id', '=', t.userId)
					.where('purpose', '=', t.purpose)
					.where('used_at', 'is', null)
					.execute();
				await trx
					.insertInto('auth_tokens')
					.values({
						id: t.id,
						user_id: t.userId,
						purpose: t.purpose,
						token_hash: t.tokenHash,
						created_at: t.createdAt,
						expires_at: t.expiresAt,
						used_at: null
					})
					.execute();
			});
		},
		async tokenIsLive(tokenHash, purpose, now) {
			const row = await db
				.selectFrom('auth_tokens')
				.select('user_id')
				.where('token_hash', '=', tokenHash)
				.where('purpose', '=', purpose)
				.where('used_at', 'is', null)
				.where('expires_at', '>', now)
				.executeTakeFirst();
			return row !== undefined;
		},

		consumeToken: (tokenHash, purpose, now) => useToken(db, tokenHash, purpose, now),

		async loginFailures(keys) {
			if (keys.length === 0) return [];
			const rows = await db
				.selectFrom('login_failures')
				.selectAll()
				.where('key', 'in', keys)
				.execute();
			return rows.map((r) => ({
				key: r.key,
				failures: r.failures,
				lastFailureAt: r.last_failure_at
			}));
		},
		async takeLoginAttempt(key, seen, now, forgetBefore) {
			// Forgotten rows go as new ones come, so addresses that tried once do not pile up. The table
			// holds at most an hour of failures, so this scan stays small without an index.
			await db.deleteFrom('login_failures').where('last_failure_at', '<=', forgetBefore).execute();
			if (!seen || seen.lastFailureAt <= forgetBefore) {
				const inserted = await db
					.insertInto('login_failures')
					.values({ key, failures: 1, last_failure_at: now })
					.onConflict((oc) => oc.column('key').doNothing())
					.executeTakeFirst();
				return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
			}
			const updated = await db
				.updateTable('login_failures')
				.set({ failures: seen.failures + 1, last_failure_at: now })
				.where('key', '=', key)
				.where('failures', '=', seen.failures)
				.where('last_failure_at', '=', seen.lastFailureAt)
				.executeTakeFirst();
			return Number(updated.numUpdatedRows) === 1;
		},
		async returnLoginAttempt(key) {
			await db
				.updateTable('login_failures')
				.set((e) => ({ failures: e('failures', '-', 1) }))
				.where('key', '=', key)
				.where('failures', '>', 0)
				.execute();
		},
		async clearLoginFailures(key) {
			await db.deleteFrom('login_failures').where('key', '=', key).execute();
		},

		async createOauthFlow(f) {
			await db
				.insertInto('oauth_flows')
				.values({
					state_hash: f.stateHash,
					provider: f.provider,
					code_verifier: f.codeVerifier,
					nonce: f.nonce,
					redirect_to: f.redirectTo,
					created_at: f.createdAt,
					expires_at: f.expiresAt
				})
				.execute();
			// Abandoned flows are removed as new ones start; they carry no user data.
			await db.deleteFrom('oauth_flows').where('expires_at', '<', f.createdAt).execute();
		},
		async takeOauthFlow(stateHash) {
			const row = await db
				.deleteFrom('oauth_flows')
				.where('state_hash', '=', stateHash)
				.returningAll()
				.executeTakeFirst();
			if (!row) return null;
			return {
				stateHash: row.state_hash,
				provider: row.provider,
				codeVerifier: row.code_verifier,
				nonce: row.nonce,
				redirectTo: row.redirect_to,
				createdAt: row.created_at,
				expiresAt: row.expires_at
			};
		},
		async userIdByOauth(provider, subject) {
			const row = await db
				.selectFrom('oauth_accounts')
				.select('user_id')
				.where('provider', '=', provider)
				.where('subject', '=', subject)
				.executeTakeFirst();
			return row?.user_id ?? null;
		},
		async linkOauth(provider, subject, userId, at) {
			await db
				.insertInto('oauth_accounts')
				.values({ provider, subject, user_id: userId, created_at: at })
				.onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
				.execute();
		}
	};
}
