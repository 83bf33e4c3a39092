import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals }) => ({
	groups: await services().content.unitsByCampus(locals.locale)
});
