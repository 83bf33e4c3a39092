import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

// The dashboard: what needs attention, in the caller's scope (the layout has checked it).
export const load: PageServerLoad = async ({ locals, parent }) => {
	const { scope } = await parent();
	const ctx = locals.caller;
	return { dashboard: await services().dashboard.forCaller(ctx, scope, locals.locale) };
};
