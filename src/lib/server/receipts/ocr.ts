// Text out of a photo of a receipt, by tesseract.js: Norwegian and English LSTM models read from
// the @tesseract.js-data packages in node_modules (a local langPath, so it never looks for them
// on a CDN; cacheMethod none, so it writes no cache file in the working folder), the engine from tesseract.js-core in
// node_modules, run in tesseract.js's own worker thread so the event loop stays free.
// One job at a time (a queue) so OCR never takes more than one of the machine's cores; a job that
// runs past its time limit has its worker terminated and is refused with ocr_timeout. The worker
// is kept between jobs and closed after a while idle (its models take ~100 MB). Each worker has
// its own temporary folder of links to the models, removed when the worker is terminated (idle,
// timed out, or close() at shutdown), so nothing is left behind and workers never share one.
// Its bounds (docs/decisions.md, 2026-11-27, bounded parsing): the image is decoded by sharp with
// a pixel limit read from the header and libvips's own time limit, and reaches tesseract scaled to
// at most `maxSide`; tesseract's own worker has the job's time limit.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import { FILE_LIMITS } from '../files/limits';
import { loadSharp } from '../files/sharp';

export type OcrRefusalCode = 'ocr_timeout' | 'unreadable';

export class OcrRefused extends Error {
	override name = 'OcrRefused';
	constructor(
		readonly code: OcrRefusalCode,
		detail: string
	) {
		super(detail);
	}
}

export interface OcrOptions {
	/** The most one job may take, queueing excluded, from image to text. */
	timeoutMs: number;
	/** How long an idle worker is kept before it is closed. */
	idleMs?: number;
	/** The longest side an image is scaled down to before OCR. */
	maxSide?: number;
	/** Images of more pixels than this are refused before they are decoded. */
	maxInputPixels?: number;
	/** Where each worker's folder of model links is made (default: the system's, os.tmpdir()). */
	tempDir?: string;
}

const LANGUAGES = ['nor', 'eng'] as const;
const fromNodeModules = createRequire(import.meta.url);

/**
 * A new folder under `parent` holding the LSTM-only ("best_int") models of both languages, as
 * links to the files of their npm packages. tesseract.js reads every language from one langPath,
 * and the two packages are two folders; passing the models as bytes instead is broken in
 * tesseract.js 7 (initialize takes each language's data for its name).
 */
async function linkModels(parent: string): Promise<string> {
	const dir = await mkdtemp(join(parent, 'orgweb-ocr-models-'));
	try {
		for (const code of LANGUAGES) {
			const file = `${code}.traineddata.gz`;
			const pkg = dirname(fromNodeModules.resolve(`@tesseract.js-data/${code}/package.json`));
			await symlink(join(pkg, '4.0.0_best_int', file), join(dir, file));
		}
	} catch (error) {
		await rm(dir, { recursive: true, force: true });
		throw error;
	}
	return dir;
}

/** Greyscale, stretched contrast, upright and bounded: what tesseract reads best and fastest. */
export async function prepareImage(
	bytes: Buffer,
	options: { maxSide: number; maxInputPixels: number }
): Promise<Buffer> {
	const sharp = await loadSharp();
	try {
		return await sharp(bytes, { limitInputPixels: options.maxInputPixels })
			.rotate()
			.greyscale()
			.normalise()
			.resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true })
			.png()
			.timeout({ seconds: FILE_LIMITS.parseTimeoutMs / 1000 })
			.toBuffer();
	} catch (error) {
		throw new OcrRefused('unreadable', `the image cannot be decoded: ${String(error)}`);
	}
}

export function ocrService(options: OcrOptions) {
	const idleMs = options.idleMs ?? 60_000;
	const prepare = {
		maxSide: options.maxSide ?? 2000,
		maxInputPixels: options.maxInputPixels ?? 50_000_000
	};
	/** The worker and its folder of model links, from its start until it is terminated. */
	let running: Promise<{ worker: Worker; models: string }> | null = null;
	let idle: NodeJS.Timeout | null = null;
	let queue: Promise<unknown> = Promise.resolve();

	function start(): Promise<Worker> {
		running ??= (async () => {
			const models = await linkModels(options.tempDir ?? tmpdir());
			try {
				// Loaded with the first receipt read, not at start (memory the idle server keeps).
				const { createWorker, OEM } = await import('tesseract.js');
				const worker = await createWorker(LANGUAGES.join('+'), OEM.LSTM_ONLY, {
					// A local folder, never a URL: without langPath tesseract.js fetches from a CDN.
					langPath: models,
					cacheMethod: 'none',
					gzip: true,
					logger: () => {},
					errorHandler: () => {}
				});
				return { worker, models };
			} catch (error) {
				await rm(models, { recursive: true, force: true });
				throw error;
			}
		})();
		return running.then((r) => r.worker);
	}

	/** Terminates the worker, if any, and removes its folder; the next job starts a new one. */
	async function stop(): Promise<void> {
		const current = running;
		running = null;
		const started = await current?.catch(() => null);
		if (!started) return;
		await started.worker.terminate().catch(() => {});
		await rm(started.models, { recursive: true, force: true });
	}

	async function run(image: Buffer): Promise<string> {
		if (idle) clearTimeout(idle);
		let timer: NodeJS.Timeout | undefined;
		let timedOut = false;
		const timeout = new Promise<never>((_, reject) => {
			timer = setTimeout(() => {
				timedOut = true;
				reject(new OcrRefused('ocr_timeout', `no text after ${options.timeoutMs} ms`));
			}, options.timeoutMs);
		});
		try {
			const work = (async () => {
				const prepared = await prepareImage(image, prepare);
				// Given up while the image was prepared: starting a worker now would leave it running.
				if (timedOut) throw new OcrRefused('ocr_timeout', 'given up before OCR began');
				const { data } = await (await start()).recognize(prepared);
				return data.text;
			})();
			work.catch(() => {}); // after a timeout its failure is nobody's business
			return await Promise.race([work, timeout]);
		} catch (error) {
			// A worker that timed out may still be busy: only a fresh one is trusted with the next job.
			if (!(error instanceof OcrRefused && error.code === 'unreadable')) await stop();
			if (error instanceof OcrRefused) throw error;
			throw new OcrRefused('unreadable', `OCR failed: ${String(error)}`);
		} finally {
			clearTimeout(timer);
			idle = setTimeout(() => void stop(), idleMs);
			idle.unref();
		}
	}

	return {
		/** The text tesseract reads in `image` (JPEG, PNG, WebP), after the jobs queued before it. */
		recognise(image: Buffer): Promise<string> {
			const job = queue.then(() => run(image));
			queue = job.catch(() => {});
			return job;
		},
		/**
		 * Ends the worker and removes its folder (shutdown, tests), after the jobs queued; a job
		 * queued later starts a new worker.
		 */
		async close(): Promise<void> {
			await queue;
			if (idle) clearTimeout(idle);
			await stop();
		}
	};
}

export type OcrService = ReturnType<typeof ocrService>;
