// Wire shapes of the payment routes, shared by the handlers and the OpenAPI document.
import { z } from 'zod';
import { PAYMENT_STATES } from '$lib/payments/states';

const Id = z.string().min(1).max(200);

/**
 * The provider's callback body. Only the session identifier is ours to read; it may sit in one
 * of four places (see sessionIdOf). Everything else the provider sends is kept as it is.
 */
export const CallbackBody = z.looseObject({
	sessionId: Id.optional(),
	checkoutSessionId: Id.optional(),
	session: z.looseObject({ sessionId: Id.optional() }).optional(),
	reference: Id.optional()
});
export type CallbackBody = z.infer<typeof CallbackBody>;

/** First present wins: sessionId, checkoutSessionId, session.sessionId, reference. */
export function sessionIdOf(body: CallbackBody): string | undefined {
	return body.sessionId ?? body.checkoutSessionId ?? body.session?.sessionId ?? body.reference;
}

export const CallbackResult = z.looseObject({ success: z.boolean(), message: z.string() });
export type CallbackResult = z.infer<typeof CallbackResult>;

export const PaymentState = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof PaymentState>;

export const CheckoutReturnQuery = z.object({ orderId: Id });

const blankAsUnset = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * The simulator page's test hooks: how many identical callbacks to send at once (duplicates),
 * after how long (late: the buyer is back before the callback), and a state to report afterwards
 * (out of order, e.g. CREATED or EXPIRED after the payment went through).
 */
export const SimulatorDecisionForm = z.object({
	copies: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(100).default(1)),
	delayMs: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(60_000).default(0)),
	then: z.preprocess(blankAsUnset, PaymentState.optional())
});
