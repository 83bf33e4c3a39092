// The identity port: what the domain needs from a user and session store. The SQL adapter fills
// it today; an Appwrite adapter can fill it later.
import type { UnitRole } from '$lib/identity/unit-roles';

export { UNIT_ROLES, type UnitRole } from '$lib/identity/unit-roles';

export interface SessionUser {
	id: string;
	email: string | null;
	name: string;
	isAnonymous: boolean;
}

export interface NewSession {
	id: string;
	userId: string;
	secretHash: string;
	createdAt: string;
	expiresAt: string;
	userAgent?: string | null;
}

export interface FoundSession {
	sessionId: string;
	expiresAt: string;
	user: SessionUser;
}

export interface AccountRow {
	id: string;
	email: string;
	name: string;
	passwordHash: string | null;
	emailVerifiedAt: string | null;
	locale: string | null;
}

export interface SessionSummary {
	id: string;
	createdAt: string;
	lastSeenAt: string | null;
	expiresAt: string;
	userAgent: string | null;
}

export interface NewToken {
	id: string;
	userId: string;
	purpose: TokenPurpose;
	tokenHash: string;
	createdAt: string;
	expiresAt: string;
}

export type TokenPurpose = 'verify' | 'reset';

export interface TeamMembership {
	unitId: string;
	unitNameNo: string;
	unitNameEn: string;
	role: UnitRole;
}

export interface OauthFlow {
	stateHash: string;
	provider: string;
	codeVerifier: string;
	nonce: string;
	redirectTo: string;
	createdAt: string;
	expiresAt: string;
}

export interface InvitationRow {
	id: string;
	unitId: string;
	unitNameNo: string;
	unitNameEn: string;
	role: UnitRole;
	email: string;
	createdAt: string;
	expiresAt: string;
	acceptedAt: string | null;
	revokedAt: string | null;
}

export interface NewInvitation {
	id: string;
	unitId: string;
	role: UnitRole;
	email: string;
	tokenHash: string;
	invitedBy: string;
	createdAt: string;
	expiresAt: string;
}

export interface OrderSummary {
	id: string;
	status: string;
	totalOre: number;
	createdAt: string;
}

export interface NewAccount {
	id: string;
	email: string;
	name: string;
	passwordHash: string | null;
	locale: string | null;
	emailVerifiedAt: string | null;
	createdAt: string;
}

/** Options of issuing a signed-in session: what it replaces and what it carries over. */
export interface SignInWrite {
	session: NewSession;
	/** An anonymous session being upgraded: its cart moves to the user and it is revoked. */
	anonymous?: { userId: string; sessionId: string } | null;
	now: string;
}

export interface IdentityStore {
	/** Creates an anonymous user and its first session, both or neither. */
	createAnonymousUserWithSession(session: NewSession): Promise<void>;
	/** The user of an unrevoked session with this secret hash that expires after `now`. */
	findSessionUser(secretHash: string, now: string): Promise<FoundSession | null>;
	/** Moves a session's expiry forward (sliding renewal). */
	renewSession(sessionId: string, expiresAt: string, now: string): Promise<void>;
	revokeSession(sessionId: string, at: string): Promise<void>;
	/** Revokes a session only if it belongs to `userId`; true when one was revoked. */
	revokeSessionOf(userId: string, sessionId: string, at: string): Promise<boolean>;
	revokeAllSessions(userId: string, at: string): Promise<number>;
	activeSessions(userId: string, now: string): Promise<SessionSummary[]>;
	/**
	 * Issues a signed-in session in one transaction; with `anonymous`, the anonymous cart's
	 * reservations move to the user (replacing the user's lines of the same products) and the
	 * anonymous session is revoked.
	 */
	signIn(write: SignInWrite): Promise<void>;

