import { services } from '$lib/server/app';
import { parseShopFilter } from '$lib/server/content';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = ({ locals, url }) =>
	services().content.shop(locals.locale, parseShopFilter(url.searchParams));
