// The states a payment provider reports for a session: one list for the callback's schema
// ($lib/schemas/payments.ts), the Vipps adapter's reading of its answers and the dev provider's
// page. Neither zod nor server code here, so a page may import it.
export const PAYMENT_STATES = [
	'CREATED',
	'AUTHORIZED',
	'ABORTED',
	'EXPIRED',
	'TERMINATED'
] as const;
