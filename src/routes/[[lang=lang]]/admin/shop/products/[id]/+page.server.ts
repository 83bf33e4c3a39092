import { fail, redirect } from '@sveltejs/kit';
import { errorText, imageTexts } from '$lib/admin/content-texts';
import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { postedPicture } from '$lib/server/web/content-admin';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import { catalogueFormState, catalogueRecordActions } from '$lib/server/web/shop-admin';
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
	/** The product's picture: its own multipart form (the rest of the product is a plain one). */
	picture: async (event) => {
		const { version, values, upload } = await postedPicture(event.request);
		const result = await allowedOr404(
			services().productsAdmin.setImage(
				event.locals.caller,
				event.params.id,
				version,
				values,
				upload
			)
		);
		if (result.ok) {
			redirect(
				303,
				localizePath(`/admin/shop/products/${event.params.id}?picture=1`, event.locals.locale)
			);
		}
		const errors =
			result.reason === 'invalid'
				? Object.fromEntries(Object.entries(result.errors).map(([k, code]) => [k, errorText(code)]))
				: { image: m.admin_content_conflict() };
		return fail(result.reason === 'invalid' ? 400 : 409, {
			pictureValues: values,
			pictureErrors: errors
		});
	}
};
