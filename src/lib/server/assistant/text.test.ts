import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	editDistance,
	fold,
	letterMask,
	lettersMissing,
	plainText,
	sentences,
	terms,
	typosAllowed
} from './text';

/** Edit distance with swaps over the whole table, the plain way: what editDistance must agree with. */
function fullDistance(a: string, b: string): number {
	const d = Array.from({ length: a.length + 1 }, (_, i) =>
		Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0))
	);
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const row = d[i]!;
			row[j] = Math.min(
				d[i - 1]![j]! + 1,
				row[j - 1]! + 1,
				d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
			);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
				row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
			}
		}
	}
	return d[a.length]![b.length]!;
}

describe('assistant text analysis', () => {
	it('gives inflected Norwegian and English forms the same term', () => {
		expect(terms('påmeldingen', 'no')).toEqual(terms('påmelding', 'no'));
		expect(terms('julebordet', 'no')).toEqual(terms('julebord', 'no'));
		expect(terms('events', 'en')).toEqual(terms('event', 'en'));
		expect(terms('parties', 'en')).toEqual(terms('party', 'en'));
	});

	it('gives a Norwegian agent noun one term in the singular and the plural', () => {
		for (const form of ['forelesere', 'foreleseren', 'forelesernes', 'forelesers'])
			expect(terms(form, 'no')).toEqual(terms('foreleser', 'no'));
		expect(terms('samarbeidspartnere', 'no')).toEqual(terms('samarbeidspartner', 'no'));
		expect(terms('lærerne', 'no')).toEqual(terms('lærer', 'no'));
		expect(terms('studerer', 'no')).toEqual(terms('studere', 'no'));
		// A short word ("seer", viewers) is not cut down to a stump that would meet others.
		expect(terms('seer', 'no')).toEqual(['seer']);
	});

	it('keeps æ, ø and å as letters: "får" is not "far", only their folded forms meet', () => {
		expect(terms('får', 'no')).not.toEqual(terms('far', 'no'));
		expect(terms('Påmelding', 'no')[0]).toContain('å');
		expect(fold(terms('får', 'no')[0]!)).toBe(fold(terms('far', 'no')[0]!));
		expect(fold('påmelding')).toBe('pamelding');
		expect(fold('økonomi')).toBe('okonomi');
		expect(fold('kafé')).toBe('kafe');
	});

	it('drops stop words of the locale, so a question is its content words', () => {
		expect(terms('Hvordan kan jeg melde meg på julebordet?', 'no')).toEqual(
			terms('melde julebord', 'no')
		);
		expect(terms('When is the Christmas party?', 'en')).toEqual(terms('Christmas party', 'en'));
	});

	it('counts the edits between two words, a swap of neighbouring letters as one', () => {
		expect(editDistance('chrismas', 'christmas', 2)).toBe(1);
		expect(editDistance('pirce', 'price', 2)).toBe(1);
		expect(editDistance('begginers', 'beginners', 2)).toBe(2);
		expect(editDistance('hoodie', 'hoodie', 1)).toBe(0);
		// Past the limit it stops counting.
		expect(editDistance('sticker', 'hoodie', 1)).toBe(2);
		expect(editDistance('julebord', 'jul', 2)).toBe(3);
		expect([typosAllowed('mars'), typosAllowed('billet'), typosAllowed('begginers')]).toEqual([
			0, 1, 2
		]);
		expect(typosAllowed('22000000')).toBe(0);
	});

	it('agrees with the whole edit-distance table, and its letter test never rules out a word within reach', () => {
		// Few letters, so that many pairs are near; long enough to outgrow the kept rows.
		const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', 'ø'), maxLength: 40 });
		fc.assert(
			fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
				const d = fullDistance(a, b);
				expect(editDistance(a, b, max)).toBe(Math.min(d, max + 1));
				if (d <= max) {
					expect(lettersMissing(letterMask(a), letterMask(b))).toBeLessThanOrEqual(max);
					expect(lettersMissing(letterMask(b), letterMask(a))).toBeLessThanOrEqual(max);
				}
			}),
			{ numRuns: 500 }
		);
	});

	it('turns Markdown and tags into plain words', () => {
		expect(plainText('## Heading\n\n**Bold** and [a link](https://x.example) <b>tag</b>')).toBe(
			'Heading\n\nBold and a link tag'
		);
	});

	it('cuts sentences at stops before a capital, not inside "kl. 18"', () => {
		expect(sentences('Vi møtes kl. 18 i aulaen. Ta med mat! Velkommen')).toEqual([
			'Vi møtes kl. 18 i aulaen.',
			'Ta med mat!',
			'Velkommen'
		]);
	});
});
