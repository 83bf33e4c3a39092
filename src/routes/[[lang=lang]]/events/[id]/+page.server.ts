import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params }) => {
	const found = await services().content.event(locals.locale, params.id);
	if (!found) error(404, 'Not found');
	return found;
};
