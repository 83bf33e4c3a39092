// What parsing one upload may cost (docs/decisions.md, 2026-11-27, bounded parsing), in one
// place: the checks use these numbers and the refusals name them.

export const FILE_LIMITS = {
	/** Objects in a PDF, written out or packed in object streams (pdf-lib holds each one). */
	pdfObjects: 20_000,
	/** What all of a PDF's streams may decode to together (pdf-limits.ts). */
	pdfExpandedBytes: 256 * 1024 * 1024,
	/** One stage of a stream's filter chain that feeds another (pdf-limits.ts). */
	pdfStageBytes: 16 * 1024 * 1024,
	/** What a Word document's parts (its XML, not its pictures) may inflate to together. */
	docxExpandedBytes: 16 * 1024 * 1024,
	/** How deep a Word document's XML elements may nest (mammoth builds the tree and walks it). */
	docxDepth: 1_000,
	/** The heap of the worker a parser runs in, in MB (bounded-worker.ts). */
	parseHeapMb: 128,
	/** The most time one parser may take, in milliseconds. */
	parseTimeoutMs: 30_000
} as const;

export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
