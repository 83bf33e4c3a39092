import { recordChange } from '../audit';
import type { Db } from '../db';
import { isUniqueViolation, lockRows } from '../db/dialect';
import { INVITATION, invitationSubject, TEAM_MEMBER, teamMemberSubject } from './audit-subjects';
import type {
	TokenPurpose,
	AccountRow,
	IdentityStore,
	InvitationRow,
	NewAccount,
	NewSession,
	UnitRole
} from './types';

type Trx = Db;

function sessionValues(s: NewSession) {
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

function accountValues(a: NewAccount) {
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

// Revocation keeps the first time a session was revoked: narrow it with .where() to the sessions meant.
const revokeLiveSessions = (trx: Trx, at: string) =>
	trx.updateTable('sessions').set({ revoked_at: at }).where('revoked_at', 'is', null);

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

class NotPending extends Error {}

export function sqlIdentityStore(db: Db): IdentityStore {
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
		async findSessionUser(secretHash, now) {
			const row = await db
				.selectFrom('sessions')
				.innerJoin('users', 'users.id', 'sessions.user_id')
				.select([
					'sessions.id as sessionId',
					'sessions.expires_at',
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
				expiresAt: row.expires_at,
				user: { id: row.id, email: row.email, name: row.name, isAnonymous: row.is_anonymous === 1 }
			};
		},
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
		},

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
		},

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
		},

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
