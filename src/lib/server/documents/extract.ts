// The text of an assistant document, as headings and paragraphs: PDF through pdf.js (its text
// layer; a scan without one is refused, not OCR'd), Word through mammoth (its HTML output, so
// that headings are known as headings), plain text as is, Markdown without its markup.
// Everything is bounded (pages, characters, inflated XML; each parser runs in a bounded worker)
// and every failure of a parser is a typed refusal, never a crash: the file came from a user.
import type { DocumentType } from '../files';
import { docxHtml } from './docx-html';
import { markdownBlocks } from './markdown';
import { pdfText } from './pdf-text';
import {
	DEFAULT_EXTRACT_LIMITS,
	ExtractRefused,
	type Block,
	type ExtractLimits,
	type ExtractedText
} from './types';

export { pdfText } from './pdf-text';

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

async function docxBlocks(bytes: Buffer, limits: ExtractLimits): Promise<Block[]> {
	return htmlBlocks(await docxHtml(bytes, limits.maxXmlBytes));
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
