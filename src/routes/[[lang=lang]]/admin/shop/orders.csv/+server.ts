import { filterOf, OrderFilter } from '$lib/schemas/admin-shop';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import { csvResponse } from '$lib/server/csv';
import type { RequestHandler } from './$types';

// The order list as the same filter selects it, every page, as a spreadsheet file.
export const GET: RequestHandler = async (event) => {
	const filter = filterOf(OrderFilter, event.url.searchParams);
	const csv = await allowedOr404(
		services().ordersAdmin.csv(event.locals.caller, filter, event.locals.locale)
	);
	return csvResponse(csv, `orders-${new Date().toISOString().slice(0, 10)}.csv`);
};
