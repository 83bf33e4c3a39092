import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals }) => ({
	projects: await services().content.projects(locals.locale)
});
