// Receipts into the claim PDF, one at a time (docs/decisions.md, 2026-11-27: the claim PDF with
// hostile receipts). Each is read when its turn comes and checked on its own before anything of
// it reaches the document: the type is taken from the bytes; a PDF is rebuilt from its pages by
// the files port (byte-level limits, then pdf-lib in a bounded worker: a receipt stored before
// those limits may be hostile), a PNG must be of a sane size before it is decoded. What is kept
// for the document is held to a budget for the whole claim (bytes and PDF objects), so its memory
// is bounded however many receipts it has. A receipt that fails any of this, or finds the budget
// spent, becomes a page saying so; the others are unaffected.
import { PDFDocument, type PDFImage } from 'pdf-lib';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { FILE_LIMITS } from '../../files/limits';
import { rebuildPdf } from '../../files/pdf-rebuild';
import type { CoverFonts } from './font';
import { A4, drawWrapped } from './layout';
import { checkPng } from './png';
import type { ReceiptBytes } from './schema';

/** More pages than this is no receipt; the file stays in the expense system. */
export const MAX_RECEIPT_PAGES = 50;
/**
 * pdf-lib decodes a PNG whole and keeps several copies of it (about 10 bytes a pixel at the peak,
 * outside the JS heap); uploads are normalised to at most 2560 px a side, a lying header is
 * refused here.
 */
export const MAX_PNG_PIXELS = 2560 * 2560;
/**
 * What the receipts of one claim PDF may hold together: the bytes of its images and rebuilt PDFs
 * (kept until the document is saved) and the objects of those PDFs (about a kilobyte of heap
 * each once copied in). Far above a real claim's; a receipt past them gets a page saying so.
 */
export const CLAIM_PDF_BUDGET = { bytes: 48 * 1024 * 1024, objects: 2 * FILE_LIMITS.pdfObjects };

export type SkipReason =
	| 'encrypted'
	| 'unreadable'
	| 'too_many_pages'
	| 'image_too_large'
	| 'unsupported'
	| 'too_complex'
	| 'claim_pdf_full';
export type SkippedReceipt = { number: number; name: string; reason: SkipReason };

export type PreparedReceipt = { number: number; name: string } & (
	| { kind: 'image'; image: PDFImage }
	| { kind: 'pdf'; rebuilt: Uint8Array; pages: number }
	| { kind: 'skipped'; reason: SkipReason }
);

/** A receipt's bytes, or how to read them when its turn comes (null: the file is gone). */
type Receipt = { name: string; bytes: ReceiptBytes };

