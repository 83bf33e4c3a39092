import { filterOf } from '$lib/schemas/admin-shop';
import { InboxFilter } from '$lib/schemas/application';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { PageServerLoad } from './$types';

// The applications the caller may read (admins all; a unit's leaders their units'), filtered by a
// GET form, newest first, paged, with the counts of what the filter selects.
export const load: PageServerLoad = async (event) => {
	const filter = filterOf(InboxFilter, event.url.searchParams);
	const { applications } = services();
	const ctx = event.locals.caller;
	const [list, choices] = await Promise.all([
		allowedOr404(applications.list(ctx, filter)),
		allowedOr404(applications.choices(ctx))
	]);
	return { ...list, choices, filter };
};
