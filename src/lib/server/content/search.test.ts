import { describe, expect, it } from 'vitest';
import { foldForSearch, rankSearch, searchTerms } from './search';
import type { SearchDoc } from './types';

const text = (t: string) => ({ text: t, locale: 'no' as const, isFallback: false });
const doc = (path: string, title: string, summary = '', body = ''): SearchDoc => ({
	kind: 'page',
	path,
	title: text(title),
	summary: text(summary),
	body,
	date: null
});

describe('search terms', () => {
	it('folds case and accents but keeps æ, ø and å apart from a and o', () => {
		expect(foldForSearch('KAFÉ Øl Årsmøte')).toBe('kafe øl årsmøte');
		expect(foldForSearch('Å')).not.toBe(foldForSearch('A'));
	});

	it('splits on anything but letters and digits and drops one-letter words', () => {
		expect(searchTerms('  Julebord, 2026 – i Oslo! ')).toEqual(['julebord', '2026', 'oslo']);
		expect(searchTerms('a')).toEqual([]);
	});
});

describe('ranking', () => {
	const docs = [
		doc('/body', 'Vedtekter', '', 'Styret velges av generalforsamlingen.'),
		doc('/title', 'Styret i Oslo', 'Leder campus'),
		doc('/summary', 'Drift', 'Styret har ansvar'),
		doc('/none', 'Historie', 'Fra 1983')
	];

	it('ranks title over summary over body and leaves out items missing a word', () => {
		expect(rankSearch(docs, searchTerms('styret')).map((h) => h.doc.path)).toEqual([
			'/title',
			'/summary',
			'/body'
		]);
		expect(rankSearch(docs, searchTerms('styret oslo')).map((h) => h.doc.path)).toEqual(['/title']);
	});

	it('finds nothing for an empty query', () => {
		expect(rankSearch(docs, [])).toEqual([]);
	});
});
