import { describe, expect, it } from 'vitest';
import { editDistance, fold, plainText, sentences, terms, typosAllowed } from './text';

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
