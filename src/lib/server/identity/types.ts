// The identity port: what the domain needs from a user and session store. The SQL adapter fills
// it today; an Appwrite adapter can fill it later.

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
}

export interface IdentityStore {
	/** Creates an anonymous user and its first session, both or neither. */
	createAnonymousUserWithSession(session: NewSession): Promise<void>;
	/** The user of an unrevoked session with this secret hash that expires after `now`. */
	findSessionUser(
		secretHash: string,
		now: string
	): Promise<{ sessionId: string; user: SessionUser } | null>;
	revokeSession(sessionId: string, at: string): Promise<void>;
}
