// The claim as one PDF for accounting: cover pages (claimant, lines, totals, payout account,
// approval trail, list of receipts), then every receipt: images one to a page, PDFs page by page.
// It knows nothing of the database: the caller hands it plain values, the payout account already
// masked or in full as the reader may see it. A receipt that cannot be included (encrypted,
// damaged, past a limit) gets a page saying so instead of failing the whole document, and is
// reported; the receipts are read one at a time and held to a budget (receipts.ts).
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { CLAIM_STATUSES } from '$lib/expenses/statuses';
import { drawCover } from './cover';
import { embedCoverFonts } from './font';
import {
	appendReceipts,
	prepareReceipts,
	type ReceiptBytes,
	type SkippedReceipt
} from './receipts';

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

export type ClaimPdfResult = {
	pdf: Uint8Array;
	coverPages: number;
	/** Receipts replaced by a page saying they could not be included, with why. */
	skippedReceipts: SkippedReceipt[];
};

/** The PDF and what went into it; throws only for input that breaks the schema. */
export async function buildClaimPdf(input: ClaimPdfInput): Promise<ClaimPdfResult> {
	const claim = ClaimPdfInput.parse(input);
	const doc = await PDFDocument.create();
	doc.setTitle(`${claim.id}: ${claim.purpose}`, { showInWindowTitleBar: true });
	doc.setLanguage(claim.locale === 'no' ? 'nb-NO' : 'en-GB');
	doc.setCreator('orgweb');
	const fonts = await embedCoverFonts(doc);
	const receipts = await prepareReceipts(doc, claim.receipts);
	const coverPages = drawCover(doc, fonts, claim, receipts);
	const skippedReceipts = await appendReceipts(doc, fonts, claim.locale, receipts);
	const pdf = await doc.save({ objectsPerTick: 200 });
	return { pdf, coverPages, skippedReceipts };
}

export async function claimPdf(input: ClaimPdfInput): Promise<Uint8Array> {
	return (await buildClaimPdf(input)).pdf;
}
