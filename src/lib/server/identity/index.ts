// Sessions: random 256-bit secrets handed to the browser, stored only as a SHA-256 hash.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AdminContext } from '../context';
import type { IdentityStore, SessionUser } from './types';

export type { IdentityStore, SessionUser } from './types';

export const SESSION_COOKIE = 'session';

// base64url of 32 bytes is 43 characters; anything else cannot be one of our secrets.
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashSecret(secret: string): string {
	return createHash('sha256').update(secret).digest('hex');
}

export interface IssuedSession {
	secret: string;
	expiresAt: Date;
	sessionId: string;
	user: SessionUser;
}

export function identityService(store: IdentityStore, options: { ttlDays: number }) {
	const ttlMs = options.ttlDays * 86_400_000;
	return {
		/** Creates an anonymous user and a session for it. Acts as the system. */
		async createAnonymousSession(_ctx: AdminContext, now = new Date()): Promise<IssuedSession> {
			const userId = randomUUID();
			const secret = randomBytes(32).toString('base64url');
			const expiresAt = new Date(now.getTime() + ttlMs);
			const sessionId = randomUUID();
			await store.createAnonymousUserWithSession({
				id: sessionId,
				userId,
				secretHash: hashSecret(secret),
				createdAt: now.toISOString(),
				expiresAt: expiresAt.toISOString()
			});
			return {
				secret,
				expiresAt,
				sessionId,
				user: { id: userId, email: null, name: '', isAnonymous: true }
			};
		},

		/** The user behind a session cookie, or null for a missing, malformed, expired or revoked one. */
		async resolveSession(
			secret: string | undefined,
			now = new Date()
		): Promise<{ sessionId: string; user: SessionUser } | null> {
			if (!secret || !SECRET_SHAPE.test(secret)) return null;
			return store.findSessionUser(hashSecret(secret), now.toISOString());
		}
	};
}

export type IdentityService = ReturnType<typeof identityService>;
