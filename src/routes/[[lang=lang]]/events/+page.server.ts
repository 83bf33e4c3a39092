import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { parseEventFilter } from '$lib/server/content';
import { chosenCampus } from '$lib/server/web/campus';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, url, cookies }) => {
	const filter = parseEventFilter(url.searchParams, await chosenCampus(cookies));
	const list = await services().content.events(locals.locale, filter);
	// A page number past the end is a page that does not exist.
	if (filter.page > list.pageCount) error(404, 'Not found');
	return list;
};
