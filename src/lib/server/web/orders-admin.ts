// An order's cancel and refund buttons in the admin (/admin/shop/orders/{id}) in the one form
// shape: the payment provider is asked through the orders service; done, or refused with the
// reason in words (409). An order that is not there, or a caller the roles module refuses, gets
// the 404 page. A second click, or a second admin, changes nothing twice (the service's concern).
import { error, fail, type RequestEvent } from '@sveltejs/kit';
import { services } from '../app';
import { orderDoneText, orderRefusalText } from '../shop/words';
import { accepted, formAction } from './form-action';

export function orderAction(action: 'cancel' | 'refund') {
	return (event: RequestEvent<{ id: string; lang?: string }>) =>
		formAction(event, {
			read: async () => accepted(event.params.id),
			run: (id, caller) => services().ordersAdmin[action](caller, id),
			answer(result) {
				if (result.ok) return { action, result, done: orderDoneText(action), refusal: null };
				if (result.reason === 'not_found') error(404, 'Not found');
				return fail(409, {
					action,
					result,
					done: null,
					refusal: orderRefusalText(result.reason, result.status, action)
				});
			}
		});
}
