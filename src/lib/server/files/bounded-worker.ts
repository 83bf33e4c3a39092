// The one runner for parsers of uploaded content (docs/decisions.md, 2026-11-27, bounded
// parsing): each job runs in a worker thread of its own with a heap limit and a time limit, so a
// hostile file that makes pdf-lib, pdf.js, mammoth or libheif run away costs only its worker,
// which is terminated; the server's own heap (192 MB under `npm start`) never sees the file's
// objects. At most two jobs run at once (two cores); the others wait their turn, and a job's time
// starts when it runs. A worker whose job ended well is kept a few seconds for the next job of
// its task, so that the parser's package is not loaded again (about 0.7 s for pdf-lib here); one
// whose job failed or hit a limit is never reused, nor one whose heap the job left large (a big or
// hostile file: V8 gives a heap back slowly, and a kept worker would hold it for IDLE_MS).
//
// A task is a function that runs in the worker, so it is sent there as its source text
// (`Function.prototype.toString`, after the TypeScript is compiled): it may use only its
// arguments, globals and what it loads with `load` (packages resolved here, from the server's
// node_modules), never a binding of the module it is written in. Its errors come back as
// BoundedTaskFailed with their message; a task that refuses a file returns a value saying why.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';

/** Loads a package the task named in `modules` (ES module or CommonJS, as import() gives it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TaskLoad = (name: string) => Promise<any>;

export interface BoundedTask<Input, Output> {
	/** Names the task in errors and logs. */
	name: string;
	/** Packages (or package paths) the task loads, resolved from the server's node_modules. */
	modules: readonly string[];
	/** The most heap (old generation) the worker may use, in MB. */
	heapMb: number;
	/** The most time the job may run, in milliseconds. */
	timeoutMs: number;
	run: (input: Input, load: TaskLoad) => Promise<Output>;
}

export type BoundedLimit = 'memory' | 'time';

/** The job hit its heap or time limit; its worker is gone, the server is not. */
export class BoundedLimitReached extends Error {
	override name = 'BoundedLimitReached';
	constructor(
		readonly limit: BoundedLimit,
		readonly task: string
	) {
		super(`${task}: ${limit === 'memory' ? 'heap limit' : 'time limit'} reached`);
	}
}

/** The task threw (its message is kept), or its worker ended without an answer. */
export class BoundedTaskFailed extends Error {
	override name = 'BoundedTaskFailed';
	constructor(
		readonly task: string,
		detail: string
	) {
		super(`${task}: ${detail}`);
	}
}

const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];
const sources = new Map<BoundedTask<never, unknown>['run'], string>();
/** Idle workers by task source and heap size; each ends after IDLE_MS unused. */
const idle = new Map<string, { worker: Worker; timer: NodeJS.Timeout }[]>();
const IDLE_MS = 15_000;
/** A worker whose heap is larger than this after its job is not kept (one with only its parser
 * loaded has 15–17 MB: pdf-lib, pdf.js, mammoth). */
const KEEP_HEAP_BYTES = 48 * 1024 * 1024;
const resolved = new Map<string, string>();
const fromHere = createRequire(import.meta.url);

// V8's --max-old-space-size (which `npm start` sets for the server's own heap) overrides every
// worker's resourceLimits: without this each worker would get the server's 192 MB. The main heap
// is sized at start-up already; the flag only decides the size of isolates created later.
let unpinned = false;
function unpinWorkerHeaps() {
	if (unpinned) return;
	unpinned = true;
	setFlagsFromString('--max-old-space-size=0');
}

function moduleUrl(name: string): string {
	let url = resolved.get(name);
	if (!url) {
		url = name.startsWith('node:') ? name : pathToFileURL(fromHere.resolve(name)).href;
		resolved.set(name, url);
	}
	return url;
}

