// What the documents domain reads out of an upload and keeps for the assistant.

/** A paragraph of a document, or a heading (kept as its own paragraph, to give passages context). */
export interface Block {
	kind: 'heading' | 'paragraph';
	text: string;
}

export interface ExtractedText {
	blocks: Block[];
	/** Characters of text in all blocks. */
	characters: number;
	/** A title found in the file itself (PDF metadata, first heading), or null. */
	title: string | null;
}

export const EXTRACT_REFUSALS = ['no_text_layer', 'unreadable', 'too_long', 'empty'] as const;
export type ExtractRefusalCode = (typeof EXTRACT_REFUSALS)[number];

/**
 * A document whose text cannot be taken: a scanned PDF without a text layer (no_text_layer), a
 * damaged file (unreadable), more pages or characters than allowed (too_long), no text (empty).
 */
export class ExtractRefused extends Error {
	override name = 'ExtractRefused';
	constructor(
		readonly code: ExtractRefusalCode,
		detail: string
	) {
		super(detail);
	}
}

export interface ExtractLimits {
	maxPages: number;
	maxCharacters: number;
	/** The most bytes the Word document's XML may inflate to (a ZIP bomb stops here). */
	maxXmlBytes: number;
}

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
	maxPages: 300,
	maxCharacters: 1_000_000,
	maxXmlBytes: 32 * 1024 * 1024
};
