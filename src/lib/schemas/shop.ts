// Shop forms: the same schemas validate the form actions and, later, the cart API.
import { z } from 'zod';

export const MAX_QUANTITY = 99;

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
