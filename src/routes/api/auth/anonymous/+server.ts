import { json } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { adminContext } from '$lib/server/context';
import { storageUnavailable } from '$lib/server/db/errors';
import { setSessionCookie } from '$lib/server/web/cookies';
import { unavailableResponse } from '$lib/server/web/errors';
import { overRateLimit } from '$lib/server/web/guard';
import { errorFields, log } from '$lib/server/log';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = async (event) => {
	const limited = await overRateLimit(event, 'anonymous');
	if (limited) return limited;
	// A caller that already has a valid session keeps it: no second user, no sign-out by accident.
	if (event.locals.user) return json({ success: true });
	try {
		const session = await services().identity.createAnonymousSession(
			adminContext('anonymous-session')
		);
		setSessionCookie(event.cookies, session.secret, session.expiresAt);
		return json({ success: true });
	} catch (error) {
		const unavailable = storageUnavailable(error);
		if (unavailable) return unavailableResponse(unavailable);
		log.error('anonymous session failed', { id: event.locals.requestId, ...errorFields(error) });
		return json({ error: 'Failed to create session' }, { status: 500 });
	}
};
