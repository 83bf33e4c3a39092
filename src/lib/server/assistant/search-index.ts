// An in-memory BM25 index over passages of the public content of one locale. Documents are cut
// into passages of a few sentences so an answer can quote the part that answers, not a whole page.
// Scoring is BM25F over two fields (the document's title, boosted, and the passage's text); a
// query term also matches through its folded form (æ → ae, ø → o, å → a), weighted lower, so an
// exact match always outranks a folded one. In Norwegian a term also matches the compounds that
// hold it ("bolig" in "studentboliger": compounds.ts), weighted lower. A page's search keywords
// are a third field. A query word the index's own locale never uses is looked for in the other
// locale's text of the same items, so "fadderuke" in an English question finds the English page
// of what the Norwegian text calls so; one found nowhere is read as the site's words within a typo
// or two of it ("chrismas" → "christmas"), weighted lower still. Events and news lose weight with age.
import type { Locale } from '$lib/i18n';
import { compoundLookup } from './compounds';
import {
	analyse,
	normalize,
	editDistance,
	fold,
	letterMask,
	lettersMissing,
	sentences,
	typosAllowed
} from './text';

export type DocKind =
	'page' | 'event' | 'news' | 'job' | 'unit' | 'project' | 'product' | 'document';

/** A page of the site a text links to. */
export interface SiteLink {
	title: string;
	url: string;
}

/** One public item in one locale, as the assistant indexes it. */
export interface IndexDoc {
	id: string;
	kind: DocKind;
	locale: Locale;
	title: string;
	/** Localized page address, e.g. `/en/events/evt-julebord`. */
	url: string;
	/** Plain text; paragraphs separated by blank lines. */
	text: string;
	/** ISO instant: an event's start, a news item's publication. Other kinds are not decayed. */
	date?: string;
	/** Words visitors search with that the text does not use (a page's keywords), comma-separated. */
	keywords?: string;
	/** The site's pages the text links to, each titled by its link's text. */
	links?: SiteLink[];
}

export interface Passage {
	docId: string;
	kind: DocKind;
	title: string;
	url: string;
	text: string;
	date?: string;
	/** The links of its document whose text this passage holds. */
	links?: SiteLink[];
}

export interface Hit {
	passage: Passage;
	score: number;
	/** The query terms this passage matched, exactly, through their folded form or as a typo. */
	matched: string[];
}

export interface SearchResult {
	/**
	 * The analysed terms of the query, then those it was read as: the words its typos stand for,
	 * the compounds holding its terms and the parts of its compounds.
	 */
	terms: string[];
	/** Passages good enough to answer with, best first (see goodEnough). */
	hits: Hit[];
}

export const PASSAGE_MAX_CHARS = 600;

const K1 = 1.2;
const B = 0.75;
/** A title word counts as this many body words. */
const TITLE_WEIGHT = 2.5;
/** A match through the folded form only is worth this share of an exact one. */
const FOLD_WEIGHT = 0.35;
/** A match of a word read as a typo of the site's word is worth this share of an exact one. */
const TYPO_WEIGHT = 0.3;
/** A match inside a compound, or of a compound's parts, is worth this share of an exact one. */
const COMPOUND_WEIGHT = 0.75;
/** A match in the other locale's text of the same item is worth this share of an exact one. */
const TWIN_WEIGHT = 0.5;
/** A keyword counts as this many body words; keyword lists are not weighed by their length. */
const KEYWORD_WEIGHT = 2;
/** The locales whose words are compounds written as one (Norwegian, not English). */
const COMPOUNDS: Record<Locale, boolean> = { no: true, en: false };
/** At most this many passages of one document among the hits, so one long page cannot fill them. */
const PER_DOC = 2;

const DAY_MS = 86_400_000;
/** Half-lives of relevance; an old item keeps at least RECENCY_FLOOR of its score. */
const HALF_LIFE_DAYS: Partial<Record<DocKind, number>> = { event: 30, news: 120 };
const RECENCY_FLOOR = 0.3;

