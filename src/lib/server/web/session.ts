// A form that needs a cart but finds no session starts an anonymous one, as the API route does.
import type { RequestEvent } from '@sveltejs/kit';
import { services } from '../app';
import { adminContext, userContext, type UserContext } from '../context';
import { setSessionCookie } from './cookies';
import { clientOf } from './guard';

export type SessionOutcome = { ctx: UserContext } | { retryAfterSeconds: number };

export async function ensureSession(event: RequestEvent): Promise<SessionOutcome> {
	const { locals } = event;
	if (locals.user) return { ctx: userContext(locals.user, locals.sessionId) };
	const { identity, rateLimit } = services();
	const decision = await rateLimit('anonymous', clientOf(event));
	if (!decision.allowed) return { retryAfterSeconds: decision.retryAfterSeconds };
	const session = await identity.createAnonymousSession(adminContext('anonymous-session'));
	setSessionCookie(event.cookies, session.secret, session.expiresAt);
	locals.user = session.user;
	locals.sessionId = session.sessionId;
	return { ctx: userContext(session.user, session.sessionId) };
}
