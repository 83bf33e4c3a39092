// The codes of the shop's admin forms and filters, apart from their zod schemas so that a page can
// list them without bringing zod into the browser.

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

export const PLAN_PERIODS = ['semester', 'year'] as const;
export const PLAN_AUDIENCES = ['student', 'regular'] as const;
