// The text of an assistant document, as headings and paragraphs: PDF through pdf.js (its text
// layer; a scan without one is refused, not OCR'd), Word through mammoth (its HTML output, so
// that headings are known as headings), plain text as is, Markdown without its markup.
// Everything is bounded (pages, characters, inflated XML) and every failure of a parser is a
// typed refusal, never a crash: the file came from a user.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DocumentType } from '../files';
import { zipEntries, readZipEntry } from '../files/zip';
import { markdownBlocks } from './markdown';
import {
	DEFAULT_EXTRACT_LIMITS,
	ExtractRefused,
	type Block,
	type ExtractLimits,
	type ExtractedText
} from './types';

/** Letters or digits a PDF must hold, in all, to count as having a text layer. */
const MIN_PDF_TEXT = 20;

export async function extractText(
	type: DocumentType,
	bytes: Buffer,
	limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS
): Promise<ExtractedText> {
	const read = await readBlocks(type, bytes, limits);
	const blocks = read.blocks
		.map((b) => ({ ...b, text: b.text.replace(/[\s\u00a0]+/g, ' ').trim() }))
		.filter((b) => b.text !== '');
	const characters = blocks.reduce((sum, b) => sum + b.text.length, 0);
	if (characters > limits.maxCharacters) {
		throw new ExtractRefused(
			'too_long',
			`${characters} characters, at most ${limits.maxCharacters}`
		);
	}
	if (characters === 0) {
		if (type === 'pdf') throw new ExtractRefused('no_text_layer', 'a PDF without a text layer');
		throw new ExtractRefused('empty', 'a document without text');
	}
	const title = read.title?.trim() || blocks.find((b) => b.kind === 'heading')?.text || null;
	return { blocks, characters, title };
}

async function readBlocks(
	type: DocumentType,
	bytes: Buffer,
	limits: ExtractLimits
): Promise<{ blocks: Block[]; title?: string | null }> {
	switch (type) {
		case 'pdf':
			return pdfBlocks(bytes, limits);
		case 'docx':
			return { blocks: await docxBlocks(bytes, limits) };
		case 'markdown':
			return { blocks: markdownBlocks(decodeText(bytes)) };
		case 'text':
			return { blocks: textBlocks(decodeText(bytes)) };
	}
}

function decodeText(bytes: Buffer): string {
	return new TextDecoder('utf-8').decode(bytes).replace(/\r\n?/g, '\n');
}

/** Paragraphs are separated by blank lines; lines within one are joined. */
function textBlocks(text: string): Block[] {
	return text.split(/\n\s*\n/).map((p) => ({ kind: 'paragraph' as const, text: p }));
}

async function pdfBlocks(
	bytes: Buffer,
	limits: ExtractLimits
): Promise<{ blocks: Block[]; title: string | null }> {
	const { text, title } = await pdfText(bytes, limits);
	return { blocks: textBlocks(text), title };
}

/**
 * The text layer of a PDF, lines as pdf.js ends them and a blank line between paragraphs, and
 * its title; receipts read it line by line (receipts/text.ts). Refuses no_text_layer, too_long
 * or unreadable. pdf.js is imported when first needed: it is large, and only this path uses it.
 */
export async function pdfText(
	bytes: Buffer,
	limits: Pick<ExtractLimits, 'maxPages' | 'maxCharacters'> = DEFAULT_EXTRACT_LIMITS
): Promise<{ text: string; title: string | null }> {
	const { getDocument, VerbosityLevel } = await import('pdfjs-dist/legacy/build/pdf.mjs');
	let doc;
	try {
		doc = await getDocument({
			data: new Uint8Array(bytes),
			isEvalSupported: false,
			disableFontFace: true,
			useSystemFonts: false,
			verbosity: VerbosityLevel.ERRORS,
			standardFontDataUrl: STANDARD_FONTS
		}).promise;
	} catch (error) {
		throw new ExtractRefused('unreadable', `pdf.js could not open it: ${String(error)}`);
	}
	try {
		if (doc.numPages > limits.maxPages) {
			throw new ExtractRefused('too_long', `${doc.numPages} pages, at most ${limits.maxPages}`);
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
			if (text.length > limits.maxCharacters) {
				throw new ExtractRefused('too_long', `more than ${limits.maxCharacters} characters`);
			}
		}
		if ((text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < MIN_PDF_TEXT) {
			throw new ExtractRefused('no_text_layer', 'a PDF without a text layer');
		}
		const info = (await doc.getMetadata().catch(() => null))?.info as
			{ Title?: unknown } | undefined;
		return { text, title: typeof info?.Title === 'string' ? info.Title : null };
	} catch (error) {
		if (error instanceof ExtractRefused) throw error;
		throw new ExtractRefused('unreadable', `pdf.js could not read it: ${String(error)}`);
	} finally {
		await doc.destroy();
	}
}

const STANDARD_FONTS =
	join(
		dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
		'standard_fonts'
	) + '/';

async function docxBlocks(bytes: Buffer, limits: ExtractLimits): Promise<Block[]> {
	// mammoth inflates the whole document in memory: check first that it stays within bounds.
	const entries = zipEntries(bytes);
	const main = entries?.find((e) => e.name === 'word/document.xml');
	if (!entries || !main || !readZipEntry(bytes, main, limits.maxXmlBytes)) {
		throw new ExtractRefused('unreadable', 'a Word document that is damaged or too large inside');
	}
	// Imported when first needed, as pdf.js is: the server starts without either.
	const { default: mammoth } = await import('mammoth');
	let html: string;
	try {
		const result = await mammoth.convertToHtml(
			{ buffer: bytes },
			{
				externalFileAccess: false,
				// Pictures are not text; leaving them out keeps their bytes out of memory.
				convertImage: mammoth.images.imgElement(async () => ({ src: '' }))
			}
		);
		html = result.value;
	} catch (error) {
		throw new ExtractRefused('unreadable', `mammoth could not read it: ${String(error)}`);
	}
	return htmlBlocks(html);
}

const BLOCK = /<(h[1-6]|p|li|td|th|caption)\b[^>]*>([\s\S]*?)<\/\1>/g;

/** mammoth's HTML is flat and well-formed: headings, paragraphs, list items and table cells. */
function htmlBlocks(html: string): Block[] {
	const blocks: Block[] = [];
	for (const [, tag, inner] of html.matchAll(BLOCK)) {
		const text = decodeEntities(inner!.replace(/<br\s*\/?>/g, '\n').replace(/<[^>]*>/g, ''));
		blocks.push({ kind: tag!.startsWith('h') ? 'heading' : 'paragraph', text });
	}
	return blocks;
}

function decodeEntities(s: string): string {
	return s
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#(x?)([0-9a-f]+);/gi, (_, hex: string, n: string) =>
			String.fromCodePoint(parseInt(n, hex ? 16 : 10))
		)
		.replace(/&amp;/g, '&');
}
