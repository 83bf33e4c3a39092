import { fail, redirect } from '@sveltejs/kit';
import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import { CheckoutForm, normalizePhone } from '$lib/schemas/shop';
import { services } from '$lib/server/app';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals }) => {
	const quote = await services().checkout.quote(locals.caller, locals.locale);
	const user = locals.user && !locals.user.isAnonymous ? locals.user : null;
	const form = await superValidate(
		{ name: user?.name ?? '', email: user?.email ?? '', expectedTotalOre: quote.totalOre },
		zod4(CheckoutForm),
		{ errors: false }
	);
	const loginUrl = `${localizePath('/auth/login', locals.locale)}?redirectTo=${encodeURIComponent(localizePath('/shop/checkout', locals.locale))}`;
	return { quote, form, loginUrl };
};

const STATUS = {
	empty: 409,
	expired: 409,
	cart_changed: 409,
	sign_in: 403,
	payment_unavailable: 503
} as const;

export const actions: Actions = {
	default: async ({ request, locals, url }) => {
		const form = await superValidate(request, zod4(CheckoutForm));
		if (!form.valid) return fail(400, { form });
		const { config, checkout } = services();
		const result = await checkout.placeOrder(locals.caller, {
			buyer: {
				name: form.data.name,
				email: form.data.email,
				phone: normalizePhone(form.data.phone)
			},
			expectedTotalOre: form.data.expectedTotalOre,
			locale: locals.locale,
			origin: config.PUBLIC_ORIGIN ?? url.origin
		});
		if (!result.ok) return message(form, result.reason, { status: STATUS[result.reason] });
		redirect(303, result.redirectUrl);
	}
};
