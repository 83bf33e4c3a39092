import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { chosenCampus } from '$lib/server/web/campus';
import type { PageServerLoad } from './$types';

// The campus page: its text, and the leadership of the visitor's campus (all when none is chosen).
export const load: PageServerLoad = async ({ locals, cookies }) => {
	const { content, leadership } = services();
	const campus = await chosenCampus(cookies);
	const [page, leaders] = await Promise.all([
		content.page(locals.locale, 'campus'),
		leadership.leadership(locals.locale, campus)
	]);
	if (!page) error(404, 'Not found');
	return { page, leadership: leaders.body.campuses, filtered: campus !== undefined };
};
