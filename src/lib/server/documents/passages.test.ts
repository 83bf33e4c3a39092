import { describe, expect, it } from 'vitest';
import { splitPassages } from './passages';
import type { Block } from './types';

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const sentence = (i: number) =>
	`Setning nummer ${i} forklarer hvordan foreningen behandler søknader om støtte fra medlemmene.`;
const paragraph = (from: number, count: number) =>
	Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

describe('passages of a document', () => {
	const blocks: Block[] = [
		{ kind: 'heading', text: 'Vedtekter' },
		{ kind: 'paragraph', text: 'Kort innledning.' },
		{ kind: 'paragraph', text: paragraph(1, 3) },
		{ kind: 'paragraph', text: paragraph(10, 14) },
		{ kind: 'heading', text: 'Økonomi' },
		{ kind: 'paragraph', text: paragraph(40, 2) },
		{ kind: 'paragraph', text: `${'Ord '.repeat(300)}slutt` }
	];
	const passages = splitPassages(blocks);

	it('keeps every word, in order, and cuts none in the middle', () => {
		const original = blocks.filter((b) => b.kind === 'paragraph').flatMap((b) => words(b.text));
		expect(passages.flatMap((p) => words(p.text))).toEqual(original);
	});

	it('makes passages of at most 700 characters, none empty, numbered in order', () => {
		expect(passages.length).toBeGreaterThan(4);
		for (const [i, p] of passages.entries()) {
			expect(p.position).toBe(i);
			expect(p.text.trim()).not.toBe('');
			expect(p.text.length).toBeLessThanOrEqual(700);
		}
	});

	it('fills short paragraphs together and cuts a long one between sentences', () => {
		expect(passages[0]!.text).toMatch(/^Kort innledning\.\n\nSetning nummer 1 /);
		const long = passages.filter((p) => p.text.includes('Setning nummer 1'));
		const section = passages.filter((q) => q.heading === 'Vedtekter');
		for (const p of section) expect(p.text).toMatch(/\.$/);
		// Only the last passage of a section may be shorter than 300 characters.
		for (const p of section.slice(0, -1)) expect(p.text.length).toBeGreaterThanOrEqual(300);
		expect(long.length).toBe(2);
	});

	it('remembers the heading each passage sits under, and never crosses a heading', () => {
		expect(new Set(passages.map((p) => p.heading))).toEqual(new Set(['Vedtekter', 'Økonomi']));
		for (const p of passages.filter((q) => q.heading === 'Vedtekter')) {
			expect(p.text).not.toContain('nummer 40');
		}
	});

	it('cuts a sentence with no end in sight between words', () => {
		const last = passages.filter((p) => p.text.includes('Ord'));
		expect(last.length).toBeGreaterThan(1);
		for (const p of last) expect(p.text).toMatch(/(^|\n\n)(Ord )*(Ord|Ord slutt)$/);
	});

	it('gives no passage for a document of headings only, and a heading-less text null headings', () => {
		expect(splitPassages([{ kind: 'heading', text: 'Tom' }])).toEqual([]);
		expect(splitPassages([{ kind: 'paragraph', text: 'Bare tekst.' }])).toEqual([
			{ position: 0, heading: null, text: 'Bare tekst.' }
		]);
	});
});
