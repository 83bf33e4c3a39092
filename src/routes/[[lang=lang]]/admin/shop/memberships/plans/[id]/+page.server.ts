import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { catalogueFormState, catalogueRecordActions } from '$lib/server/web/shop-admin';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { Actions, PageServerLoad } from './$types';

// One membership plan: its form (names, price, period, months, on sale), taking it off sale or
// deleting it (refused once bought), with its audit trail.
export const load: PageServerLoad = async (event) => {
	const found = await allowedOr404(
		services().productsAdmin.get(event.locals.caller, event.params.id, event.locals.locale)
	);
	if (!found.product.plan) error(404, 'Not found');
	return catalogueFormState(found, event.locals.locale, event.url);
};

export const actions: Actions = catalogueRecordActions('plan', '/admin/shop/memberships');
