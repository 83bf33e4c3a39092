// How many bytes deflated data inflates to, counted as it inflates and never kept: the measure of
// a decompression bomb in bounded memory (pdf-limits.ts, docx-limits.ts).
import { constants, createInflate, createInflateRaw } from 'node:zlib';

/**
 * The inflated size of `data` (zlib-wrapped, as PDF streams are, or raw, as ZIP entries are),
 * stopping as soon as it passes `cap`. Damaged data counts for what it gave: readers stop there.
 * An error thrown by `onChunk` rejects the promise.
 */
export function inflatedSize(
	data: Buffer,
	cap: number,
	format: 'zlib' | 'raw',
	/** Sees each inflated chunk as it passes (docx-limits.ts measures the XML's nesting). */
	onChunk?: (chunk: Buffer) => void
): Promise<number> {
	return new Promise((resolve, reject) => {
		const options = { finishFlush: constants.Z_SYNC_FLUSH };
		const inflater = format === 'raw' ? createInflateRaw(options) : createInflate(options);
		let size = 0;
		inflater.on('data', (chunk: Buffer) => {
			size += chunk.length;
			try {
				onChunk?.(chunk);
			} catch (error) {
				inflater.destroy();
				reject(error);
				return;
			}
			if (size > cap) {
				inflater.destroy();
				resolve(size);
			}
		});
		inflater.once('end', () => resolve(size));
		inflater.once('error', () => resolve(size));
		inflater.end(data);
	});
}