	accountByEmail(email: string): Promise<AccountRow | null>;
	accountById(id: string): Promise<AccountRow | null>;
	/** Inserts a registered (not anonymous) user; false when the e-mail is taken. */
	createAccount(row: NewAccount): Promise<boolean>;
	updateProfile(userId: string, fields: { name?: string; locale?: string | null }): Promise<void>;
	markEmailVerified(userId: string, at: string): Promise<void>;
	/**
	 * Uses a reset token and, in the same transaction, sets the new password, marks the e-mail
	 * verified and revokes every session; false (nothing changed) when the token is not live.
	 */
	resetPassword(tokenHash: string, passwordHash: string, at: string): Promise<boolean>;
	/**
	 * Takes over an unverified account for the verified owner of its e-mail: the password that
	 * someone else may have set is dropped and its sessions are revoked.
	 */
	claimUnverifiedAccount(userId: string, at: string): Promise<void>;

	/** Stores a token, replacing the user's unused tokens of the same purpose. */
	createToken(token: NewToken): Promise<void>;
	/** Whether a token is unused and unexpired now (a read; using it is another step). */
	tokenIsLive(tokenHash: string, purpose: TokenPurpose, now: string): Promise<boolean>;
	/** Marks an unused, unexpired token used and returns its user; null if none (atomic). */
	consumeToken(tokenHash: string, purpose: TokenPurpose, now: string): Promise<string | null>;

	loginFailures(keys: string[]): Promise<LoginFailures[]>;
	/**
	 * Counts an attempt on `key` as a failure before its password is checked, only if the key's
	 * count is still what the caller read (`seen`, null for none): false when another attempt
	 * counted meanwhile. A count last moved before `forgetBefore` starts again at one.
	 */
	takeLoginAttempt(
		key: string,
		seen: LoginFailures | null,
		now: string,
		forgetBefore: string
	): Promise<boolean>;
	/** Takes back one counted attempt (it turned out to be a right password). */
	returnLoginAttempt(key: string): Promise<void>;
	clearLoginFailures(key: string): Promise<void>;

	createOauthFlow(flow: OauthFlow): Promise<void>;
	/** Deletes and returns the flow with this state hash (single use). */
	takeOauthFlow(stateHash: string): Promise<OauthFlow | null>;
	userIdByOauth(provider: string, subject: string): Promise<string | null>;
	linkOauth(provider: string, subject: string, userId: string, at: string): Promise<void>;

	teamsOf(userId: string): Promise<TeamMembership[]>;
	unitRoleOf(userId: string, unitId: string): Promise<UnitRole | null>;
	/** Whether an admin made this user an admin (admin_grants), besides ADMIN_EMAILS. */
	isGrantedAdmin(userId: string): Promise<boolean>;
	/** Whether another holder gave this user the safety role (safety_grants), besides SAFETY_EMAILS. */
	isGrantedSafety(userId: string): Promise<boolean>;
	/** The unit's name in both languages; null when there is no such unit. */
	unitName(unitId: string): Promise<{ no: string; en: string } | null>;
	/** Stores an invitation with its audit entry (by `invitedBy`). */
	createInvitation(invitation: NewInvitation): Promise<void>;
	invitationByTokenHash(tokenHash: string): Promise<InvitationRow | null>;
	pendingInvitations(unitId: string, now: string): Promise<InvitationRow[]>;
	/** Revokes a pending invitation of this unit, audited as `by`'s; false when there was none. */
	revokeInvitation(unitId: string, invitationId: string, at: string, by: string): Promise<boolean>;
	/**
	 * Marks a pending, unexpired invitation accepted by `userId` and puts the user in the team with
	 * its role, atomically; false when the invitation was no longer pending. With `newAccount`
	 * (whose id is `userId`) the account is created in the same transaction.
	 */
	acceptInvitation(
		invitationId: string,
		userId: string,
		now: string,
		newAccount?: NewAccount
	): Promise<boolean>;

	ordersOf(userId: string): Promise<OrderSummary[]>;

	/**
	 * Deletes, each in one statement, what nothing reads any more: sessions that expired or were
	 * revoked before `sessionsBefore`, tokens used or expired before `now`, and invitations that
	 * expired before `now` without being accepted or revoked.
	 */
	deleteStaleRecords(cutoffs: { now: string; sessionsBefore: string }): Promise<StaleRecordCounts>;
}

export interface StaleRecordCounts {
	sessions: number;
	tokens: number;
	invitations: number;
}

export interface LoginFailures {
	key: string;
	failures: number;
	lastFailureAt: string;
}
