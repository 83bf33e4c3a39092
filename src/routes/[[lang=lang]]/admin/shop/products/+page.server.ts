import { filterOf, ProductFilter } from '$lib/schemas/admin-shop';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { PageServerLoad } from './$types';

// The shop's products for admins, filtered by a GET form (search, category, on sale, low stock).
export const load: PageServerLoad = async (event) => {
	const filter = filterOf(ProductFilter, event.url.searchParams);
	const list = await allowedOr404(services().productsAdmin.list(event.locals.caller, filter));
	return { ...list, filter, deleted: event.url.searchParams.has('deleted') };
};
