import { describe, expect, it } from 'vitest';
import { compoundLookup } from './compounds';

const SITE = [
	'studentboliger',
	'student',
	'boligmangelen',
	'nettbutikken',
	'butikken',
	'nett',
	'organisasjonsfondet',
	'organisasjon',
	'fondet',
	'studiefinansiering',
	'markedsføring',
	'presse',
	'spørsmål',
	'festivalen',
	'fest'
];
const site = new Set(SITE);
const lookup = compoundLookup(SITE, (piece) => site.has(piece));

describe('Norwegian compounds', () => {
	it('finds the compounds a word begins or ends, with their endings and linking letters', () => {
		expect(lookup.containing('bolig').sort()).toEqual(['boligmangelen', 'studentboliger']);
		expect(lookup.containing('butikken')).toEqual(['nettbutikken']);
		expect(lookup.containing('nett')).toEqual(['nettbutikken']);
		expect(lookup.containing('fondet')).toEqual(['organisasjonsfondet']);
		expect(lookup.containing('organisasjon')).toEqual(['organisasjonsfondet']);
	});

	it('takes no word for a compound whose other part is no word of the site, nor a short word', () => {
		// "studiefinansie" and "markedsfø" are no words: "ring" (call) is in neither.
		expect(lookup.containing('ring')).toEqual([]);
		// "ivalen" is too short to be a word the site never uses alone.
		expect(lookup.containing('fest')).toEqual([]);
		expect(lookup.containing('bol')).toEqual([]);
	});

	it('reads a compound the site never writes as two of its words', () => {
		expect(lookup.parts('pressespørsmål')).toEqual(['presse', 'spørsmål']);
		expect(lookup.parts('studentfondet')).toEqual(['student', 'fondet']);
		expect(lookup.parts('organisasjonsfondet')).toEqual(['organisasjon', 'fondet']);
		expect(lookup.parts('pizzarestaurant')).toBeNull();
		expect(lookup.parts('nett')).toBeNull();
	});
});
