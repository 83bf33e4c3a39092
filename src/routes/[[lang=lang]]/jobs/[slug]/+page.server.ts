import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params }) => {
	const found = await services().content.job(locals.locale, params.slug);
	if (!found) error(404, 'Not found');
	return found;
};
