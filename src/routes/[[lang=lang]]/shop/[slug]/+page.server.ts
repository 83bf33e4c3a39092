import { error, redirect } from '@sveltejs/kit';
import { superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import { AddToCartForm } from '$lib/schemas/shop';
import { services } from '$lib/server/app';
import { keepUntil } from '$lib/server/web/page-cache';
import { addToCartAction } from '$lib/server/web/shop';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, params, setHeaders }) => {
	const product = await services().content.shopProduct(locals.locale, params.slug);
	if (!product) {
		// A renamed product's old address leads to its new one for good.
		const moved = await services().productsAdmin.redirectedSlug(params.slug);
		if (moved) redirect(301, localizePath(`/shop/${encodeURIComponent(moved)}`, locals.locale));
		error(404, 'Not found');
	}
	keepUntil(setHeaders, [product.heldUntil]);
	return { product, form: await superValidate(zod4(AddToCartForm)) };
};

export const actions: Actions = { default: addToCartAction };
