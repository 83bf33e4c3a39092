import { fail } from '@sveltejs/kit';
import { CartLineForm, RemoveLineForm } from '$lib/schemas/shop';
import { services } from '$lib/server/app';
import { userContext } from '$lib/server/context';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

export const load: PageServerLoad = async ({ locals, url }) => {
	// The checkout's quote: the same lines and (member) prices the checkout will charge.
	const quote = await services().checkout.quote(
		userContext(locals.user, locals.sessionId),
		locals.locale
	);
	return {
		lines: quote.lines,
		totalOre: quote.totalOre,
		added: url.searchParams.has('added'),
		cancelled: url.searchParams.get('cancelled') === 'true',
		paymentFailed: url.searchParams.get('error') === 'payment_failed'
	};
};

async function setLine(event: RequestEvent, quantity: number | undefined) {
	const form = Object.fromEntries(await event.request.formData());
	const parsed =
		quantity === undefined
			? CartLineForm.safeParse(form)
			: RemoveLineForm.transform((v) => ({ ...v, quantity })).safeParse(form);
	if (!parsed.success)
		return fail(400, { productId: String(form.productId ?? ''), reason: 'quantity' });
	const { locals } = event;
	if (!locals.user) return fail(400, { productId: parsed.data.productId, reason: 'not_found' });
	const result = await services().shop.setLineQuantity(
		userContext(locals.user, locals.sessionId),
		parsed.data.productId,
		parsed.data.quantity
	);
	if (!result.ok) return fail(409, { productId: parsed.data.productId, reason: result.reason });
	return { updated: parsed.data.productId };
}

export const actions: Actions = {
	update: (event) => setLine(event, undefined),
	remove: (event) => setLine(event, 0)
};
