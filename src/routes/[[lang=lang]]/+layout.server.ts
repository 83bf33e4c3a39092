import { services } from '$lib/server/app';
import { chosenCampus } from '$lib/server/http/campus';
import type { LayoutServerLoad } from './$types';

// The campus selector in the header needs the campuses and the visitor's choice on every page.
export const load: LayoutServerLoad = async ({ cookies }) => {
	const [campuses, campus] = await Promise.all([
		services().content.campuses(),
		chosenCampus(cookies)
	]);
	return { campuses, campus: campus ?? null };
};
