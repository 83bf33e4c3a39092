// The data-access identity every domain call receives. An admin context (callback, cron,
// anonymous-session creation) acts for the system and answers "nobody" when asked for a user.
import type { SessionUser } from './identity/types';

export type UserContext = {
	kind: 'user';
	user: SessionUser | null;
	sessionId: string | null;
	/**
	 * The request only reads (GET, HEAD): what the caller may do cannot change while it runs, so
	 * their roles are looked up once for all of it.
	 */
	readOnly?: boolean;
};
export type AdminContext = { kind: 'admin'; actor: string };
export type Context = UserContext | AdminContext;

export const adminContext = (actor: string): AdminContext => ({ kind: 'admin', actor });

export function userContext(
	user: SessionUser | null,
	sessionId: string | null,
	readOnly = false
): UserContext {
	return { kind: 'user', user, sessionId, readOnly };
}

/** The user a context acts for; an admin context has none. */
export function currentUser(ctx: Context): SessionUser | null {
	return ctx.kind === 'user' ? ctx.user : null;
}
