// The claim as one PDF for accounting: cover pages (claimant, lines, totals, payout account,
// approval trail, list of receipts), then every receipt: images one to a page, PDFs page by page.
// It knows nothing of the database: the caller hands it plain values, the payout account already
// masked or in full as the reader may see it. A receipt that cannot be included (encrypted,
// damaged, past a limit) gets a page saying so instead of failing the whole document, and is
// reported; the receipts are read one at a time and held to a budget (receipts.ts).
import { PDFDocument } from 'pdf-lib';
import { drawCover } from './cover';
import { embedCoverFonts } from './font';
import { appendReceipts, prepareReceipts, type SkippedReceipt } from './receipts';
import { ClaimPdfInput } from './schema';

export {
	ClaimPdfInput,
	ClaimPdfLine,
	ClaimPdfReceipt,
	ClaimPdfTrailEntry,
	ClaimStatus
} from './schema';

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
