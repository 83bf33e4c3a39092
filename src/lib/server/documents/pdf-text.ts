// The text layer of a PDF, by pdf.js in a bounded worker (files/bounded-worker.ts): lines as
// pdf.js ends them and a blank line between pages, and its title; receipts read it line by line
// (receipts/text.ts), documents cut it into passages (extract.ts). Refuses no_text_layer, too_long
// or unreadable; a file that runs the worker out of heap or time is unreadable too. The bytes go
// through the files port's PDF limits first (stored files may predate them), so pdf.js never
// inflates a stream bomb, which no heap limit would catch.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BoundedLimitReached, runBounded, type BoundedTask } from '../files/bounded-worker';
import { FILE_LIMITS } from '../files/limits';
import { checkPdfLimits } from '../files/pdf-limits';
import { FileRefused } from '../files/types';
import {
	DEFAULT_EXTRACT_LIMITS,
	ExtractRefused,
	type ExtractLimits,
	type ExtractRefusalCode
} from './types';

/** Letters or digits a PDF must hold, in all, to count as having a text layer. */
const MIN_PDF_TEXT = 20;

interface PdfTextInput {
	bytes: Uint8Array;
	maxPages: number;
	maxCharacters: number;
	minText: number;
	standardFonts: string;
}

type PdfTextOutput =
	| { ok: true; text: string; title: string | null }
	| { ok: false; code: ExtractRefusalCode; detail: string };

const PDF_TEXT: BoundedTask<PdfTextInput, PdfTextOutput> = {
	name: 'pdf-text',
	modules: ['pdfjs-dist/legacy/build/pdf.mjs'],
	heapMb: FILE_LIMITS.parseHeapMb,
	timeoutMs: FILE_LIMITS.parseTimeoutMs,
	async run(input, load) {
		const { getDocument, VerbosityLevel } = await load('pdfjs-dist/legacy/build/pdf.mjs');
		const refuse = (code: ExtractRefusalCode, detail: string) => ({
			ok: false as const,
			code,
			detail
		});
		let doc;
		try {
			doc = await getDocument({
				data: input.bytes,
				isEvalSupported: false,
				disableFontFace: true,
				useSystemFonts: false,
				verbosity: VerbosityLevel.ERRORS,
				standardFontDataUrl: input.standardFonts
			}).promise;
		} catch (error) {
			return refuse('unreadable', `pdf.js could not open it: ${String(error)}`);
		}
		try {
			if (doc.numPages > input.maxPages) {
				return refuse('too_long', `${doc.numPages} pages, at most ${input.maxPages}`);
			}
			let text = '';
			for (let n = 1; n <= doc.numPages; n++) {
				const content = await (await doc.getPage(n)).getTextContent();
				for (const item of content.items) {
					if (!('str' in item)) continue;
					text += item.str;
					if (item.hasEOL) text += '\n';
				}
				text += '\n\n';
				if (text.length > input.maxCharacters) {
					return refuse('too_long', `more than ${input.maxCharacters} characters`);
				}
			}
			if ((text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < input.minText) {
				return refuse('no_text_layer', 'a PDF without a text layer');
			}
			const info = (await doc.getMetadata().catch(() => null))?.info;
			return {
				ok: true as const,
				text,
				title: typeof info?.Title === 'string' ? info.Title : null
			};
		} catch (error) {
			return refuse('unreadable', `pdf.js could not read it: ${String(error)}`);
		} finally {
			await doc.destroy();
		}
	}
};

const STANDARD_FONTS =
	join(
		dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
		'standard_fonts'
	) + '/';

export async function pdfText(
	bytes: Buffer,
	limits: Pick<ExtractLimits, 'maxPages' | 'maxCharacters'> = DEFAULT_EXTRACT_LIMITS
): Promise<{ text: string; title: string | null }> {
	try {
		await checkPdfLimits(bytes);
	} catch (error) {
		if (error instanceof FileRefused) throw new ExtractRefused('unreadable', error.message);
		throw error;
	}
	let result: PdfTextOutput;
	try {
		result = await runBounded(PDF_TEXT, {
			bytes,
			maxPages: limits.maxPages,
			maxCharacters: limits.maxCharacters,
			minText: MIN_PDF_TEXT,
			standardFonts: STANDARD_FONTS
		});
	} catch (error) {
		const why = error instanceof BoundedLimitReached ? `its ${error.limit} limit` : String(error);
		throw new ExtractRefused('unreadable', `pdf.js could not read it within ${why}`);
	}
	if (!result.ok) throw new ExtractRefused(result.code, result.detail);
	return { text: result.text, title: result.title };
}
