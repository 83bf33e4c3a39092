// A form that needs a cart but finds no session starts an anonymous one, as the API route does.
import type { RequestEvent } from '@sveltejs/kit';
import { services } from '../app';
import { adminContext, type UserContext } from '../context';
import { setCaller } from './caller';
import { setSessionCookie } from './cookies';
import { clientOf } from './guard';

export type SessionOutcome = { ctx: UserContext } | { retryAfterSeconds: number };

export async function ensureSession(event: RequestEvent): Promise<SessionOutcome> {
	const { locals } = event;
	if (locals.user) return { ctx: locals.caller };
	const { identity, rateLimit } = services();
	const decision = await rateLimit('anonymous', clientOf(event));
	if (!decision.allowed) return { retryAfterSeconds: decision.retryAfterSeconds };
	const session = await identity.createAnonymousSession(adminContext('anonymous-session'));
	setSessionCookie(event.cookies, session.secret, session.expiresAt);
	setCaller(locals, session.user, session.sessionId);
	return { ctx: locals.caller };
}
