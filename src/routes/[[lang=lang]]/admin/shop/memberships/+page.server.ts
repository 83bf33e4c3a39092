import { filterOf, HolderFilter } from '$lib/schemas/admin-shop';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { PageServerLoad } from './$types';

// The membership plans on sale, and who holds a membership (searched and filtered by a GET form).
export const load: PageServerLoad = async (event) => {
	const filter = filterOf(HolderFilter, event.url.searchParams);
	const { membershipsAdmin } = services();
	const ctx = event.locals.caller;
	const [plans, holders] = await Promise.all([
		allowedOr404(membershipsAdmin.plans(ctx)),
		allowedOr404(membershipsAdmin.holders(ctx, filter))
	]);
	return { plans, ...holders, filter };
};
