// An order's statuses: the one list for the shop's domain (lib/server/shop/orders.ts types its
// orders with it), the admin's order filter and the status words. Neither zod nor server code
// here, so a page may import it (see "First-visit JavaScript" in docs/decisions.md).

/** Every order status, in the order an order may pass through them. */
export const ORDER_STATUSES = [
	'pending',
	'authorized',
	'paid',
	'refunding',
	'refunded',
	'cancelled',
	'failed'
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
