import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import { historyOf, historyTexts, orderPageTexts } from '$lib/server/shop/words';
import { orderAction } from '$lib/server/web/orders-admin';
import type { Actions, PageServerLoad } from './$types';

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

export const actions: Actions = { cancel: orderAction('cancel'), refund: orderAction('refund') };
