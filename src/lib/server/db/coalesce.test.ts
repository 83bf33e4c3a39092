import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce';

describe('calls coalesced per turn of the event loop', () => {
	it('calls made at once are one run, answered in their order; a later call is a run of its own', async () => {
		const runs: number[][] = [];
		const double = coalesced(async (calls: number[]) => {
			runs.push(calls);
			return calls.map((n) => n * 2);
		}, 3);
		await expect(Promise.all([1, 2, 3, 4].map(double))).resolves.toEqual([2, 4, 6, 8]);
		await expect(double(5)).resolves.toBe(10);
		expect(runs).toEqual([[1, 2, 3], [4], [5]]);
	});

	it('a failed run fails each of its calls, and the next run goes on', async () => {
		const lookUp = coalesced(async (calls: string[]) => {
			if (calls.includes('down')) throw new Error('connection lost');
			return calls.map((c) => c.toUpperCase());
		});
		const failed = await Promise.allSettled(['a', 'down'].map(lookUp));
		expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
		await expect(lookUp('b')).resolves.toBe('B');
	});
});
