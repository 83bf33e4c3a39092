import { json } from '@sveltejs/kit';
import { overRateLimit } from '$lib/server/web/guard';
import type { RequestHandler } from './$types';

const NO_STORE = { 'cache-control': 'no-store' };

// The session was resolved by the hook; a store failure there already means "not signed in".
export const GET: RequestHandler = async (event) => {
	const limited = await overRateLimit(event, 'public');
	if (limited) return limited;
	const user = event.locals.user;
	if (!user || user.isAnonymous) return json({ authenticated: false }, { headers: NO_STORE });
	return json(
		{ authenticated: true, user: { id: user.id, email: user.email ?? '', name: user.name } },
		{ headers: NO_STORE }
	);
};
