// Every PDF kept is rebuilt (docs/decisions.md, 2026-11-27, PDFs safe by construction): its pages
// are copied into a new document and only that is stored, so nothing the old catalog held (open
// actions, the names tree's scripts and embedded files, AcroForm, XFA) comes along, whatever
// filter chain hid it. A page keeps its content, resources and the annotations a reader draws;
// before the copy its additional actions (/AA), article beads and the field tree behind form
// widgets (where format scripts live) are cut off, annotations that play, attach or embed are
// dropped, and a click action stays only as a plain link (URI or GoTo, not chained): what is cut
// off is not copied at all. pdf-lib does it in a bounded worker (bounded-worker.ts) after the
// byte-level limits (pdf-limits.ts) have passed; what it cannot read or copy is refused. Of the
// old document's information only the title is kept.
import { BoundedLimitReached, runBounded, type BoundedTask } from './bounded-worker';
import { FILE_LIMITS } from './limits';
import { checkPdfLimits, DEFAULT_PDF_LIMITS, type PdfLimits } from './pdf-limits';
import { FileRefused } from './types';

export type RebuildRefusal =
	| 'encrypted'
	| 'unreadable'
	| 'too_many_objects'
	| 'too_many_pages'
	| 'expands_too_much'
	| 'too_costly';

export type RebuiltPdf =
	| { ok: true; bytes: Uint8Array; pages: number; objects: number }
	| { ok: false; reason: RebuildRefusal };

interface RebuildInput {
	bytes: Uint8Array;
	maxObjects: number;
	maxPages: number;
}

const REBUILD: BoundedTask<RebuildInput, RebuiltPdf> = {
	name: 'pdf-rebuild',
	modules: ['pdf-lib'],
	heapMb: FILE_LIMITS.parseHeapMb,
	timeoutMs: FILE_LIMITS.parseTimeoutMs,
	async run(input, load) {
		const { PDFArray, PDFDict, PDFDocument, PDFName, ParseSpeeds } = await load('pdf-lib');
		const refuse = (reason: string) => ({ ok: false as const, reason });
		let source;
		try {
			source = await PDFDocument.load(input.bytes, {
				ignoreEncryption: true,
				updateMetadata: false,
				parseSpeed: ParseSpeeds.Fastest
			});
		} catch {
			return refuse('unreadable');
		}
		if (source.isEncrypted) return refuse('encrypted');
		if (source.context.enumerateIndirectObjects().length > input.maxObjects) {
			return refuse('too_many_objects');
		}
		let pages;
		try {
			// Counting walks the page tree: a root that is no catalog throws a TypeError, a tree
			// that loops back on itself overflows the stack.
			pages = source.getPages();
		} catch {
			return refuse('unreadable');
		}
		if (pages.length === 0) return refuse('unreadable');
		if (pages.length > input.maxPages) return refuse('too_many_pages');

		const name = (n: string) => PDFName.of(n);
		const DRAWN = new Set(
			[
				'Link',
				'Widget',
				'Text',
				'FreeText',
				'Highlight',
				'Underline',
				'StrikeOut',
				'Squiggly',
				'Square',
				'Circle',
				'Line',
				'Polygon',
				'PolyLine',
				'Ink',
				'Stamp',
				'Caret',
				'Popup'
			].map(name)
		);
		const LINKS = new Set([name('URI'), name('GoTo')]);
		try {
			for (const page of pages) {
				const node = page.node;
				node.delete(name('AA'));
				node.delete(name('B'));
				const annotations = node.lookup(name('Annots'));
				if (!(annotations instanceof PDFArray)) {
					node.delete(name('Annots'));
					continue;
				}
				const kept = [];
				for (let i = 0; i < annotations.size(); i++) {
					const ref = annotations.get(i);
					const annotation = annotations.lookup(i);
					if (!(annotation instanceof PDFDict)) continue;
					if (!DRAWN.has(annotation.get(name('Subtype')))) continue;
					annotation.delete(name('AA'));
					annotation.delete(name('Parent'));
					const action = annotation.lookup(name('A'));
					const link =
						action instanceof PDFDict &&
						LINKS.has(action.get(name('S'))) &&
						!action.has(name('Next'));
					if (!link) annotation.delete(name('A'));
					kept.push(ref);
				}
				node.set(name('Annots'), source.context.obj(kept));
			}
			const doc = await PDFDocument.create({ updateMetadata: false });
			// The title is plain text, and the assistant names a document by it.
			const title = source.getTitle();
			if (title) doc.setTitle(title);
			for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
			const bytes = await doc.save({ objectsPerTick: Infinity });
			return {
				ok: true as const,
				bytes,
				pages: pages.length,
				objects: doc.context.enumerateIndirectObjects().length
			};
		} catch {
			return refuse('unreadable');
		}
	}
} as BoundedTask<RebuildInput, RebuiltPdf>;

/**
 * `bytes` rebuilt as described above, or why not: the byte-level limits first (no PDF library
 * sees a file past them), then pdf-lib in its bounded worker, whose heap or time running out is
 * `too_costly`.
 */
export async function rebuildPdf(
	bytes: Uint8Array,
	options: { maxPages?: number; limits?: PdfLimits; heapMb?: number } = {}
): Promise<RebuiltPdf> {
	const limits = options.limits ?? DEFAULT_PDF_LIMITS;
	try {
		await checkPdfLimits(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits);
	} catch (error) {
		if (!(error instanceof FileRefused)) throw error;
		const reason = error.code;
		if (reason === 'too_many_objects' || reason === 'expands_too_much')
			return { ok: false, reason };
		return { ok: false, reason: 'unreadable' };
	}
	try {
		const task = options.heapMb ? { ...REBUILD, heapMb: options.heapMb } : REBUILD;
		return await runBounded(task, {
			bytes,
			maxObjects: limits.maxObjects,
			maxPages: options.maxPages ?? Number.MAX_SAFE_INTEGER
		});
	} catch (error) {
		if (error instanceof BoundedLimitReached) return { ok: false, reason: 'too_costly' };
		return { ok: false, reason: 'unreadable' };
	}
}
