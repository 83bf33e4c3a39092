// Codes the shop's form actions answer with, as text in the page's locale.
import { m } from '$lib/paraglide/messages';

const MESSAGES: Record<string, () => string> = {
	quantity: m.shop_error_quantity,
	quantity_invalid: m.shop_error_quantity,
	sold_out: m.shop_error_sold_out,
	over_limit: m.shop_error_over_limit,
	not_found: m.shop_error_not_found,
	rate_limited: m.shop_error_rate_limited
};

export function cartErrorMessage(code: string): string {
	return (MESSAGES[code] ?? m.shop_error_not_found)();
}