/**
 * "Found nothing good enough": a passage answers only when it matches at least half of the
 * terms of a question of up to six (rounded up; a folded or typo match counts), and a quarter of
 * a longer one's, but never fewer than three: a long message ("Hi! I am starting in Bergen this
 * autumn and wonder …") says much around its subject, and half of its words are seldom in one
 * passage. A question of unknown words then finds nothing, and one or two words of a long
 * question that happen to occur somewhere are not an answer. Stop words are not terms, so
 * "how do I …" costs nothing. BM25 scores are not comparable between queries, so no absolute
 * score threshold is used.
 */
export function goodEnough(matched: number, queryTerms: number): boolean {
	if (queryTerms === 0) return false;
	const needed =
		queryTerms <= 6 ? Math.ceil(queryTerms / 2) : Math.max(3, Math.ceil(queryTerms / 4));
	return matched >= needed;
}

/** Text cut on paragraph and sentence boundaries into pieces of at most `max` characters. */
export function splitPassages(text: string, max = PASSAGE_MAX_CHARS): string[] {
	const units: string[] = [];
	for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
		const p = paragraph.trim().replace(/\s*\n\s*/g, '\n');
		if (p === '') continue;
		if (p.length <= max) units.push(p);
		else
			units.push(
				...packed(
					sentences(p).flatMap((s) => cutLong(s, max)),
					max,
					' '
				)
			);
	}
	return packed(units, max, '\n\n');
}

/** Consecutive pieces joined while the result stays within `max`. */
function packed(pieces: string[], max: number, joiner: string): string[] {
	const out: string[] = [];
	let current = '';
	for (const piece of pieces) {
		if (current === '') current = piece;
		else if (current.length + joiner.length + piece.length <= max) current += joiner + piece;
		else {
			out.push(current);
			current = piece;
		}
	}
	if (current !== '') out.push(current);
	return out;
}

/** A sentence longer than `max` (a list without stops) cut at spaces. */
function cutLong(sentence: string, max: number): string[] {
	if (sentence.length <= max) return [sentence];
	const out: string[] = [];
	let rest = sentence;
	while (rest.length > max) {
		const space = rest.lastIndexOf(' ', max);
		const at = space > max / 2 ? space : max;
		out.push(rest.slice(0, at).trim());
		rest = rest.slice(at).trim();
	}
	if (rest !== '') out.push(rest);
	return out;
}

/** How much of its score an event or news item keeps at `now`; upcoming events keep all. */
export function recency(kind: DocKind, date: string | undefined, now: Date): number {
	const halfLife = HALF_LIFE_DAYS[kind];
	const at = date ? Date.parse(date) : NaN;
	if (halfLife === undefined || Number.isNaN(at)) return 1;
	// An event is current until a day after it starts; news from its publication on.
	const ageDays = (now.getTime() - at) / DAY_MS - (kind === 'event' ? 1 : 0);
	if (ageDays <= 0) return 1;
	return RECENCY_FLOOR + (1 - RECENCY_FLOOR) * 0.5 ** (ageDays / halfLife);
}

interface Posting {
	passage: number;
	body: number;
	title: number;
	keywords: number;
}

function countTerms(list: string[], key: (t: string) => string = (t) => t): Map<string, number> {
	const counts = new Map<string, number>();
	for (const t of list) counts.set(key(t), (counts.get(key(t)) ?? 0) + 1);
	return counts;
}

function addPostings(
	index: Map<string, Posting[]>,
	passage: number,
	body: Map<string, number>,
	title: Map<string, number>,
	keywords: Map<string, number>
) {
	for (const term of new Set([...body.keys(), ...title.keys(), ...keywords.keys()])) {
		let list = index.get(term);
		if (!list) index.set(term, (list = []));
		list.push({
			passage,
			body: body.get(term) ?? 0,
			title: title.get(term) ?? 0,
			keywords: keywords.get(term) ?? 0
		});
	}
}

