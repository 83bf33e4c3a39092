import { services } from '$lib/server/app';
import { parseEventFilter } from '$lib/server/content';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = ({ locals, url }) =>
	services().content.events(locals.locale, parseEventFilter(url.searchParams));
