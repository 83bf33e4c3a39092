import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slugs';

describe('addresses made from titles', () => {
	it('spells out Norwegian letters and drops the rest of what is not a letter or digit', () => {
		expect(slugify('Årets julebord på Blårock!')).toBe('arets-julebord-pa-blarock');
		expect(slugify('Økonomi & særoppgaver 2026')).toBe('okonomi-saeroppgaver-2026');
		expect(slugify('Café Crème — “déjà vu”')).toBe('cafe-creme-deja-vu');
		expect(slugify('!!!')).toBe('item');
		expect(slugify('x'.repeat(100)).length).toBe(60);
	});

	it('adds a number when the address is taken', async () => {
		const taken = new Set(['julebord', 'julebord-2']);
		expect(await uniqueSlug('julebord', async (s) => taken.has(s))).toBe('julebord-3');
		expect(await uniqueSlug('sommerfest', async (s) => taken.has(s))).toBe('sommerfest');
	});
});
