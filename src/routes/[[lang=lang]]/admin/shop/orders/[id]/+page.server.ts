import { error, fail } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import {
	historyOf,
	historyTexts,
	orderDoneText,
	orderPageTexts,
	orderRefusalText
} from '$lib/server/shop/words';
import type { OrderActionResult } from '$lib/server/payments';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// One order with its lines, buyer, payment, event log and audit trail; cancel and refund go
// through the payment provider. A second click, or a second admin, changes nothing twice.
export const load: PageServerLoad = async (event) => {
	const { trail, ...order } = await allowedOr404(
		services().ordersAdmin.detail(event.locals.caller, event.params.id, event.locals.locale)
	);
	const { locale } = event.locals;
	return {
		order,
		history: historyOf(trail, locale),
		texts: { page: orderPageTexts(order, locale), history: historyTexts() }
	};
};

/** Done, or refused with the reason in words (409); an order that is not there is the 404 page. */
function answer(action: 'cancel' | 'refund', result: OrderActionResult) {
	if (result.ok) return { action, result, done: orderDoneText(action), refusal: null };
	if (result.reason === 'not_found') error(404, 'Not found');
	return fail(409, {
		action,
		result,
		done: null,
		refusal: orderRefusalText(result.reason, result.status, action)
	});
}

export const actions: Actions = {
	cancel: async (event: RequestEvent) =>
		answer(
			'cancel',
			await allowedOr404(services().ordersAdmin.cancel(event.locals.caller, event.params.id))
		),
	refund: async (event: RequestEvent) =>
		answer(
			'refund',
			await allowedOr404(services().ordersAdmin.refund(event.locals.caller, event.params.id))
		)
};
