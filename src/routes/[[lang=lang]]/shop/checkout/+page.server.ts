import { superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import { CheckoutForm } from '$lib/schemas/shop';
import { services } from '$lib/server/app';
import { checkoutAction } from '$lib/server/web/shop';
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

export const actions: Actions = { default: checkoutAction };
