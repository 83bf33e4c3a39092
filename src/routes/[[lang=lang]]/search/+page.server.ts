import { services } from '$lib/server/app';
import { SEARCH_MAX_LENGTH } from '$lib/server/content/search';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, url }) => {
	const query = (url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
	const { terms, hits } = await services().content.search(locals.locale, query);
	return { query, hasTerms: terms.length > 0, hits };
};
