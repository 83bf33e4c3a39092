import { services } from '$lib/server/app';
import { chosenCampus } from '$lib/server/web/campus';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, cookies }) =>
	services().content.home(locals.locale, await chosenCampus(cookies));
