import { redirect } from '@sveltejs/kit';
import { imageTexts } from '$lib/admin/content-texts';
import { localizePath } from '$lib/i18n';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import {
	catalogueFormState,
	catalogueRecordActions,
	productPictureAction
} from '$lib/server/web/shop-admin';
import type { Actions, PageServerLoad } from './$types';

// One product: its form (save), take it off sale or back, delete it; with its audit trail.
export const load: PageServerLoad = async (event) => {
	const { productsAdmin } = services();
	const ctx = event.locals.caller;
	const [found, options, picture] = await Promise.all([
		allowedOr404(productsAdmin.get(ctx, event.params.id, event.locals.locale)),
		allowedOr404(productsAdmin.formOptions(ctx)),
		allowedOr404(productsAdmin.picture(ctx, event.params.id))
	]);
	// A membership plan is edited with its plan fields.
	if (found.product.plan) {
		redirect(
			307,
			localizePath(`/admin/shop/memberships/plans/${found.product.id}`, event.locals.locale)
		);
	}
	return {
		options,
		picture,
		pictureTexts: imageTexts(),
		pictureSaved: event.url.searchParams.has('picture'),
		...catalogueFormState(found, event.locals.locale, event.url)
	};
};

export const actions: Actions = {
	...catalogueRecordActions('product', '/admin/shop/products'),
	picture: productPictureAction
};
