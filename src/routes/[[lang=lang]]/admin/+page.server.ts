import { services } from '$lib/server/app';
import { userContext } from '$lib/server/context';
import type { PageServerLoad } from './$types';

// The dashboard: what needs attention, in the caller's scope (the layout has checked it).
export const load: PageServerLoad = async ({ locals, parent }) => {
	const { scope } = await parent();
	const ctx = userContext(locals.user, locals.sessionId);
	return { dashboard: await services().dashboard.forCaller(ctx, scope, locals.locale) };
};
