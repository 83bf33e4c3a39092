import { CheckoutReturnQuery } from '$lib/schemas/payments';
import { services } from '$lib/server/app';
import { localizePath } from '$lib/i18n';
import { errorFields, log } from '$lib/server/log';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ url, locals }) => {
	const { config, payments } = services();
	const query = CheckoutReturnQuery.safeParse({ orderId: url.searchParams.get('orderId') });
	let target = '/shop';
	if (query.success) {
		try {
			const ctx = locals.caller;
			target = await payments.checkoutReturn(ctx, query.data.orderId);
		} catch (error) {
			log.error('checkout return failed', { id: locals.requestId, ...errorFields(error) });
			target = '/shop?error=unknown';
		}
	}
	// 303: the browser follows with a GET. The request's origin only stands in when none is configured.
	return new Response(null, {
		status: 303,
		headers: {
			location: (config.PUBLIC_ORIGIN ?? url.origin) + localizePath(target, locals.locale),
			'cache-control': 'no-store'
		}
	});
};
