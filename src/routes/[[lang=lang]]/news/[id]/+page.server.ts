import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { ownAddresses } from '$lib/server/web/moved';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params, setHeaders }) => {
	const item = await services().content.newsItem(locals.locale, params.id);
	if (!item) error(404, 'Not found');
	const asked = { id: params.id, locale: locals.locale };
	return { item, alternates: ownAddresses('/news', item.slugs, asked, setHeaders) };
};
