import { services } from '$lib/server/app';
import { csvResponse } from '$lib/server/csv';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { RequestHandler } from './$types';

// The attendees as a spreadsheet file (name, e-mail, pool, answer, paid), for the organisers only.
export const GET: RequestHandler = async (event) => {
	const csv = await allowedOr404(
		services().registration.attendeesCsv(event.locals.caller, event.params.id, event.locals.locale)
	);
	return csvResponse(csv, `attendees-${event.params.id.replace(/[^A-Za-z0-9-]/g, '')}.csv`);
};
