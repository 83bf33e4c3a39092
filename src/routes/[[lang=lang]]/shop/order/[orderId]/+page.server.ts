import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import type { PageServerLoad } from './$types';

// Only the buyer sees an order; for anyone else it does not exist (404), so ids cannot be probed.
export const load: PageServerLoad = async ({ locals, params, url }) => {
	const order = await services().orders.detailForUser(locals.caller, params.orderId);
	if (!order) error(404, 'Not found');
	return { order, success: url.searchParams.get('success') === 'true' };
};
