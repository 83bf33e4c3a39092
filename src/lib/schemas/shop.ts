// Shop forms: the same schemas validate the form actions and, later, the cart API.
import { z } from 'zod';
import { MAX_QUANTITY } from './limits';

export { MAX_QUANTITY };

// Checked with a refinement, not .int(): superforms parses an "integer" field with parseInt and
// would quietly turn "1.5" into 1; a "number" field keeps 1.5 for us to refuse.
const quantity = z.coerce
	.number({ error: 'quantity_invalid' })
	.refine(Number.isInteger, { error: 'quantity_invalid' })
	.pipe(
		z
			.number()
			.min(1, { error: 'quantity_invalid' })
			.max(MAX_QUANTITY, { error: 'quantity_invalid' })
	);

export const AddToCartForm = z.object({ quantity: quantity.default(1) });

export const CartLineForm = z.object({
	productId: z.string().min(1).max(100),
	quantity: z.coerce.number().int().min(0).max(MAX_QUANTITY)
});

export const RemoveLineForm = z.object({ productId: z.string().min(1).max(100) });

// Checkout: the buyer's details and consent. The total is only the one the buyer was shown; the
// server compares it and never charges it. Error codes are message keys (shop-messages.ts).
export const CheckoutForm = z.object({
	name: z.string().trim().min(2, { error: 'name' }).max(100, { error: 'name' }),
	email: z
		.string()
		.trim()
		.max(254, { error: 'email' })
		.pipe(z.email({ error: 'email' })),
	phone: z
		.string()
		.trim()
		.regex(/^\+?\d(?:[ -]?\d){7,14}$/, { error: 'phone' }),
	terms: z.boolean().refine((v) => v, { error: 'terms' }),
	expectedTotalOre: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(0)
});
export type CheckoutForm = z.infer<typeof CheckoutForm>;

/** A phone number as it is stored and sent to the provider: digits, an optional leading +. */
export const normalizePhone = (phone: string) => phone.replace(/[ -]/g, '');

export const BuyMembershipForm = z.object({ productId: z.string().min(1).max(100) });
