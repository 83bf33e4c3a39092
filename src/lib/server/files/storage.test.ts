import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	rmSync,
	utimesSync,
	writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDiskStorage } from './storage';

describe('local-disk storage', () => {
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'orgweb-storage-'));
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('gives back what it kept, and nothing once deleted', async () => {
		const storage = localDiskStorage(dir);
		const key = await storage.put(Buffer.from('receipt'));
		expect((await storage.get(key))?.toString()).toBe('receipt');
		await storage.delete(key);
		await storage.delete(key);
		expect(await storage.get(key)).toBeNull();
		expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
	});

	it('refuses a key that is not one of its own, so no path can be smuggled in', async () => {
		const storage = localDiskStorage(dir);
		await expect(storage.get('../../etc/passwd')).rejects.toThrow(/not a storage key/);
		await expect(storage.delete('ab/../../x')).rejects.toThrow(/not a storage key/);
	});

	it('sweeps only temporary files old enough to be left by a crash', async () => {
		const storage = localDiskStorage(dir);
		mkdirSync(join(dir, '.tmp'));
		const stale = join(dir, '.tmp', 'a.part');
		const fresh = join(dir, '.tmp', 'b.part');
		writeFileSync(stale, 'half');
		writeFileSync(fresh, 'being written');
		const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
		utimesSync(stale, twoHoursAgo, twoHoursAgo);

		await storage.sweepTemporary();

		expect(existsSync(stale)).toBe(false);
		expect(existsSync(fresh)).toBe(true);
	});
});
