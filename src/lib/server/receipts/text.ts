// The text of a receipt as stored by the files port: a PDF's text layer (pdf.js), or a photo's
// text by OCR. A scanned PDF (no text layer) is refused, as are other types: the caller says so.
import { pdfText } from '../documents/extract';
import { ExtractRefused } from '../documents/types';
import { OcrRefused, type OcrService } from './ocr';

export type ReceiptTextRefusal =
	'no_text_layer' | 'unreadable' | 'ocr_timeout' | 'unsupported_type';

const IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const RECEIPT_PDF_LIMITS = { maxPages: 10, maxCharacters: 100_000 };

export async function receiptText(
	ocr: OcrService,
	file: { mimeType: string; bytes: Buffer }
): Promise<{ ok: true; text: string } | { ok: false; reason: ReceiptTextRefusal }> {
	try {
		if (file.mimeType === 'application/pdf') {
			return { ok: true, text: (await pdfText(file.bytes, RECEIPT_PDF_LIMITS)).text };
		}
		if (IMAGES.has(file.mimeType)) return { ok: true, text: await ocr.recognise(file.bytes) };
		return { ok: false, reason: 'unsupported_type' };
	} catch (error) {
		if (error instanceof OcrRefused) return { ok: false, reason: error.code };
		if (error instanceof ExtractRefused) {
			return { ok: false, reason: error.code === 'no_text_layer' ? 'no_text_layer' : 'unreadable' };
		}
		throw error;
	}
}
