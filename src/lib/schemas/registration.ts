// Wire shapes of GET/POST/DELETE /api/events/{id}/registration (issue 32): the request the POST
// validates and the answers the OpenAPI document describes. The engine's own rules (the answer's
// length and trimming) are registration/types.ts; this is what the wire accepts.
import { z } from 'zod';
import { REGISTRATION_ANSWER_MAX } from './limits';

const Localized = z.object({ no: z.string(), en: z.string() });

/** POST's body: the answer to the event's question, if it asks one. Unknown fields are refused. */
export const RegistrationRequest = z.strictObject({
	answer: z.string().max(500).nullable().optional()
});

/** The member's own registration: always final, never "pending". */
export const MineResponse = z.discriminatedUnion('status', [
	z.object({
		status: z.literal('confirmed'),
		pool: z.object({ id: z.string(), name: Localized }).nullable(),
		late: z.boolean().optional(),
		/** A paid event's seat not paid yet: paid by then, or it goes to the next in line. */
		payBy: z.iso.datetime().optional(),
		/** A paid event's seat: its order, paid on the order page (/shop/order/{orderId}). */
		orderId: z.string().optional()
	}),
	z.object({ status: z.literal('waiting'), position: z.number().int().min(1) }),
	z.object({ status: z.literal('entered'), drawAt: z.iso.datetime() }),
	z.object({ status: z.literal('none') })
]);

export const RegistrationResponse = z.object({
	open: z.boolean(),
	opensAt: z.iso.datetime(),
	closesAt: z.iso.datetime(),
	capacity: z.number().int().min(0),
	confirmed: z.number().int().min(0),
	waiting: z.number().int().min(0),
	pools: z.array(
		z.object({
			id: z.string(),
			name: Localized,
			capacity: z.number().int().min(0),
			confirmed: z.number().int().min(0)
		})
	),
	mine: MineResponse
});

/** The event page's register form: the answer to the question, if the event asks one. */
export const RegisterForm = z.object({
	answer: z.string().max(REGISTRATION_ANSWER_MAX).optional()
});

/** The event page's unregister form: after the deadline, the box saying it is late on purpose. */
export const UnregisterForm = z.object({ confirmLate: z.literal('on').optional() });
