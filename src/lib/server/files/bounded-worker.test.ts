import { describe, expect, it } from 'vitest';
import {
	BoundedLimitReached,
	BoundedTaskFailed,
	runBounded,
	type BoundedTask
} from './bounded-worker';

const sum: BoundedTask<{ bytes: Uint8Array; add: number }, { total: number; echo: Uint8Array }> = {
	name: 'sum',
	modules: [],
	heapMb: 32,
	timeoutMs: 10_000,
	async run(input) {
		let total = input.add;
		for (const b of input.bytes) total += b;
		return { total, echo: input.bytes.subarray(0, 2) };
	}
};

const hog: BoundedTask<null, number> = {
	name: 'hog',
	modules: [],
	heapMb: 32,
	timeoutMs: 60_000,
	async run() {
		const kept: unknown[] = [];
		for (;;) kept.push({ at: kept.length, text: `item ${kept.length}` });
	}
};

const spin: BoundedTask<null, number> = {
	name: 'spin',
	modules: [],
	heapMb: 32,
	timeoutMs: 300,
	async run() {
		for (;;);
	}
};

const loads: BoundedTask<string, number> = {
	name: 'loads',
	modules: ['pdf-lib'],
	heapMb: 64,
	timeoutMs: 20_000,
	async run(text, load) {
		const { PDFDocument } = await load('pdf-lib');
		const doc = await PDFDocument.create();
		doc.setTitle(text);
		doc.addPage();
		return doc.getPageCount();
	}
};

const throws: BoundedTask<null, never> = {
	name: 'throws',
	modules: [],
	heapMb: 32,
	timeoutMs: 10_000,
	async run() {
		throw new Error('not a receipt');
	}
};

describe('a job in a bounded worker', () => {
	it('gets its input (bytes moved, the caller keeps its own) and answers', async () => {
		const bytes = new Uint8Array([1, 2, 3]);
		const result = await runBounded(sum, { bytes, add: 10 });
		expect(result.total).toBe(16);
		expect([...result.echo]).toEqual([1, 2]);
		expect([...bytes]).toEqual([1, 2, 3]);
	});

	it('loads the packages it names', async () => {
		expect(await runBounded(loads, 'a title')).toBe(1);
	});

	it('that fills its heap is ended with "memory", and the next job runs', async () => {
		await expect(runBounded(hog, null)).rejects.toEqual(new BoundedLimitReached('memory', 'hog'));
		expect((await runBounded(sum, { bytes: new Uint8Array([5]), add: 0 })).total).toBe(5);
	});

	it('that runs past its time is ended with "time"', async () => {
		await expect(runBounded(spin, null)).rejects.toEqual(new BoundedLimitReached('time', 'spin'));
	});

	it('that throws fails with its message', async () => {
		const failure = runBounded(throws, null);
		await expect(failure).rejects.toBeInstanceOf(BoundedTaskFailed);
		await expect(failure).rejects.toThrow('throws: not a receipt');
	});

	/** Answers its worker's thread id; refuses when told to, first keeping `keep` small objects. */
	const thread: BoundedTask<{ fail?: boolean; keep?: number }, number> = {
		name: 'thread',
		modules: ['node:worker_threads'],
		heapMb: 128,
		timeoutMs: 20_000,
		async run({ fail, keep = 0 }, load) {
			if (fail) throw new Error('refused');
			// What a parser keeps of a large file until its worker ends (a module-level cache).
			const kept = ((globalThis as { kept?: unknown[] }).kept ??= []);
			for (let n = 0; n < keep; n++) kept.push({ n, text: `item ${n}` });
			return (await load('node:worker_threads')).threadId;
		}
	};

	it('keeps a worker whose job ended well for the next job of its task, never one that failed', async () => {
		const first = await runBounded(thread, {});
		expect(await runBounded(thread, {})).toBe(first);
		await expect(runBounded(thread, { fail: true })).rejects.toThrow('refused');
		expect(await runBounded(thread, {})).not.toBe(first);
	});

	it('does not keep a worker whose job left its heap large (a hostile file), however it ended', async () => {
		const small = await runBounded(thread, { keep: 10 });
		expect(await runBounded(thread, { keep: 10 })).toBe(small);
		const large = await runBounded(thread, { keep: 1_000_000 });
		expect(await runBounded(thread, {})).not.toBe(large);
	});

	it('runs at most two at once; the others wait their turn', async () => {
		// Shared between the workers: how many run now, and the most that ever ran together.
		const counts = new Int32Array(new SharedArrayBuffer(8));
		const slow: BoundedTask<Int32Array, number> = {
			name: 'slow',
			modules: [],
			heapMb: 16,
			timeoutMs: 10_000,
			async run(shared) {
				const now = Atomics.add(shared, 0, 1) + 1;
				for (let max = Atomics.load(shared, 1); now > max; max = Atomics.load(shared, 1)) {
					if (Atomics.compareExchange(shared, 1, max, now) === max) break;
				}
				await new Promise((r) => setTimeout(r, 100));
				Atomics.sub(shared, 0, 1);
				return now;
			}
		};
		await Promise.all([1, 2, 3, 4, 5].map(() => runBounded(slow, counts)));
		expect(counts[1]).toBe(2);
	});
});
