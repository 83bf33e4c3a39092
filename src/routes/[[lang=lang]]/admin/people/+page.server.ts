import { error } from '@sveltejs/kit';
import { PeopleSearch } from '$lib/schemas/admin-people';
import { services } from '$lib/server/app';
import { unlessDenied } from '$lib/server/identity/roles';
import type { PageServerLoad } from './$types';

// Users, for admins: search by name or e-mail (a GET form, so a search can be linked), a page at
// a time, each person's roles at a glance. Everyone else learns nothing (404).
export const load: PageServerLoad = async ({ locals, url }) => {
	const query = PeopleSearch.parse({
		q: url.searchParams.get('q') ?? '',
		page: url.searchParams.get('page') ?? 1
	});
	const found = await unlessDenied(services().people.search(locals.caller, query));
	if (!found) error(404, 'Not found');
	return found;
};