// CommonJS, evaluated: the task's source is inlined, its packages come as file URLs.
function sourceOf(task: BoundedTask<never, unknown>): string {
	let source = sources.get(task.run);
	if (!source) {
		const text = task.run.toString();
		// A function or arrow is an expression as it stands; a method (`async run(…) {…}`) is one
		// inside an object literal.
		const expression = /^(async\s*)?(function\b|\(|[\w$]+\s*=>)/.test(text)
			? `(${text})`
			: `Object.values({ ${text} })[0]`;
		source = `
const { parentPort, workerData } = require('node:worker_threads');
const { getHeapStatistics } = require('node:v8');
const run = ${expression};
const load = (name) => {
	const url = workerData.modules[name];
	if (!url) throw new Error('not declared by the task: ' + name);
	return import(url);
};
parentPort.on('message', ({ input }) => {
	run(input, load).then(
		(output) => parentPort.postMessage(
			{ output, heapBytes: getHeapStatistics().total_heap_size },
			transferables(output)
		),
		(error) => parentPort.postMessage({ error: String((error && error.message) || error) })
	);
});
function transferables(value) {
	const found = new Set();
	const visit = (v, depth) => {
		if (!v || typeof v !== 'object' || depth > 3) return;
		if (ArrayBuffer.isView(v)) { if (v.buffer instanceof ArrayBuffer) found.add(v.buffer); return; }
		for (const key of Object.keys(v)) visit(v[key], depth + 1);
	};
	visit(value, 0);
	return [...found];
}
`;
		sources.set(task.run, source);
	}
	return source;
}

/**
 * Runs `task` on `input` in a bounded worker and gives its result. Byte arrays in `input` are
 * copied once and moved to the worker (the caller keeps its own). Throws BoundedLimitReached
 * when the job hits its heap or time limit, BoundedTaskFailed when it throws.
 */
export async function runBounded<Input, Output>(
	task: BoundedTask<Input, Output>,
	input: Input
): Promise<Output> {
	if (running < AT_ONCE) running++;
	else await new Promise<void>((resolve) => waiting.push(resolve));
	try {
		return await runNow(task, input);
	} finally {
		// A finished job hands its slot to the next waiting one, so never more than AT_ONCE run.
		const next = waiting.shift();
		if (next) next();
		else running--;
	}
}

function spawn(task: BoundedTask<never, unknown>, source: string): Worker {
	unpinWorkerHeaps();
	const modules = Object.fromEntries(task.modules.map((name) => [name, moduleUrl(name)]));
	const worker = new Worker(source, {
		eval: true,
		workerData: { modules },
		resourceLimits: {
			maxOldGenerationSizeMb: task.heapMb,
			maxYoungGenerationSizeMb: Math.min(16, Math.max(4, Math.floor(task.heapMb / 8))),
			stackSizeMb: 4
		},
		// What a parser prints of a hostile file (pdf-lib's warnings) is not the server's log.
		stdout: true,
		stderr: true
	});
	worker.stdout.resume();
	worker.stderr.resume();
	// While it waits for a job nobody listens: an error then only ends it, and it is not kept.
	worker.on('error', () => {});
	worker.once('exit', () => {
		for (const [key, kept] of idle)
			idle.set(
				key,
				kept.filter((e) => e.worker !== worker)
			);
	});
	return worker;
}

/** Keeps `worker` for the next job under `key`, unless enough are kept; it ends unused. */
function park(key: string, worker: Worker) {
	const kept = idle.get(key) ?? [];
	if (kept.length >= AT_ONCE) {
		void worker.terminate();
		return;
	}
	worker.unref();
	const entry = {
		worker,
		timer: setTimeout(() => {
			idle.set(
				key,
				(idle.get(key) ?? []).filter((e) => e !== entry)
			);
			void worker.terminate();
		}, IDLE_MS).unref()
	};
	kept.push(entry);
	idle.set(key, kept);
}

function runNow<Input, Output>(task: BoundedTask<Input, Output>, input: Input): Promise<Output> {
	const source = sourceOf(task as BoundedTask<never, unknown>);
	const key = `${task.heapMb}:${source}`;
	const kept = idle.get(key)?.pop();
	if (kept) clearTimeout(kept.timer);
	const worker = kept?.worker ?? spawn(task as BoundedTask<never, unknown>, source);
	worker.ref();
	const { value, transfer } = ownCopies(input);
	return new Promise<Output>((resolve, reject) => {
		let settled = false;
		const settle = (outcome: () => void, reuse = false) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			worker.off('message', onMessage).off('error', onError).off('exit', onExit);
			if (reuse) park(key, worker);
			else void worker.terminate();
			outcome();
		};
		const timer = setTimeout(
			() => settle(() => reject(new BoundedLimitReached('time', task.name))),
			task.timeoutMs
		);
		const onMessage = (message: { output: Output; heapBytes: number } | { error: string }) =>
			'error' in message
				? settle(() => reject(new BoundedTaskFailed(task.name, message.error)))
				: settle(() => resolve(message.output), message.heapBytes <= KEEP_HEAP_BYTES);
		const onError = (error: Error & { code?: string }) =>
			settle(() =>
				reject(
					error.code === 'ERR_WORKER_OUT_OF_MEMORY'
						? new BoundedLimitReached('memory', task.name)
						: new BoundedTaskFailed(task.name, error.message)
				)
			);
		const onExit = (code: number) =>
			settle(() => reject(new BoundedTaskFailed(task.name, `worker exited with code ${code}`)));
		worker.on('message', onMessage).on('error', onError).on('exit', onExit);
		worker.postMessage({ input: value }, transfer);
	});
}

/** `input` with each byte array (at the top level or one object down) copied to its own buffer. */
function ownCopies<Input>(input: Input): { value: Input; transfer: ArrayBuffer[] } {
	const transfer: ArrayBuffer[] = [];
	const copy = (v: unknown): unknown => {
		if (v instanceof Uint8Array) {
			const own = new Uint8Array(v);
			transfer.push(own.buffer);
			return own;
		}
		return v;
	};
	if (input instanceof Uint8Array) return { value: copy(input) as Input, transfer };
	if (input && Object.getPrototypeOf(input) === Object.prototype) {
		const value = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, copy(v)]));
		return { value: value as Input, transfer };
	}
	return { value: input, transfer };
}
