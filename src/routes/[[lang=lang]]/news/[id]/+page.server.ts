import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { movedPermanently } from '$lib/server/http/moved';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params, setHeaders }) => {
	const item = await services().content.newsItem(locals.locale, params.id);
	if (!item) error(404, 'Not found');
	// Asked for by the other language's address: to this language's own.
	const own = item.slugs[locals.locale];
	if (own !== params.id) movedPermanently(`/news/${own}`, locals.locale, setHeaders);
	return { item };
};
