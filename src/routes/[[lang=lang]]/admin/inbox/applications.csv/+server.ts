import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import { csvResponse } from '$lib/server/csv';
import type { RequestHandler } from './$types';

// One job's applications (`?job=<id>`) as a spreadsheet file, for whoever may review them.
export const GET: RequestHandler = async (event) => {
	const job = event.url.searchParams.get('job') ?? '';
	const { csv, slug } = await allowedOr404(
		services().applications.csv(event.locals.caller, job, event.locals.locale)
	);
	return csvResponse(csv, `applications-${slug}-${new Date().toISOString().slice(0, 10)}.csv`);
};
