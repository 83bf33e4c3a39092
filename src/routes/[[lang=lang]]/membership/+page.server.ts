import { fail, redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { BuyMembershipForm } from '$lib/schemas/shop';
import { services } from '$lib/server/app';
import { formAction, zodPost } from '$lib/server/web/form-action';
import type { Actions, PageServerLoad } from './$types';

const loginUrl = (locale: 'no' | 'en') =>
	`${localizePath('/auth/login', locale)}?redirectTo=${encodeURIComponent(localizePath('/membership', locale))}`;

const INVALID = { reason: 'invalid' } as const;

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
	buy: (event) => {
		const { locals } = event;
		const { membership, shop } = services();
		return formAction(event, {
			async read() {
				const read = await zodPost(BuyMembershipForm, () => fail(400, INVALID))(event);
				if ('input' in read && (!locals.user || locals.user.isAnonymous))
					redirect(303, loginUrl(locals.locale));
				return read;
			},
			async run({ productId }, caller) {
				if (!(await membership.isPlan(productId))) return 'not_a_plan' as const;
				// One period per plan and order: adding a plan already in the cart keeps it there.
				return shop.setLineQuantity(caller, productId, 1);
			},
			answer(result) {
				if (result === 'not_a_plan') return fail(404, INVALID);
				if (!result.ok) return fail(409, { reason: result.reason });
				redirect(303, localizePath('/shop/checkout', locals.locale));
			}
		});
	}
};
