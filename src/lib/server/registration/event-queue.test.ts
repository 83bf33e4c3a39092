import { describe, expect, it } from 'vitest';
import { eventQueue } from './event-queue';

// Unit-level: the queue's promise; the rush over HTTP on both engines is in the bench
// (bench/registration.mjs), the exact outcome of concurrent registrations in register.test.ts.
describe('the per-event queue of registration writes', () => {
	it('runs one work per event at a time, in arrival order, while other events go on', async () => {
		const { inTurn } = eventQueue(async () => []);
		const log: string[] = [];
		let running = 0;
		let most = 0;
		const step = (key: string, name: string) =>
			inTurn(key, async () => {
				running += key === 'a' ? 1 : 0;
				most = Math.max(most, running);
				log.push(`${name} start`);
				await new Promise((resolve) => setTimeout(resolve, 5));
				log.push(`${name} end`);
				running -= key === 'a' ? 1 : 0;
				return name;
			});
		const results = await Promise.all([
			step('a', 'a1'),
			step('a', 'a2'),
			step('b', 'b1'),
			step('a', 'a3')
		]);
		expect(results).toEqual(['a1', 'a2', 'b1', 'a3']);
		expect(most).toBe(1);
		const ofA = log.filter((l) => l.startsWith('a'));
		expect(ofA).toEqual(['a1 start', 'a1 end', 'a2 start', 'a2 end', 'a3 start', 'a3 end']);
		// b did not wait for a's queue: it started before a's first work ended.
		expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
	});

	it('a failed work gives the turn to the next, and its caller gets the failure', async () => {
		const { inTurn } = eventQueue(async () => []);
		const first = inTurn('a', async () => {
			throw new Error('refused');
		});
		const second = inTurn('a', async () => 'next');
		await expect(first).rejects.toThrow('refused');
		await expect(second).resolves.toBe('next');
	});

	it('registrations that wait together go as one batch, in arrival order, each with its own answer', async () => {
		const batches: number[][] = [];
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		const { join, inTurn } = eventQueue<number, string>(async (_key, items) => {
			batches.push(items);
			if (batches.length === 1) await held;
			return items.map((n) =>
				n % 5 === 0
					? { ok: false, error: new Error(`refused ${n}`) }
					: { ok: true, value: `seat ${n}` }
			);
		});
		// Received in the same turn of the event loop: one batch.
		const first = [1, 2].map((n) => join('a', n));
		await new Promise((resolve) => setImmediate(resolve));
		// Received while that batch runs: the next.
		const waiting = [3, 4, 5].map((n) => join('a', n));
		const alone = inTurn('a', async () => 'alone');
		const after = [6, 7].map((n) => join('a', n));
		release();
		await expect(Promise.all(first)).resolves.toEqual(['seat 1', 'seat 2']);
		await expect(Promise.all(waiting.slice(0, 2))).resolves.toEqual(['seat 3', 'seat 4']);
		await expect(waiting[2]).rejects.toThrow('refused 5');
		await expect(alone).resolves.toBe('alone');
		await expect(Promise.all(after)).resolves.toEqual(['seat 6', 'seat 7']);
		// The write of its own split the line: nothing behind it went before it.
		expect(batches).toEqual([
			[1, 2],
			[3, 4, 5],
			[6, 7]
		]);
	});

	it('a batch is at most `most` items, and a failed batch fails only its own items', async () => {
		const batches: number[][] = [];
		const { join } = eventQueue<number, number>(async (_key, items) => {
			batches.push(items);
			await new Promise((resolve) => setTimeout(resolve, 5));
			if (items.includes(4)) throw new Error('lost connection');
			return items.map((n) => ({ ok: true, value: n * 10 }));
		}, 3);
		const answers = await Promise.allSettled([1, 2, 3, 4, 5, 6, 7].map((n) => join('a', n)));
		expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
		expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : 'failed'))).toEqual([
			10,
			20,
			30,
			'failed',
			'failed',
			'failed',
			70
		]);
	});
});
