import { fail } from '@sveltejs/kit';
import { CartLineForm, RemoveLineForm } from '$lib/schemas/shop';
import { services } from '$lib/server/app';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

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

const refused = (
	status: number,
	productId: string,
	reason: string,
	heldUntil: string | null = null
) => fail(status, { productId, reason, heldUntil });

async function setLine(event: RequestEvent, quantity: number | undefined) {
	const form = Object.fromEntries(await event.request.formData());
	const parsed =
		quantity === undefined
			? CartLineForm.safeParse(form)
			: RemoveLineForm.transform((v) => ({ ...v, quantity })).safeParse(form);
	if (!parsed.success) return refused(400, String(form.productId ?? ''), 'quantity');
	const { locals } = event;
	if (!locals.user) return refused(400, parsed.data.productId, 'not_found');
	const result = await services().shop.setLineQuantity(
		locals.caller,
		parsed.data.productId,
		parsed.data.quantity
	);
	if (!result.ok) {
		const heldUntil = result.reason === 'held' ? result.heldUntil : null;
		return refused(409, parsed.data.productId, result.reason, heldUntil);
	}
	return { updated: parsed.data.productId };
}

export const actions: Actions = {
	update: (event) => setLine(event, undefined),
	remove: (event) => setLine(event, 0)
};
