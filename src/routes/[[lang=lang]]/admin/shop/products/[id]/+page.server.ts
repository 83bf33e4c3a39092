import { redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { services } from '$lib/server/app';
import { allowedOr404, callerOf } from '$lib/server/http/admin-route';
import { catalogueFormState, catalogueRecordActions } from '$lib/server/http/admin-form';
import type { Actions, PageServerLoad } from './$types';

// One product: its form (save), take it off sale or back, delete it; with its audit trail.
export const load: PageServerLoad = async (event) => {
	const { productsAdmin } = services();
	const ctx = callerOf(event);
	const [found, options] = await Promise.all([
		allowedOr404(productsAdmin.get(ctx, event.params.id)),
		allowedOr404(productsAdmin.formOptions(ctx))
	]);
	// A membership plan is edited with its plan fields.
	if (found.product.plan) {
		redirect(
			307,
			localizePath(`/admin/shop/memberships/plans/${found.product.id}`, event.locals.locale)
		);
	}
	return { options, ...catalogueFormState(found, event.locals.locale, event.url) };
};

export const actions: Actions = catalogueRecordActions('product', '/admin/shop/products');
