// Plain-text bodies of the content pages: paragraphs separated by blank lines. They render as
// <p> elements, never as HTML, so stored text cannot inject markup.

/** Splits text at blank lines; trims each paragraph and drops empty ones. */
export function paragraphs(text: string): string[] {
	return text
		.replace(/\r\n?/g, '\n')
		.split(/\n[ \t]*\n/)
		.map((p) => p.trim())
		.filter((p) => p !== '');
}
