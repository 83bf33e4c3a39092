import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { adminScope } from '$lib/server/admin/scope';
import type { LayoutServerLoad } from './$types';

// The admin area: the hook has sent visitors to sign in; signed-in users with no staff role find
// nothing here (404). Each page checks its own permission again through its domain service.
export const load: LayoutServerLoad = async ({ locals }) => {
	const scope = await adminScope(services().roles, locals.caller);
	if (!scope) error(404, 'Not found');
	return { scope };
};
