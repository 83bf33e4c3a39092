import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals }) => ({
	jobs: await services().content.openJobs(locals.locale)
});
