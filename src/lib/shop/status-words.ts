// An order's status in words. Apart from the shop's other messages (shop-messages.ts) so that a
// page showing a status does not bring the cart's and checkout's texts to the browser with it.
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { OrderStatus } from '$lib/shop/statuses';

type Message = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

// Typed by the one list, so a status added there without words here does not compile.
const ORDER_STATUS: Record<OrderStatus, Message> = {
	pending: m.order_status_pending,
	authorized: m.order_status_authorized,
	paid: m.order_status_paid,
	cancelled: m.order_status_cancelled,
	failed: m.order_status_failed,
	refunding: m.order_status_refunding,
	refunded: m.order_status_refunded
};

/** An order status in words: of the page's locale, or of `locale` (a CSV file, an e-mail). */
export function orderStatusLabel(status: string, locale?: Locale): string {
	if (!Object.hasOwn(ORDER_STATUS, status)) return status;
	return ORDER_STATUS[status as OrderStatus]({}, locale ? { locale } : undefined);
}
