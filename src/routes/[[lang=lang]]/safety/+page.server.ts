import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

// The safety page: its content from the pages table, with the way to the report form below it.
export const load: PageServerLoad = async ({ locals }) => {
	const page = await services().content.page(locals.locale, 'safety');
	if (!page) error(404, 'Not found');
	return { page };
};