/** The links whose text a passage holds. */
function linksIn(text: string, links: readonly SiteLink[] | undefined, locale: Locale) {
	const held = normalize(text, locale);
	const found = (links ?? []).filter((l) => held.includes(normalize(l.title, locale)));
	return found.length > 0 ? { links: found } : {};
}

/**
 * The other locale's text of the items, one posting list per folded term with the documents
 * holding it: a fallback for a question's word its own locale never uses. Documents, not passages:
 * the answer quotes the visitor's locale's text of the item, never this one.
 */
function twinIndex(docs: readonly IndexDoc[]) {
	const postings = new Map<string, { docId: string; tf: number }[]>();
	const lengths: number[] = [];
	const counted: {
		docId: string;
		body: Map<string, number>;
		length: number;
		fixed: Map<string, number>;
	}[] = [];
	for (const doc of docs) {
		const body = analyse(doc.text, doc.locale).map((a) => fold(a.term));
		const fixed = new Map<string, number>();
		for (const t of analyse(doc.title, doc.locale)) {
			fixed.set(fold(t.term), (fixed.get(fold(t.term)) ?? 0) + TITLE_WEIGHT);
		}
		for (const t of analyse(doc.keywords ?? '', doc.locale)) {
			fixed.set(fold(t.term), (fixed.get(fold(t.term)) ?? 0) + KEYWORD_WEIGHT);
		}
		counted.push({ docId: doc.id, body: countTerms(body), length: body.length, fixed });
		lengths.push(body.length);
	}
	const avg = lengths.reduce((a, x) => a + x, 0) / (lengths.length || 1) || 1;
	for (const { docId, body, length, fixed } of counted) {
		for (const term of new Set([...body.keys(), ...fixed.keys()])) {
			const tf = (body.get(term) ?? 0) / (1 - B + (B * length) / avg) + (fixed.get(term) ?? 0);
			let list = postings.get(term);
			if (!list) postings.set(term, (list = []));
			list.push({ docId, tf: (tf * (K1 + 1)) / (tf + K1) });
		}
	}
	return { postings, size: docs.length };
}

/**
 * The index of one locale's documents. Documents of the other locale (the same items' other
 * text, by id) are only a fallback for words of a question its own locale never uses.
 */
