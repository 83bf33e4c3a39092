import { filterOf, HolderFilter } from '$lib/schemas/admin-shop';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import { csvResponse } from '$lib/server/csv';
import type { RequestHandler } from './$types';

// Who holds a membership, as the same filter selects them, as a spreadsheet file.
export const GET: RequestHandler = async (event) => {
	const filter = filterOf(HolderFilter, event.url.searchParams);
	const csv = await allowedOr404(
		services().membershipsAdmin.csv(event.locals.caller, filter, event.locals.locale)
	);
	return csvResponse(csv, `members-${new Date().toISOString().slice(0, 10)}.csv`);
};
