import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals }) => ({
	news: await services().content.news(locals.locale)
});
