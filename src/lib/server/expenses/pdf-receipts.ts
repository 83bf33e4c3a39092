// Receipts into the claim PDF. Each is checked on its own before anything of it reaches the
// document: the type is taken from the bytes, a PDF must open, be unencrypted and copy into a
// scratch document that saves, a PNG must be of a sane size before it is decoded. A receipt that
// fails any of this becomes a page saying so; the others are unaffected.
import { PDFDict, PDFDocument, PDFName, type PDFImage, type PDFPage } from 'pdf-lib';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { A4, drawWrapped } from './pdf-cover';
import type { CoverFonts } from './pdf-font';
import { checkPng } from './pdf-png';

/** More pages than this is no receipt; the file stays in the expense system. */
export const MAX_RECEIPT_PAGES = 50;
/**
 * pdf-lib decodes a PNG whole and keeps several copies of it (about 10 bytes a pixel at the peak,
 * outside the JS heap); normalised uploads are far below this, a lying header is refused here.
 */
export const MAX_PNG_PIXELS = 25_000_000;

export type SkipReason =
	'encrypted' | 'unreadable' | 'too_many_pages' | 'image_too_large' | 'unsupported';
export type SkippedReceipt = { number: number; name: string; reason: SkipReason };

export type PreparedReceipt = { number: number; name: string } & (
	| { kind: 'image'; image: PDFImage }
	| { kind: 'pdf'; source: PDFDocument; pages: number }
	| { kind: 'skipped'; reason: SkipReason }
);

type Receipt = { name: string; bytes: Uint8Array };

function sniff(bytes: Uint8Array): 'jpeg' | 'png' | 'pdf' | undefined {
	if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
	const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
	if (png.every((b, i) => bytes[i] === b)) return 'png';
	// Readers accept the header anywhere in the first kilobyte; so does the files port.
	if (Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-')) return 'pdf';
	return undefined;
}

async function preparePdf(
	receipt: Receipt
): Promise<{ source: PDFDocument; pages: number } | SkipReason> {
	let source: PDFDocument;
	let pages: number;
	try {
		// pdf-lib's EncryptedPDFError fails `instanceof` (ES5-compiled subclass of Error), so the
		// document is opened regardless and asked; its encrypted streams could not be copied.
		source = await PDFDocument.load(receipt.bytes, {
			ignoreEncryption: true,
			updateMetadata: false
		});
		if (source.isEncrypted) return 'encrypted';
		// Counting walks the page tree: a root that is no catalog throws a TypeError, a tree that
		// loops back on itself overflows the stack.
		pages = source.getPageCount();
	} catch {
		return 'unreadable';
	}
	if (pages === 0) return 'unreadable';
	if (pages > MAX_RECEIPT_PAGES) return 'too_many_pages';
	try {
		// A page tree that counts can still hold references that break on copy or on save.
		const scratch = await PDFDocument.create();
		for (const page of await scratch.copyPages(source, source.getPageIndices()))
			scratch.addPage(page);
		await scratch.save({ objectsPerTick: Infinity });
	} catch {
		return 'unreadable';
	}
	return { source, pages };
}

async function prepareOne(doc: PDFDocument, receipt: Receipt, number: number) {
	const base = { number, name: receipt.name };
	const type = sniff(receipt.bytes);
	if (type === 'pdf') {
		const pdf = await preparePdf(receipt);
		return typeof pdf === 'string'
			? { ...base, kind: 'skipped' as const, reason: pdf }
			: { ...base, kind: 'pdf' as const, ...pdf };
	}
	if (type === 'png') {
		const check = checkPng(receipt.bytes, MAX_PNG_PIXELS);
		if (check !== 'ok')
			return {
				...base,
				kind: 'skipped' as const,
				reason: check === 'too_large' ? ('image_too_large' as const) : ('unreadable' as const)
			};
	}
	if (type === undefined)
		return { ...base, kind: 'skipped' as const, reason: 'unsupported' as const };
	try {
		const image =
			type === 'jpeg' ? await doc.embedJpg(receipt.bytes) : await doc.embedPng(receipt.bytes);
		return { ...base, kind: 'image' as const, image };
	} catch {
		return { ...base, kind: 'skipped' as const, reason: 'unreadable' as const };
	}
}

/** Checks and embeds the images, opens the PDFs; adds no page yet (the cover comes first). */
export async function prepareReceipts(
	doc: PDFDocument,
	receipts: Receipt[]
): Promise<PreparedReceipt[]> {
	const prepared: PreparedReceipt[] = [];
	// One at a time: each may hold megabytes, and the work is CPU-bound anyway.
	for (const [i, receipt] of receipts.entries())
		prepared.push(await prepareOne(doc, receipt, i + 1));
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
	}
}

const SAFE_ACTIONS = new Set([PDFName.of('URI'), PDFName.of('GoTo')]);

/**
 * The files port refuses PDFs with scripts, but a copied page carries its own actions along, so
 * the PDF for accounting drops them too: the page's and each annotation's automatic actions (/AA),
 * and an annotation's click action unless it is a plain link (URI or GoTo, without a chain).
 * Annotations themselves stay: filled-in form fields are drawn by theirs.
 */
function dropActions(page: PDFPage) {
	page.node.delete(PDFName.of('AA'));
	const annotations = page.node.Annots();
	for (let i = 0; i < (annotations?.size() ?? 0); i++) {
		const annotation = annotations?.lookup(i);
		if (!(annotation instanceof PDFDict)) continue;
		annotation.delete(PDFName.of('AA'));
		const action = annotation.lookup(PDFName.of('A'));
		const safe =
			action instanceof PDFDict &&
			SAFE_ACTIONS.has(action.get(PDFName.of('S')) as PDFName) &&
			!action.has(PDFName.of('Next'));
		if (!safe) annotation.delete(PDFName.of('A'));
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
			for (const page of await doc.copyPages(receipt.source, receipt.source.getPageIndices())) {
				dropActions(page);
				doc.addPage(page);
			}
		} else {
			addMissingPage(doc, fonts, locale, receipt, count);
			skipped.push({ number: receipt.number, name: receipt.name, reason: receipt.reason });
		}
	}
	return skipped;
}