function sniff(bytes: Uint8Array): 'jpeg' | 'png' | 'pdf' | undefined {
	if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
	const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
	if (png.every((b, i) => bytes[i] === b)) return 'png';
	// Readers accept the header anywhere in the first kilobyte; so does the files port.
	if (Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-')) return 'pdf';
	return undefined;
}

type Budget = { bytes: number; objects: number };

async function prepareOne(
	doc: PDFDocument,
	receipt: Receipt,
	number: number,
	left: Budget
): Promise<PreparedReceipt> {
	const base = { number, name: receipt.name };
	const skip = (reason: SkipReason) => ({ ...base, kind: 'skipped' as const, reason });
	const bytes = typeof receipt.bytes === 'function' ? await receipt.bytes() : receipt.bytes;
	if (!bytes) return skip('unreadable');
	const type = sniff(bytes);
	if (type === undefined) return skip('unsupported');
	if (type === 'pdf') {
		const pdf = await rebuildPdf(bytes, { maxPages: MAX_RECEIPT_PAGES });
		if (!pdf.ok) {
			const simple = ['encrypted', 'unreadable', 'too_many_pages'] as const;
			return skip(simple.find((r) => r === pdf.reason) ?? 'too_complex');
		}
		if (pdf.bytes.length > left.bytes || pdf.objects > left.objects) return skip('claim_pdf_full');
		left.bytes -= pdf.bytes.length;
		left.objects -= pdf.objects;
		return { ...base, kind: 'pdf', rebuilt: pdf.bytes, pages: pdf.pages };
	}
	if (type === 'png') {
		const check = checkPng(bytes, MAX_PNG_PIXELS);
		if (check !== 'ok') return skip(check === 'too_large' ? 'image_too_large' : 'unreadable');
	}
	if (bytes.length > left.bytes) return skip('claim_pdf_full');
	try {
		const image = type === 'jpeg' ? await doc.embedJpg(bytes) : await doc.embedPng(bytes);
		left.bytes -= bytes.length;
		return { ...base, kind: 'image', image };
	} catch {
		return skip('unreadable');
	}
}

/**
 * Checks and embeds the images, rebuilds the PDFs; adds no page yet (the cover comes first, and
 * says how many pages each receipt has).
 */
export async function prepareReceipts(
	doc: PDFDocument,
	receipts: Receipt[]
): Promise<PreparedReceipt[]> {
	const prepared: PreparedReceipt[] = [];
	const left = { ...CLAIM_PDF_BUDGET };
	// One at a time: each may hold megabytes, and the work is CPU-bound anyway.
	for (const [i, receipt] of receipts.entries())
		prepared.push(await prepareOne(doc, receipt, i + 1, left));
	return prepared;
}

const MARGIN = 36;
const CAPTION_SIZE = 9;
const CAPTION_GAP = 8;

function addImagePage(doc: PDFDocument, fonts: CoverFonts, image: PDFImage, caption: string) {
	// A landscape photo gets a landscape page, so it is not shrunk to half the width.
	const [width, height] = image.width > image.height ? [A4[1], A4[0]] : A4;
	const page = doc.addPage([width, height]);
	const { font, clean } = fonts.regular;
	const boxWidth = width - 2 * MARGIN;
	const captionLine = font.widthOfTextAtSize(clean(caption), CAPTION_SIZE);
	// The caption above the image, on one line unless a very long file name needs two.
	const captionHeight = CAPTION_SIZE * (captionLine > boxWidth ? 2.5 : 1.2);
	drawWrapped(
		page,
		clean(caption),
		{ x: MARGIN, y: height - MARGIN - CAPTION_SIZE, font, size: CAPTION_SIZE },
		boxWidth
	);
	const boxHeight = height - 2 * MARGIN - captionHeight - CAPTION_GAP;
	const scale = Math.min(boxWidth / image.width, boxHeight / image.height);
	const drawn = { width: image.width * scale, height: image.height * scale };
	page.drawImage(image, {
		x: (width - drawn.width) / 2,
		y: MARGIN + boxHeight - drawn.height,
		...drawn
	});
}

function addMissingPage(
	doc: PDFDocument,
	fonts: CoverFonts,
	locale: Locale,
	receipt: { number: number; name: string; reason: SkipReason },
	count: number
) {
	const page = doc.addPage(A4);
	const width = A4[0] - 2 * 50;
	let y = A4[1] - 80;
	const write = (text: string, bold = false, size = 11) => {
		const { font, clean } = bold ? fonts.bold : fonts.regular;
		y = drawWrapped(page, clean(text), { x: 50, y, font, size }, width) - size;
	};
	const options = { locale };
	write(m.expense_pdf_receipt_missing_title({ number: receipt.number, count }, options), true, 16);
	write(m.expense_pdf_receipt_missing_file({ name: receipt.name }, options));
	write(reasonText(receipt.reason, locale));
	write(m.expense_pdf_receipt_missing_kept({}, options));
}

export function reasonText(reason: SkipReason, locale: Locale): string {
	const options = { locale };
	switch (reason) {
		case 'encrypted':
			return m.expense_pdf_reason_encrypted({}, options);
		case 'unreadable':
			return m.expense_pdf_reason_unreadable({}, options);
		case 'too_many_pages':
			return m.expense_pdf_reason_too_many_pages({ max: MAX_RECEIPT_PAGES }, options);
		case 'image_too_large':
			return m.expense_pdf_reason_image_too_large({}, options);
		case 'unsupported':
			return m.expense_pdf_reason_unsupported({}, options);
		case 'too_complex':
			return m.expense_pdf_reason_too_complex({}, options);
		case 'claim_pdf_full':
			return m.expense_pdf_reason_claim_pdf_full({}, options);
	}
}

/** Adds each receipt's pages after the cover; returns the receipts that got a placeholder. */
export async function appendReceipts(
	doc: PDFDocument,
	fonts: CoverFonts,
	locale: Locale,
	receipts: PreparedReceipt[]
): Promise<SkippedReceipt[]> {
	const skipped: SkippedReceipt[] = [];
	const count = receipts.length;
	for (const receipt of receipts) {
		if (receipt.kind === 'image') {
			const caption = m.expense_pdf_receipt_caption(
				{ number: receipt.number, count, name: receipt.name },
				{ locale }
			);
			addImagePage(doc, fonts, receipt.image, caption);
		} else if (receipt.kind === 'pdf') {
			// The rebuild is within the limits and holds nothing but pages; it is parsed here one
			// receipt at a time and let go once its pages are copied.
			const source = await PDFDocument.load(receipt.rebuilt, { updateMetadata: false });
			for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
		} else {
			addMissingPage(doc, fonts, locale, receipt, count);
			skipped.push({ number: receipt.number, name: receipt.name, reason: receipt.reason });
		}
	}
	return skipped;
}
