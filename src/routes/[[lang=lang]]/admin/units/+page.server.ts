import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

// The unit teams the caller manages: every unit for admins, their own units for leaders (the
// layout has let in staff only).
export const load: PageServerLoad = async ({ locals }) => ({
	units: await services().people.managedUnits(locals.caller)
});
