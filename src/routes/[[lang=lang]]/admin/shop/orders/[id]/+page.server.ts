import { error, fail } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { allowedOr404, callerOf } from '$lib/server/http/admin-route';
import type { OrderActionResult } from '$lib/server/payments';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// One order with its lines, buyer, payment, event log and audit trail; cancel and refund go
// through the payment provider. A second click, or a second admin, changes nothing twice.
export const load: PageServerLoad = async (event) => ({
	order: await allowedOr404(services().ordersAdmin.detail(callerOf(event), event.params.id))
});

/** Done, or refused with the reason (409); an order that is not there is the 404 page. */
function answer(action: 'cancel' | 'refund', result: OrderActionResult) {
	if (result.ok) return { action, result };
	if (result.reason === 'not_found') error(404, 'Not found');
	return fail(409, { action, result });
}

export const actions: Actions = {
	cancel: async (event: RequestEvent) =>
		answer(
			'cancel',
			await allowedOr404(services().ordersAdmin.cancel(callerOf(event), event.params.id))
		),
	refund: async (event: RequestEvent) =>
		answer(
			'refund',
			await allowedOr404(services().ordersAdmin.refund(callerOf(event), event.params.id))
		)
};
