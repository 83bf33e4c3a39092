import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { userContext } from '$lib/server/context';
import type { PageServerLoad } from './$types';

// Only the buyer sees an order; for anyone else it does not exist (404), so ids cannot be probed.
export const load: PageServerLoad = async ({ locals, params, url }) => {
	const order = await services().orders.detailForUser(
		userContext(locals.user, locals.sessionId),
		params.orderId
	);
	if (!order) error(404, 'Not found');
	return { order, success: url.searchParams.get('success') === 'true' };
};
