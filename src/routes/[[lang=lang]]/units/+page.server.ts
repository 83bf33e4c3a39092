import { services } from '$lib/server/app';
import { chosenCampus } from '$lib/server/web/campus';
import type { PageServerLoad } from './$types';

// `?campus=<id>` shows one campus, `?campus=` all; without the parameter the visitor's choice.
// `?type=<code>` shows one type of unit (board, committee, club).
export const load: PageServerLoad = async ({ locals, url, cookies }) => {
	const content = services().content;
	const campuses = await content.campuses();
	const asked = url.searchParams.get('campus');
	const campus =
		asked === null ? await chosenCampus(cookies) : campuses.find((c) => c.id === asked)?.id;
	const type = url.searchParams.get('type')?.trim() || undefined;
	const { groups, types } = await content.unitsByCampus(locals.locale, { campusId: campus, type });
	return {
		groups,
		types,
		filterCampus: campus ?? '',
		filterType: type && types.includes(type) ? type : ''
	};
};