export function buildIndex(docs: readonly IndexDoc[], locale: Locale) {
	const passages: Passage[] = [];
	const bodyLength: number[] = [];
	const titleLength: number[] = [];
	const exact = new Map<string, Posting[]>();
	const folded = new Map<string, Posting[]>();
	/** Every word of the locale's documents, folded, with the terms it stands for. */
	const vocabulary = new Map<string, Set<string>>();
	/** The passages of each document, for the other locale's matches. */
	const passagesOf = new Map<string, number[]>();
	const learn = (analysed: { word: string; term: string }[]) => {
		for (const { word, term } of analysed) {
			const key = fold(word);
			const known = vocabulary.get(key);
			if (known) known.add(term);
			else vocabulary.set(key, new Set([term]));
		}
	};

	for (const doc of docs) {
		if (doc.locale !== locale) continue;
		const titleWords = analyse(doc.title, locale);
		const keywordWords = analyse(doc.keywords ?? '', locale);
		learn(titleWords);
		learn(keywordWords);
		const titleTerms = titleWords.map((a) => a.term);
		const titleExact = countTerms(titleTerms);
		const titleFolded = countTerms(titleTerms, fold);
		const keywordTerms = keywordWords.map((a) => a.term);
		const keywordExact = countTerms(keywordTerms);
		const keywordFolded = countTerms(keywordTerms, fold);
		const pieces = splitPassages(doc.text);
		const own: number[] = [];
		passagesOf.set(doc.id, own);
		for (const text of pieces.length > 0 ? pieces : [doc.title]) {
			const n = passages.length;
			own.push(n);
			passages.push({
				docId: doc.id,
				kind: doc.kind,
				title: doc.title,
				url: doc.url,
				text,
				...(doc.date ? { date: doc.date } : {}),
				...linksIn(text, doc.links, locale)
			});
			const bodyWords = analyse(text, locale);
			learn(bodyWords);
			const bodyTerms = bodyWords.map((a) => a.term);
			bodyLength.push(bodyTerms.length);
			titleLength.push(titleTerms.length);
			addPostings(exact, n, countTerms(bodyTerms), titleExact, keywordExact);
			addPostings(folded, n, countTerms(bodyTerms, fold), titleFolded, keywordFolded);
		}
	}
	const twins = twinIndex(docs.filter((d) => d.locale !== locale && passagesOf.has(d.id)));

	const N = passages.length;
	const mean = (xs: number[]) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : 0) || 1;
	const avgBody = mean(bodyLength);
	const avgTitle = mean(titleLength);
	const idf = (df: number, all = N) => Math.log(1 + (all - df + 0.5) / (df + 0.5));
	const weight = (p: Posting) => {
		const tf =
			p.body / (1 - B + (B * bodyLength[p.passage]!) / avgBody) +
			(TITLE_WEIGHT * p.title) / (1 - B + (B * titleLength[p.passage]!) / avgTitle) +
			KEYWORD_WEIGHT * p.keywords;
		return (tf * (K1 + 1)) / (tf + K1);
	};

	/** The terms of the site's words a typed word (folded) may be a typo of. */
	const byLength = new Map<number, { word: string; mask: number; terms: Set<string> }[]>();
	for (const [word, wordTerms] of vocabulary) {
		const entry = { word, mask: letterMask(word), terms: wordTerms };
		const list = byLength.get(word.length);
		if (list) list.push(entry);
		else byLength.set(word.length, [entry]);
	}
	const readAs = (typed: string): Set<string> => {
		const max = typosAllowed(typed);
		const mask = letterMask(typed);
		const found = new Set<string>();
		for (let length = typed.length - max; max > 0 && length <= typed.length + max; length++) {
			for (const known of byLength.get(length) ?? []) {
				if (lettersMissing(mask, known.mask) > max || lettersMissing(known.mask, mask) > max) {
					continue;
				}
				if (editDistance(typed, known.word, max) <= max) {
					for (const t of known.terms) found.add(t);
				}
			}
		}
		return found;
	};

	const compounds = COMPOUNDS[locale]
		? compoundLookup(vocabulary.keys(), (piece) => vocabulary.has(piece))
		: null;
	/** The folded terms the site's words (folded) stand for. */
	const termsOfWords = (siteWords: Iterable<string>) =>
		new Set([...siteWords].flatMap((w) => [...(vocabulary.get(w) ?? [])].map(fold)));

	/** The best posting per passage among the postings of `keys`. */
	const bestOf = (keys: Iterable<string>) => {
		const best = new Map<number, Posting>();
		for (const key of keys) {
			for (const p of exact.get(key) ?? []) {
				const kept = best.get(p.passage);
				if (!kept || weight(p) > weight(kept)) best.set(p.passage, p);
			}
		}
		return best;
	};
	/** One posting per passage counting every occurrence of `keys` in it: a compound's forms. */
	const sumOf = (keys: Iterable<string>) => {
		const sum = new Map<number, Posting>();
		for (const key of keys) {
			for (const p of folded.get(key) ?? []) {
				const kept = sum.get(p.passage);
				if (!kept) sum.set(p.passage, { ...p });
				else {
					kept.body += p.body;
					kept.title += p.title;
					kept.keywords += p.keywords;
				}
			}
		}
		return sum;
	};

	return {
		locale,
		size: N,
		documents: passagesOf.size,

		/** The passages that answer `query`, best first, at most `k`. */
		search(query: string, k = 5, now = new Date()): SearchResult {
			const analysed = analyse(query, locale);
			const queryTerms = [...new Set(analysed.map((a) => a.term))];
			const readings = new Set<string>();
			const score = new Map<number, number>();
			const matched = new Map<number, Set<string>>();
			const credit = (p: number, term: string, points: number) => {
				score.set(p, (score.get(p) ?? 0) + points);
				const terms = matched.get(p);
				if (terms) terms.add(term);
				else matched.set(p, new Set([term]));
			};
			for (const term of queryTerms) {
				const asked = analysed.filter((a) => a.term === term).map((a) => a.word);
				const words = asked.map(fold);
				const seen = new Set<number>();
				/** Credits the passages not yet credited for this term, at `share` of an exact match. */
				const add = (postings: Iterable<Posting>, share: number) => {
					const fresh = [...postings].filter((p) => !seen.has(p.passage));
					const termIdf = idf(seen.size + fresh.length);
					for (const p of fresh) {
						seen.add(p.passage);
						credit(p.passage, term, share * termIdf * weight(p));
					}
				};
				add(exact.get(term) ?? [], 1);
				add(folded.get(fold(term)) ?? [], FOLD_WEIGHT);
				const inCompounds = termsOfWords(words.flatMap((w) => compounds?.containing(w) ?? []));
				inCompounds.forEach((t) => readings.add(t));
				add(sumOf(inCompounds).values(), COMPOUND_WEIGHT);
				if (seen.size > 0) continue;

				// A word the site never writes whole: the parts of a compound, the other locale's text
				// of the same items, then the words it may be a typo of.
				const parts = termsOfWords(words.flatMap((w) => compounds?.parts(w) ?? []));
				parts.forEach((t) => readings.add(t));
				add(sumOf(parts).values(), COMPOUND_WEIGHT);
				if (seen.size > 0) continue;

				const twinHits = new Map<string, number>();
				for (const word of asked) {
					for (const other of analyse(word, locale === 'no' ? 'en' : 'no')) {
						for (const { docId, tf } of twins.postings.get(fold(other.term)) ?? []) {
							twinHits.set(docId, Math.max(twinHits.get(docId) ?? 0, tf));
						}
					}
				}
				const twinIdf = idf(twinHits.size, twins.size);
				for (const [docId, tf] of twinHits) {
					for (const p of passagesOf.get(docId) ?? []) {
						seen.add(p);
						credit(p, term, TWIN_WEIGHT * twinIdf * tf);
					}
				}
				if (seen.size > 0) continue;

				const typos = new Set(words.flatMap((w) => [...readAs(w)]));
				typos.forEach((t) => readings.add(t));
				const best = bestOf(typos);
				const typoIdf = idf(best.size);
				for (const p of best.values()) credit(p.passage, term, TYPO_WEIGHT * typoIdf * weight(p));
			}

			const ranked: Hit[] = [];
			for (const [p, points] of score) {
				const found = [...matched.get(p)!];
				if (!goodEnough(found.length, queryTerms.length)) continue;
				const passage = passages[p]!;
				ranked.push({
					passage,
					score: points * recency(passage.kind, passage.date, now),
					matched: found
				});
			}
			ranked.sort((a, b) => b.score - a.score || a.passage.url.localeCompare(b.passage.url));

			const perDoc = new Map<string, number>();
			const hits: Hit[] = [];
			for (const hit of ranked) {
				if (hits.length >= k) break;
				const count = perDoc.get(hit.passage.docId) ?? 0;
				if (count >= PER_DOC) continue;
				perDoc.set(hit.passage.docId, count + 1);
				hits.push(hit);
			}
			return { terms: [...queryTerms, ...readings], hits };
		}
	};
}

export type SearchIndex = ReturnType<typeof buildIndex>;
