import { describe, expect, it } from 'vitest';
import { keptReads } from './kept';

/** A read that counts how often it really ran and answers its run's number. */
function counted() {
	let runs = 0;
	return { read: async () => ++runs, runs: () => runs };
}

describe('public reads kept for a few seconds', () => {
	it('answers from what it kept until cleared, then reads again', async () => {
		const kept = keptReads({ ttlMs: 10_000 });
		const source = counted();
		expect(await kept.read('home\nen', source.read)).toBe(1);
		expect(await kept.read('home\nen', source.read)).toBe(1);
		expect(await kept.read('home\nno', source.read)).toBe(2);
		kept.clear();
		expect(await kept.read('home\nen', source.read)).toBe(3);
	});

	it('reads again once the time to live has passed', async () => {
		const kept = keptReads({ ttlMs: 1000 });
		const source = counted();
		expect(await kept.read('k', source.read, 0)).toBe(1);
		expect(await kept.read('k', source.read, 999)).toBe(1);
		expect(await kept.read('k', source.read, 1000)).toBe(2);
	});

	it('a change seen elsewhere clears it before the read', async () => {
		let changed = false;
		const kept = keptReads({ ttlMs: 10_000, changedElsewhere: () => changed });
		const source = counted();
		await kept.read('k', source.read);
		changed = true;
		expect(await kept.read('k', source.read)).toBe(2);
	});

	it('readers at the same moment share one read; a clear during it keeps nothing of it', async () => {
		const kept = keptReads({ ttlMs: 10_000 });
		let release!: (value: string) => void;
		const slow = () => new Promise<string>((resolve) => (release = resolve));
		const first = kept.read('k', slow);
		const second = kept.read('k', slow);
		kept.clear();
		release('before the change');
		expect(await Promise.all([first, second])).toEqual(['before the change', 'before the change']);
		expect(await kept.read('k', async () => 'after the change')).toBe('after the change');
	});

	it('keeps no failure', async () => {
		const kept = keptReads({ ttlMs: 10_000 });
		await expect(kept.read('k', () => Promise.reject(new Error('locked')))).rejects.toThrow();
		expect(await kept.read('k', async () => 'read')).toBe('read');
	});

	it('keeps nothing with no time to live (no change feed), and at most maxEntries', async () => {
		const off = keptReads({ ttlMs: 0 });
		const source = counted();
		await off.read('k', source.read);
		expect(await off.read('k', source.read)).toBe(2);
		const small = keptReads({ ttlMs: 10_000, maxEntries: 2 });
		const other = counted();
		for (const key of ['a', 'b', 'c']) await small.read(key, other.read);
		expect(await small.read('a', other.read)).toBe(4);
	});
});
