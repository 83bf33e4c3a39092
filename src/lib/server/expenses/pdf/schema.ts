// What the claim PDF is made from: plain values, checked before a page is drawn. Every part of
// the PDF reads these types, so they sit below all of them.
import { z } from 'zod';
import { CLAIM_STATUSES } from '$lib/expenses/statuses';

/** A receipt's bytes, or how to read them when the PDF comes to this receipt. */
export type ReceiptBytes = Uint8Array | (() => Promise<Uint8Array | null>);

const Ore = z.number().int();
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const IsoDateTime = z.iso.datetime({ offset: true });
const Text = z.string().max(2000);

export const ClaimStatus = z.enum(CLAIM_STATUSES);
export type ClaimStatus = z.infer<typeof ClaimStatus>;

export const ClaimPdfLine = z.object({
	date: IsoDate,
	description: Text,
	merchant: Text.optional(),
	/** The NOK amount actually charged or claimed, in øre. */
	amountOre: Ore,
	/** For a receipt in another currency: ISO 4217 code and amount in that currency's minor unit. */
	original: z
		.object({ currency: z.string().regex(/^[A-Z]{3}$/), amountMinor: z.number().int() })
		.optional(),
	kind: z.discriminatedUnion('type', [
		z.object({ type: z.literal('receipt') }),
		z.object({
			type: z.literal('mileage'),
			km: z.number().nonnegative(),
			from: Text,
			to: Text,
			rateOre: Ore.optional()
		})
	])
});
export type ClaimPdfLine = z.infer<typeof ClaimPdfLine>;

export const ClaimPdfTrailEntry = z.object({
	at: IsoDateTime,
	actor: Text,
	/** Known actions are translated; any other is printed as given. */
	action: z.string().min(1).max(100),
	reason: Text.nullish()
});
export type ClaimPdfTrailEntry = z.infer<typeof ClaimPdfTrailEntry>;

export const ClaimPdfReceipt = z.object({
	name: z.string().max(500),
	mime: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
	/** The bytes, or how to read them when the PDF comes to this receipt. */
	bytes: z.custom<ReceiptBytes>(
		(value) => value instanceof Uint8Array || typeof value === 'function',
		'expected bytes'
	)
});
export type ClaimPdfReceipt = z.infer<typeof ClaimPdfReceipt>;

export const ClaimPdfInput = z
	.object({
		locale: z.enum(['no', 'en']),
		id: z.string().min(1).max(100),
		claimant: z.object({ name: Text, email: Text }),
		purpose: Text,
		campus: Text,
		unit: Text,
		eventOrProject: Text.nullish(),
		status: ClaimStatus,
		createdAt: IsoDateTime,
		submittedAt: IsoDateTime.nullish(),
		// A draft may have no lines yet; its claimant can still print what there is.
		lines: z.array(ClaimPdfLine),
		totalOre: Ore,
		advanceOre: Ore.nonnegative(),
		owedOre: Ore,
		/** Printed exactly as given: masked (`**** ** 12345`) or in full, the caller decides. */
		payoutAccount: Text.nullish(),
		/** The account was erased after its retention period (it is null then). */
		accountErased: z.boolean().optional(),
		/** The bookkeeping date of the payout, once paid. */
		payoutDate: IsoDate.nullish(),
		trail: z.array(ClaimPdfTrailEntry),
		receipts: z.array(ClaimPdfReceipt)
	})
	// The figures come from the domain; a PDF for the books that disagrees with its own lines is
	// a bug upstream, and is refused rather than printed.
	.refine((c) => c.totalOre === c.lines.reduce((sum, l) => sum + l.amountOre, 0), {
		message: 'totalOre is not the sum of the lines',
		path: ['totalOre']
	})
	.refine((c) => c.owedOre === c.totalOre - c.advanceOre, {
		message: 'owedOre is not totalOre minus advanceOre',
		path: ['owedOre']
	});
export type ClaimPdfInput = z.infer<typeof ClaimPdfInput>;
