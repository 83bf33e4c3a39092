// Who someone is and how they sign in: accounts, sessions, tokens, providers, teams and grants.
import type { Generated } from 'kysely';

export interface UsersTable {
	id: string;
	email: string | null;
	name: string;
	password_hash: string | null;
	is_anonymous: Generated<number>;
	locale: string | null;
	created_at: string;
	/** When the owner proved the address (link, invitation or a provider's verified claim). */
	email_verified_at: string | null;
	/** When the account was deleted and its row anonymised (migration 017); null while it lives. */
	deleted_at: string | null;
	/** The campus the person names in their profile (migration 028); null: none named. */
	campus_id: Generated<string | null>;
}

export interface SessionsTable {
	id: string;
	user_id: string;
	secret_hash: string;
	created_at: string;
	expires_at: string;
	revoked_at: string | null;
	/** Last sliding renewal; shown on the profile's session list. */
	last_seen_at: string | null;
	/** The browser's User-Agent at sign-in, cut to 200 characters, to tell sessions apart. */
	user_agent: string | null;
}

/** purpose: 'verify' (e-mail address) or 'reset' (password). */
export interface AuthTokensTable {
	id: string;
	user_id: string;
	purpose: string;
	token_hash: string;
	created_at: string;
	expires_at: string;
	used_at: string | null;
}

export interface LoginFailuresTable {
	key: string;
	failures: number;
	last_failure_at: string;
}

export interface OauthAccountsTable {
	provider: string;
	subject: string;
	user_id: string;
	created_at: string;
}

export interface OauthFlowsTable {
	state_hash: string;
	provider: string;
	code_verifier: string;
	nonce: string;
	redirect_to: string;
	created_at: string;
	expires_at: string;
}

/**
 * role: member | leader | finance. The one record of who is on a unit's team; the titles are what
 * the public pages show with the person's name (migration 025), none: the role's own word.
 */
export interface TeamMembersTable {
	unit_id: string;
	user_id: string;
	role: string;
	created_at: string;
	title_no: string | null;
	title_en: string | null;
}

export interface InvitationsTable {
	id: string;
	unit_id: string;
	role: string;
	email: string;
	token_hash: string;
	invited_by: string;
	created_at: string;
	expires_at: string;
	accepted_at: string | null;
	accepted_by: string | null;
	revoked_at: string | null;
}

export interface AdminGrantsTable {
	user_id: string;
	granted_by: string;
	granted_at: string;
}
