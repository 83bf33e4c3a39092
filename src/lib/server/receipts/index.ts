// Receipts read for a suggested expense description (POST /api/expense/generate-description):
// each file's text (text.ts), its facts (facts.ts) and one description for them all
// (describe.ts). A file that cannot be read, or whose text says nothing a receipt says
// (not_a_receipt), is named in `unread` with its reason; the others still make the suggestion.
import { describeReceipts, type Locale, type ReceiptSuggestion } from './describe';
import { looksLikeReceipt, receiptFacts, type ReceiptFacts } from './facts';
import type { OcrService } from './ocr';
import { receiptText, type ReceiptTextRefusal } from './text';

export {
	describeReceipts,
	type Locale,
	type ReceiptSuggestion,
	type SuggestedLine
} from './describe';
export {
	looksLikeReceipt,
	parseAmount,
	receiptFacts,
	type ReceiptFacts,
	type ReceiptItem
} from './facts';
export { ocrService, OcrRefused, type OcrService, type OcrOptions } from './ocr';
export { receiptText, type ReceiptTextRefusal } from './text';

/** Why a receipt gave nothing: its text could not be taken, or says nothing a receipt says. */
export type UnreadReason = ReceiptTextRefusal | 'not_a_receipt';

export interface ReceiptFile {
	mimeType: string;
	bytes: Buffer;
}

export async function suggestFromReceipts(
	ocr: OcrService,
	files: ReceiptFile[],
	locale: Locale
): Promise<
	ReceiptSuggestion & {
		facts: ReceiptFacts[];
		unread: { index: number; reason: UnreadReason }[];
	}
> {
	const facts: ReceiptFacts[] = [];
	const unread: { index: number; reason: UnreadReason }[] = [];
	// One after another: OCR runs one job at a time anyway, and PDFs are quick.
	for (const [index, file] of files.entries()) {
		const read = await receiptText(ocr, file);
		const found = read.ok ? receiptFacts(read.text) : null;
		if (found && looksLikeReceipt(found)) facts.push(found);
		else unread.push({ index, reason: read.ok ? 'not_a_receipt' : read.reason });
	}
	return { ...describeReceipts(facts, locale), facts, unread };
}
