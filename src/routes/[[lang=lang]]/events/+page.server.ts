import { services } from '$lib/server/app';
import { parseEventFilter } from '$lib/server/content';
import { chosenCampus } from '$lib/server/http/campus';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, url, cookies }) =>
	services().content.events(
		locals.locale,
		parseEventFilter(url.searchParams, await chosenCampus(cookies))
	);
