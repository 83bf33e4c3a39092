// The shop's forms in the one form shape: add to cart (a visitor without a session gets an
// anonymous one here, rate-limited, before the reservation engine is asked), a cart line's
// quantity or removal, and the checkout. Each refusal keeps its status and, where the page shows
// the form again, the form with its message.
import { fail, redirect, type RequestEvent } from '@sveltejs/kit';
import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import {
	AddToCartForm,
	CartLineForm,
	CheckoutForm,
	normalizePhone,
	RemoveLineForm
} from '$lib/schemas/shop';
import { services } from '../app';
import { accepted, formAction, refused } from './form-action';
import { ensureSession } from './session';

const ADD_STATUS = { not_found: 404, sold_out: 409, held: 409, over_limit: 409 } as const;

/** /shop/{slug}: the product into the cart, then the cart, or the form with why not. */
export function addToCartAction(event: RequestEvent<{ slug: string; lang?: string }>) {
	const { locale } = event.locals;
	return formAction(event, {
		async read() {
			const form = await superValidate(event.request, zod4(AddToCartForm));
			if (!form.valid) return refused(fail(400, { form }));
			const product = await services().content.shopProduct(locale, event.params.slug);
			if (!product) return refused(message(form, { kind: 'not_found' }, { status: 404 }));
			// The session is started only for a post the shop would take (the caller is renewed).
			const session = await ensureSession(event);
			if ('retryAfterSeconds' in session) {
				return refused(message(form, { kind: 'rate_limited' }, { status: 429 }));
			}
			return accepted({ form, product });
		},
		run: ({ form, product }, caller) =>
			services().shop.addToCart(caller, product.id, form.data.quantity),
		answer(result, _values, { form, product }) {
			if (!result.ok) {
				const heldUntil = result.reason === 'held' ? result.heldUntil : null;
				const status = ADD_STATUS[result.reason];
				return message(form, { kind: result.reason, heldUntil }, { status });
			}
			const cart = localizePath('/shop/cart', locale);
			redirect(303, `${cart}?added=${encodeURIComponent(product.slug)}`);
		}
	});
}

const refusedLine = (
	status: number,
	productId: string,
	reason: string,
	heldUntil: string | null = null
) => fail(status, { productId, reason, heldUntil });

/** /shop/cart: a line's new quantity (`quantity` undefined: as posted; 0: removed). */
export function cartLineAction(event: RequestEvent, quantity: number | undefined) {
	return formAction(event, {
		async read() {
			const form = Object.fromEntries(await event.request.formData());
			const parsed =
				quantity === undefined
					? CartLineForm.safeParse(form)
					: RemoveLineForm.transform((v) => ({ ...v, quantity })).safeParse(form);
			if (!parsed.success)
				return refused(refusedLine(400, String(form.productId ?? ''), 'quantity'));
			// No session, no cart: nothing of it is there.
			if (!event.locals.user) return refused(refusedLine(400, parsed.data.productId, 'not_found'));
			return accepted(parsed.data);
		},
		run: (line, caller) => services().shop.setLineQuantity(caller, line.productId, line.quantity),
		answer(result, _values, line) {
			if (result.ok) return { updated: line.productId };
			const heldUntil = result.reason === 'held' ? result.heldUntil : null;
			return refusedLine(409, line.productId, result.reason, heldUntil);
		}
	});
}

const CHECKOUT_STATUS = {
	empty: 409,
	expired: 409,
	cart_changed: 409,
	sign_in: 403,
	payment_unavailable: 503
} as const;

/** /shop/checkout: the order placed and the buyer sent to pay, or the form with why not. */
export function checkoutAction(event: RequestEvent) {
	return formAction(event, {
		async read() {
			const form = await superValidate(event.request, zod4(CheckoutForm));
			return form.valid ? accepted(form) : refused(fail(400, { form }));
		},
		run: (form, caller) =>
			services().checkout.placeOrder(caller, {
				buyer: {
					name: form.data.name,
					email: form.data.email,
					phone: normalizePhone(form.data.phone)
				},
				expectedTotalOre: form.data.expectedTotalOre,
				locale: event.locals.locale,
				origin: services().config.PUBLIC_ORIGIN ?? event.url.origin
			}),
		answer(result, _values, form) {
			if (!result.ok) {
				return message(form, result.reason, { status: CHECKOUT_STATUS[result.reason] });
			}
			redirect(303, result.redirectUrl);
		}
	});
}

const PAY_STATUS = { not_found: 404, not_payable: 409, payment_unavailable: 503 } as const;

/**
 * /shop/order/{orderId}: an order placed without a checkout (an event's seat) sent to be paid, or
 * the page with why not.
 */
export function payOrderAction(event: RequestEvent<{ orderId: string }>) {
	return formAction(event, {
		read: async () =>
			services().canCheckout
				? accepted(event.params.orderId)
				: refused(fail(503, { pay: 'payment_unavailable' as const })),
		run: (orderId, caller) =>
			services().payments.payOrder(
				caller,
				orderId,
				services().config.PUBLIC_ORIGIN ?? event.url.origin
			),
		answer(result) {
			if (!result.ok) return fail(PAY_STATUS[result.reason], { pay: result.reason });
			redirect(303, result.redirectUrl);
		}
	});
}
