import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { payOrderAction } from '$lib/server/web/shop';
import type { Actions, PageServerLoad } from './$types';

// Only the buyer sees an order; for anyone else it does not exist (404), so ids cannot be probed.
export const load: PageServerLoad = async ({ locals, params, url }) => {
	const order = await services().orders.detailForUser(locals.caller, params.orderId);
	if (!order) error(404, 'Not found');
	// An order placed without a checkout (an event's seat) is paid from here.
	const payable = order.status === 'pending' && !order.providerSessionId;
	return { order, payable, success: url.searchParams.get('success') === 'true' };
};

export const actions: Actions = { pay: payOrderAction };
