import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

// The inbox's kinds the caller may read, each with how many are new (the layout has checked the
// caller belongs in the admin area).
export const load: PageServerLoad = async (event) => {
	const { scope } = await event.parent();
	return { counts: await services().inbox.counts(event.locals.caller, scope) };
};
