// Codes the shop's form actions answer with, as text in the page's locale.
import { formatTimeNotBefore } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';

const MESSAGES: Record<string, () => string> = {
	quantity: m.shop_error_quantity,
	quantity_invalid: m.shop_error_quantity,
	sold_out: m.shop_error_sold_out,
	held: m.shop_error_sold_out,
	over_limit: m.shop_error_over_limit,
	not_found: m.shop_error_not_found,
	rate_limited: m.shop_error_rate_limited
};

/** A refusal of the cart; `held` (the rest reserved in other carts) says when they may come back. */
export function cartErrorMessage(
	code: string,
	held?: { heldUntil?: string | null; locale: Locale }
): string {
	if (code === 'held' && held?.heldUntil) {
		return m.shop_error_held({ time: formatTimeNotBefore(held.heldUntil, held.locale) });
	}
	return (MESSAGES[code] ?? m.shop_error_not_found)();
}

const CHECKOUT: Record<string, () => string> = {
	name: m.checkout_error_name,
	email: m.checkout_error_email,
	phone: m.checkout_error_phone,
	terms: m.checkout_error_terms,
	empty: m.checkout_error_empty,
	expired: m.checkout_error_expired,
	cart_changed: m.checkout_error_cart_changed,
	sign_in: m.checkout_error_sign_in,
	payment_unavailable: m.checkout_error_payment_unavailable,
	rate_limited: m.shop_error_rate_limited
};

export function checkoutMessage(code: string): string {
	return (CHECKOUT[code] ?? m.checkout_error_invalid)();
}
