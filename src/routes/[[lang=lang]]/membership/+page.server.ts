import { fail, redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { BuyMembershipForm } from '$lib/schemas/shop';
import { services } from '$lib/server/app';
import type { Actions, PageServerLoad } from './$types';

const loginUrl = (locale: 'no' | 'en') =>
	`${localizePath('/auth/login', locale)}?redirectTo=${encodeURIComponent(localizePath('/membership', locale))}`;

export const load: PageServerLoad = async ({ locals }) => {
	const { membership } = services();
	const ctx = locals.caller;
	return {
		plans: await membership.plans(locals.locale),
		active: await membership.active(ctx),
		signedIn: !!locals.user && !locals.user.isAnonymous,
		loginUrl: loginUrl(locals.locale)
	};
};

// A membership belongs to an account: a visitor without one is sent to sign in first.
export const actions: Actions = {
	buy: async ({ request, locals }) => {
		const form = BuyMembershipForm.safeParse(Object.fromEntries(await request.formData()));
		if (!form.success) return fail(400, { reason: 'invalid' });
		if (!locals.user || locals.user.isAnonymous) redirect(303, loginUrl(locals.locale));
		const { membership, shop } = services();
		if (!(await membership.isPlan(form.data.productId))) return fail(404, { reason: 'invalid' });
		const ctx = locals.caller;
		// One period per plan and order: adding a plan that is already in the cart keeps it there.
		const result = await shop.setLineQuantity(ctx, form.data.productId, 1);
		if (!result.ok) return fail(409, { reason: result.reason });
		redirect(303, localizePath('/shop/checkout', locals.locale));
	}
};
