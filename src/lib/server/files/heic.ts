// HEIC decoding off the main thread. heic-decode runs libheif compiled to WebAssembly, which
// holds the thread for the whole decode (about a second for a 12 MP photo here); in a worker the
// server keeps answering other requests meanwhile. One worker per decode: HEIC uploads are rare
// and the worker's memory (the WebAssembly heap grows to the photo's size) is returned at once.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface DecodedHeic {
	width: number;
	height: number;
	/** RGBA, 4 bytes a pixel. */
	data: Uint8Array;
}

// CommonJS, evaluated: nothing to bundle, and heic-decode is loaded from the path resolved here.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.module);
decode({ buffer: workerData.bytes }).then(
	(image) => parentPort.postMessage(
		{ width: image.width, height: image.height, data: image.data },
		[image.data.buffer]
	),
	(error) => parentPort.postMessage({ error: String((error && error.message) || error) })
);
`;

let modulePath: string | undefined;

/** Far above the few seconds a 12 MP photo takes here: only a decoder stuck on crafted input. */
const GIVE_UP_MS = 60_000;

export function decodeHeic(bytes: Uint8Array): Promise<DecodedHeic> {
	modulePath ??= createRequire(import.meta.url).resolve('heic-decode');
	const copy = new Uint8Array(bytes); // its own buffer, so it can be moved to the worker
	return new Promise((resolve, reject) => {
		const worker = new Worker(WORKER, {
			eval: true,
			workerData: { module: modulePath, bytes: copy },
			transferList: [copy.buffer]
		});
		let settled = false;
		const timer = setTimeout(() => {
			settled = true;
			void worker.terminate();
			reject(new Error('HEIC decoding took too long'));
		}, GIVE_UP_MS);
		worker.once('message', (message: DecodedHeic | { error: string }) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			void worker.terminate();
			if ('error' in message) reject(new Error(`HEIC decoding failed: ${message.error}`));
			else resolve({ ...message, data: new Uint8Array(message.data.buffer) });
		});
		worker.once('error', (error) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			reject(error);
		});
		worker.once('exit', (code) => {
			clearTimeout(timer);
			if (!settled) reject(new Error(`HEIC decoder exited with code ${code}`));
		});
	});
}
