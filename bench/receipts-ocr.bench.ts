// OCR of a receipt photo (receipts/ocr.ts: sharp's greyscale/normalise, then tesseract.js with
// the Norwegian and English LSTM models in its worker thread), against the baseline of only the
// sharp step on the same photo. Before the benches, the event loop's delay is measured while
// five photos are read and while it idles as long: OCR in the worker thread should leave it free.
// Run: npx vitest bench --run --project unit bench/receipts-ocr.bench.ts   (the summary prints the ratios)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { bench, describe } from 'vitest';
import { ocrService, prepareImage } from '../src/lib/server/receipts/ocr';
import {
	ENGLISH_RECEIPT,
	NORWEGIAN_RECEIPT,
	receiptImage
} from '../src/lib/server/receipts/test-fixtures';

const norwegian = await receiptImage(NORWEGIAN_RECEIPT, 'jpeg');
const english = await receiptImage(ENGLISH_RECEIPT);
const ocr = ocrService({ timeoutMs: 60_000 });
await ocr.recognise(english); // the worker's start (models, WebAssembly) is not what is measured

async function loopDelay(work: () => Promise<unknown>) {
	const histogram = monitorEventLoopDelay({ resolution: 5 });
	histogram.enable();
	const started = performance.now();
	await work();
	histogram.disable();
	return { ms: performance.now() - started, p99: histogram.percentile(99) / 1e6 };
}
const busy = await loopDelay(async () => {
	for (let i = 0; i < 5; i++) await ocr.recognise(norwegian);
});
const idle = await loopDelay(() => new Promise((r) => setTimeout(r, busy.ms)));
console.log(
	`event-loop delay p99: ${busy.p99.toFixed(1)} ms during 5 OCR jobs (${busy.ms.toFixed(0)} ms), ` +
		`${idle.p99.toFixed(1)} ms idle; ratio ${(busy.p99 / idle.p99).toFixed(2)}`
);

describe('a receipt photo (700×370 px)', () => {
	bench(
		'baseline: sharp greyscale/normalise only',
		async () => {
			await prepareImage(norwegian, { maxSide: 2000, maxInputPixels: 50_000_000 });
		},
		{ iterations: 10, time: 0, warmupIterations: 1 }
	);
	bench(
		'OCR, Norwegian receipt',
		async () => {
			await ocr.recognise(norwegian);
		},
		{ iterations: 10, time: 0, warmupIterations: 1 }
	);
	bench(
		'OCR, English receipt',
		async () => {
			await ocr.recognise(english);
		},
		{ iterations: 10, time: 0, warmupIterations: 1, teardown: () => ocr.close() }
	);
});
