// HEIC decoding off the main thread, in the bounded worker every parser of uploads runs in
// (bounded-worker.ts). heic-decode runs libheif compiled to WebAssembly, which holds its thread for
// the whole decode (about a second for a 12 MP photo here); in a worker the server keeps answering
// meanwhile. One worker per decode: HEIC uploads are rare and the worker's memory (the WebAssembly
// heap grows to the photo's size, which images.ts has bounded from the header) is returned at once.
import { runBounded, type BoundedTask } from './bounded-worker';
import { FILE_LIMITS } from './limits';

export interface DecodedHeic {
	width: number;
	height: number;
	/** RGBA, 4 bytes a pixel. */
	data: Uint8Array;
}

const DECODE: BoundedTask<Uint8Array, DecodedHeic> = {
	name: 'heic-decode',
	modules: ['heic-decode'],
	// The pixels live in WebAssembly memory, outside this heap; the heap holds little.
	heapMb: 64,
	timeoutMs: FILE_LIMITS.parseTimeoutMs,
	async run(bytes, load) {
		const decode = (await load('heic-decode')).default;
		const image = await decode({ buffer: bytes });
		return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer) };
	}
};

/** Throws BoundedLimitReached past the time limit, BoundedTaskFailed when libheif fails. */
export function decodeHeic(bytes: Uint8Array): Promise<DecodedHeic> {
	return runBounded(DECODE, bytes);
}
