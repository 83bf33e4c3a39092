import { describe, expect, it } from 'vitest';
import { loadSharp } from './sharp';

describe('sharp as the server loads it', () => {
	it('keeps no decoded images between requests and runs one libvips thread per image', async () => {
		const sharp = await loadSharp();
		const cache = sharp.cache();
		expect([cache.memory.max, cache.files.max, cache.items.max]).toEqual([0, 0, 0]);
		expect(sharp.concurrency()).toBe(1);
	});
});
