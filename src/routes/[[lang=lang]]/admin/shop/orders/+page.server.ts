import { filterOf, OrderFilter } from '$lib/schemas/admin-shop';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { PageServerLoad } from './$types';

// Every order, searched and filtered by a GET form, paged, with the totals of what it selects.
export const load: PageServerLoad = async (event) => {
	const filter = filterOf(OrderFilter, event.url.searchParams);
	const { ordersAdmin } = services();
	const ctx = event.locals.caller;
	const [list, products] = await Promise.all([
		allowedOr404(ordersAdmin.list(ctx, filter)),
		allowedOr404(ordersAdmin.productChoices(ctx))
	]);
	return { ...list, products, filter };
};
