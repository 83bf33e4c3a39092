import { filterOf } from '$lib/schemas/admin-shop';
import { SafetyFilter } from '$lib/schemas/safety';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { PageServerLoad } from './$types';

// The safety team's reports, newest first, filtered by status and unit. Everyone else, admins
// included, gets 404.
export const load: PageServerLoad = async (event) => {
	const filter = filterOf(SafetyFilter, event.url.searchParams);
	const { safety } = services();
	const [reports, units] = await Promise.all([
		allowedOr404(safety.list(event.locals.caller, filter)),
		safety.unitChoices()
	]);
	return { reports, units, filter };
};
