import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params }) => {
	const item = await services().content.newsItem(locals.locale, params.id);
	if (!item) error(404, 'Not found');
	return { item };
};
