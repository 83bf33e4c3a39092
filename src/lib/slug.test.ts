import { describe, expect, it } from 'vitest';
import { SLUG_MAX, slugify, uniqueSlug, firstFreeSlug } from './slug';

describe('slugs', () => {
	it('spells Norwegian letters the Norwegian way and drops other accents and signs', () => {
		expect(slugify('Ølkrus på Åsen')).toBe('olkrus-pa-asen');
		expect(slugify('Særemne: Blåbærsyltetøy!')).toBe('saeremne-blabaersyltetoy');
		expect(slugify('  Crème brûlée — 2 stk  ')).toBe('creme-brulee-2-stk');
		expect(slugify('ÆØÅ')).toBe('aeoa');
		expect(slugify('!!!')).toBe('');
	});

	it('stays within the length limit without a trailing hyphen', () => {
		const long = slugify('Veldig langt produktnavn '.repeat(10));
		expect(long.length).toBeLessThanOrEqual(SLUG_MAX);
		expect(long.endsWith('-')).toBe(false);
	});

	it('numbers a taken slug from 2, also when it has to shorten it', () => {
		expect(uniqueSlug('kopp', new Set())).toBe('kopp');
		expect(uniqueSlug('kopp', new Set(['kopp', 'kopp-2']))).toBe('kopp-3');
		const base = 'a'.repeat(SLUG_MAX);
		expect(uniqueSlug(base, new Set([base]))).toBe(`${'a'.repeat(SLUG_MAX - 2)}-2`);
	});
});

describe('the first free slug, asked of a store', () => {
	it('takes the base or the first numbered one the store says is free', async () => {
		const taken = new Set(['julebord', 'julebord-2']);
		expect(await firstFreeSlug('julebord', async (s) => taken.has(s))).toBe('julebord-3');
		expect(await firstFreeSlug('sommerfest', async (s) => taken.has(s))).toBe('sommerfest');
	});
});
