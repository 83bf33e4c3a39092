// The claim form as the page holds it: every field a string, as typed, so that a failed post
// shows back exactly what was sent. The domain (expenses/input.ts) checks it; this only shapes it.
import { z } from 'zod';

// No length limits here: a post is read whole into the form and shown back; the domain's schema
// refuses what is too long with a message on the field (and the body limit bounds it all).
const field = () => z.string().default('');

export const ClaimLineForm = z.object({
	kind: z.enum(['receipt', 'mileage']).catch('receipt'),
	date: field(),
	merchant: field(),
	description: field(),
	amount: field(),
	currency: z.string().default('NOK'),
	originalAmount: field(),
	/** A receipt already received (this post or an earlier one); never asked for again. */
	fileId: field(),
	/** Filled in by the server from the files port, for "received: name.jpg". */
	fileName: field(),
	fileType: field(),
	from: field(),
	to: field(),
	km: field()
});
export type ClaimLineForm = z.infer<typeof ClaimLineForm>;

export const ClaimForm = z.object({
	/** The claim version the form was made from (0: a new claim). */
	version: z.coerce.number().int().min(0).catch(0),
	campusId: field(),
	unitId: field(),
	/** `event:<id>`, `project:<id>` or empty. */
	link: field(),
	purpose: field(),
	payoutAccount: field(),
	advance: field(),
	lines: z.array(ClaimLineForm).default([])
});
export type ClaimForm = z.infer<typeof ClaimForm>;
