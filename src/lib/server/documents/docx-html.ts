// A Word document as HTML, by mammoth in a bounded worker (files/bounded-worker.ts), after the
// files port's limit on what its XML parts inflate to (stored files may predate it): mammoth
// holds every part it reads whole, and its HTML says which paragraphs are headings.
import { BoundedLimitReached, runBounded, type BoundedTask } from '../files/bounded-worker';
import { checkDocxLimits } from '../files/docx-limits';
import { FILE_LIMITS } from '../files/limits';
import { FileRefused } from '../files/types';
import { ExtractRefused } from './types';

const MAMMOTH: BoundedTask<Uint8Array, string> = {
	name: 'docx-html',
	modules: ['mammoth'],
	heapMb: FILE_LIMITS.parseHeapMb,
	timeoutMs: FILE_LIMITS.parseTimeoutMs,
	async run(bytes, load) {
		const mammoth = (await load('mammoth')).default;
		const result = await mammoth.convertToHtml(
			{ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
			{
				externalFileAccess: false,
				// Pictures are not text; leaving them out keeps their bytes out of memory.
				convertImage: mammoth.images.imgElement(async () => ({ src: '' }))
			}
		);
		return result.value;
	}
};

export async function docxHtml(bytes: Buffer, maxXmlBytes: number): Promise<string> {
	try {
		await checkDocxLimits(bytes, Math.min(maxXmlBytes, FILE_LIMITS.docxExpandedBytes));
		return await runBounded(MAMMOTH, bytes);
	} catch (error) {
		if (error instanceof FileRefused) {
			throw new ExtractRefused('unreadable', `a Word document past a limit: ${error.message}`);
		}
		const why = error instanceof BoundedLimitReached ? `its ${error.limit} limit` : String(error);
		throw new ExtractRefused('unreadable', `mammoth could not read it within ${why}`);
	}
}
