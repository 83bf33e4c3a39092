import { services } from '$lib/server/app';
import { cartLineAction } from '$lib/server/web/shop';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, url }) => {
	// The checkout's quote: the same lines and (member) prices the checkout will charge.
	const quote = await services().checkout.quote(locals.caller, locals.locale);
	return {
		lines: quote.lines,
		totalOre: quote.totalOre,
		added: url.searchParams.has('added'),
		cancelled: url.searchParams.get('cancelled') === 'true',
		paymentFailed: url.searchParams.get('error') === 'payment_failed'
	};
};

export const actions: Actions = {
	update: (event) => cartLineAction(event, undefined),
	remove: (event) => cartLineAction(event, 0)
};
