// How the assistant reads text: words in lower case with æ, ø, å (and é, ü …) kept as letters,
// small stop-word lists, and Snowball stemming per locale, so "påmeldingen" and "påmelding", or
// "events" and "event", meet. Norwegian "får" (gets) is not "far" (father): the folded form that
// drops the letters' marks is a separate, weaker key the index only falls back on.
import { stemmer as stemEnglish } from '@orama/stemmers/english';
import { stemmer as stemNorwegian } from '@orama/stemmers/norwegian';
import type { Locale } from '$lib/i18n';

const STOP_WORDS: Record<Locale, ReadonlySet<string>> = {
	no: new Set(
		(
			'og i jeg det at en et den til er som på de med han av ikke der så var meg seg men ett har om vi ' +
			'min mitt ha hadde hun nå over da ved fra du ut sin dem oss opp man kan hans hvor eller hva skal ' +
			'selv sjøl her alle vil bli ble blitt kunne inn når være kom noen noe ville dere deres kun ja etter ' +
			'ned skulle denne for deg si sine sitt mot å meget hvorfor dette disse uten hvordan ingen din ditt ' +
			'blir samme hvilken hvilke sånn inni mellom vår hver hvem vors hvis både bare enn fordi før mange ' +
			'også slik vært være begge siden henne hennes dei dykk ho hoss hossen kvar kva korleis kvifor ' +
			'finnes gjør gjøre jo mye mer'
		).split(' ')
	),
	en: new Set(
		(
			'a an and are as at be been being but by can could did do does doing for from had has have having he ' +
			'her here hers him his how i if in into is it its me my no nor not of on or our ours she should so ' +
			'some such than that the their them then there these they this those to too us very was we were ' +
			'what when where which while who whom why will with would you your yours about any all am also ' +
			'just more most other out over own same up down off again once only tell find get know please'
		).split(' ')
	)
};

/**
 * Snowball's Norwegian stemmer makes "foreles" of "foreleser" but "foreleser" of "forelesere" and
 * "forelesern" of "forelesernes", so an agent noun's singular and plural never met (nor
 * "samarbeidspartner" and "samarbeidspartnere"). A stem it leaves ending in "er" or "ern" loses
 * that ending too, so every form becomes "foreles"; short stems ("over", "hver") are left alone.
 */
function stemNorwegianWord(word: string): string {
	const stem = stemNorwegian(word);
	if (stem.length >= 6 && stem.endsWith('ern')) return stem.slice(0, -3);
	if (stem.length >= 5 && stem.endsWith('er')) return stem.slice(0, -2);
	return stem;
}

const STEMMERS: Record<Locale, (word: string) => string> = {
	no: stemNorwegianWord,
	en: stemEnglish
};

/** Lower case, composed, with marks other than the Norwegian letters' kept (é stays é). */
export function normalize(text: string, locale: Locale): string {
	return text.toLocaleLowerCase(locale === 'no' ? 'nb' : 'en').normalize('NFC');
}

/** The words of a text in order, normalized; numbers count as words. */
export function words(text: string, locale: Locale): string[] {
	return normalize(text, locale).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The words of a text that count, each with its term: stop words and single letters left out. */
export function analyse(text: string, locale: Locale): { word: string; term: string }[] {
	const stop = STOP_WORDS[locale];
	const stem = STEMMERS[locale];
	const out: { word: string; term: string }[] = [];
	for (const word of words(text, locale)) {
		if (stop.has(word)) continue;
		if (word.length < 2 && !/\p{N}/u.test(word)) continue;
		out.push({ word, term: stem(word) });
	}
	return out;
}

/** The analysed terms of a text: words without stop words, stemmed for the locale. */
export function terms(text: string, locale: Locale): string[] {
	return analyse(text, locale).map((a) => a.term);
}

/**
 * A term without its letters' marks: æ → ae, ø → o, å → a, é → e. A fallback key only, so that a
 * query typed without Norwegian letters ("pamelding") still finds "påmelding", ranked lower.
 */
export function fold(term: string): string {
	if (/^[a-z0-9]*$/.test(term)) return term;
	return term
		.replace(/æ/g, 'ae')
		.replace(/ø/g, 'o')
		.replace(/å/g, 'a')
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.normalize('NFC');
}

/**
 * How many letters a typed word may differ from a word of the site and still be read as it: none
 * for short words (too many neighbours: "mars" and "mors"), one from five letters, two from eight.
 */
export function typosAllowed(word: string): number {
	if (/\p{N}/u.test(word)) return 0;
	return word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0;
}

/**
 * The letters a word holds, as bits (a–z, the rest sharing one): each edit brings in or takes out
 * at most one kind of letter, so two words whose masks differ in more than `max` letters on one
 * side are more than `max` edits apart. A cheap test before editDistance.
 */
export function letterMask(word: string): number {
	let mask = 0;
	for (let i = 0; i < word.length; i++) {
		const c = word.charCodeAt(i) - 97;
		mask |= 1 << (c >= 0 && c < 26 ? c : 26);
	}
	return mask;
}

/** How many bits of `a` are not in `b`. */
export function lettersMissing(a: number, b: number): number {
	let rest = a & ~b;
	let count = 0;
	for (; rest !== 0; count++) rest &= rest - 1;
	return count;
}

/** Three rows of the edit-distance table, kept between calls (grown for longer words). */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Edit distance of two words, a swap of neighbouring letters counting as one edit ("pirce" and
 * "price"); `max + 1` as soon as it must exceed `max`. Only the cells within `max` of the
 * diagonal are computed: a path through any other costs more than `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
	const over = max + 1;
	if (Math.abs(a.length - b.length) > max) return over;
	if (rows[0]!.length <= b.length) rows = rows.map(() => new Int32Array(b.length * 2));
	let [before, previous, row] = rows as [Int32Array, Int32Array, Int32Array];
	for (let j = 0; j <= b.length; j++) previous[j] = Math.min(j, over);
	for (let i = 1; i <= a.length; i++) {
		row.fill(over, 0, b.length + 1);
		row[0] = Math.min(i, over);
		let least = row[0]!;
		for (let j = Math.max(1, i - max); j <= Math.min(b.length, i + max); j++) {
			let d = Math.min(
				previous[j]! + 1,
				row[j - 1]! + 1,
				previous[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1)
			);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
				d = Math.min(d, before[j - 2]! + 1);
			}
			row[j] = Math.min(d, over);
			least = Math.min(least, row[j]!);
		}
		if (least > max) return over;
		[before, previous, row] = [previous, row, before];
	}
	return previous[b.length]!;
}

/**
 * The sentences of a text, in order: a break after . ! ? or … followed by a capital or a
 * quote (so "kl. 18" stays whole), and at every line break.
 */
export function sentences(text: string): string[] {
	return text
		.split(/\n+|(?<=[.!?…])\s+(?=[\p{Lu}«"“(])/u)
		.map((s) => s.trim())
		.filter((s) => s !== '');
}

/**
 * Stored rich text as plain text: the site's bodies are plain paragraphs already, but imported or
 * edited text may carry Markdown marks or stray HTML tags, which are no words to match or quote.
 */
export function plainText(text: string): string {
	return text
		.replace(/\r\n?/g, '\n')
		.replace(/<[^>\n]+>/g, ' ')
		.replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
		.replace(/^[ \t]{0,3}(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+)/gm, '')
		.replace(/(\*\*|__|\*|`)(?=\S)([^\n]*?\S)\1/g, '$2')
		.replace(/[ \t]+/g, ' ')
		.trim();
}
