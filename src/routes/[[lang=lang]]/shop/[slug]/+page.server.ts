import { error, redirect } from '@sveltejs/kit';
import { fail, message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import { AddToCartForm } from '$lib/schemas/shop';
import { services } from '$lib/server/app';
import { keepUntil } from '$lib/server/web/page-cache';
import { ensureSession } from '$lib/server/web/session';
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

const STATUS = { not_found: 404, sold_out: 409, held: 409, over_limit: 409 } as const;

export const actions: Actions = {
	default: async (event) => {
		const form = await superValidate(event.request, zod4(AddToCartForm));
		if (!form.valid) return fail(400, { form });
		const { locale } = event.locals;
		const product = await services().content.shopProduct(locale, event.params.slug);
		if (!product) return message(form, { kind: 'not_found' }, { status: 404 });

		const session = await ensureSession(event);
		if ('retryAfterSeconds' in session)
			return message(form, { kind: 'rate_limited' }, { status: 429 });
		const result = await services().shop.addToCart(session.ctx, product.id, form.data.quantity);
		if (!result.ok) {
			const heldUntil = result.reason === 'held' ? result.heldUntil : null;
			return message(form, { kind: result.reason, heldUntil }, { status: STATUS[result.reason] });
		}

		redirect(
			303,
			`${localizePath('/shop/cart', locale)}?added=${encodeURIComponent(product.slug)}`
		);
	}
};
