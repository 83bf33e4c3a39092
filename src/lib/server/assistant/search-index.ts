// An in-memory BM25 index over passages of the public content of one locale. Documents are cut
// into passages of a few sentences so an answer can quote the part that answers, not a whole page.
// Scoring is BM25F over two fields (the document's title, boosted, and the passage's text); a
// query term also matches through its folded form (æ → ae, ø → o, å → a), weighted lower, so an
// exact match always outranks a folded one. A query word the site never uses in any form is read as
// the site's words within a typo or two of it ("chrismas" → "christmas"), weighted lower still.
// Events and news lose weight with age.
import type { Locale } from '$lib/i18n';
import {
	analyse,
	editDistance,
	fold,
	letterMask,
	lettersMissing,
	sentences,
	typosAllowed
} from './text';

export type DocKind =
	'page' | 'event' | 'news' | 'job' | 'unit' | 'project' | 'product' | 'document';

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
}

export interface Passage {
	docId: string;
	kind: DocKind;
	title: string;
	url: string;
	text: string;
	date?: string;
}

export interface Hit {
	passage: Passage;
	score: number;
	/** The query terms this passage matched, exactly, through their folded form or as a typo. */
	matched: string[];
}

export interface SearchResult {
	/** The analysed terms of the query, then the terms of the words its typos were read as. */
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
	title: Map<string, number>
) {
	for (const term of new Set([...body.keys(), ...title.keys()])) {
		let list = index.get(term);
		if (!list) index.set(term, (list = []));
		list.push({ passage, body: body.get(term) ?? 0, title: title.get(term) ?? 0 });
	}
}

export function buildIndex(docs: readonly IndexDoc[], locale: Locale) {
	const passages: Passage[] = [];
	const bodyLength: number[] = [];
	const titleLength: number[] = [];
	const exact = new Map<string, Posting[]>();
	const folded = new Map<string, Posting[]>();
	/** Every word of the locale's documents, folded, with the terms it stands for. */
	const vocabulary = new Map<string, Set<string>>();
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
		learn(titleWords);
		const titleTerms = titleWords.map((a) => a.term);
		const titleExact = countTerms(titleTerms);
		const titleFolded = countTerms(titleTerms, fold);
		const pieces = splitPassages(doc.text);
		for (const text of pieces.length > 0 ? pieces : [doc.title]) {
			const n = passages.length;
			passages.push({
				docId: doc.id,
				kind: doc.kind,
				title: doc.title,
				url: doc.url,
				text,
				...(doc.date ? { date: doc.date } : {})
			});
			const bodyWords = analyse(text, locale);
			learn(bodyWords);
			const bodyTerms = bodyWords.map((a) => a.term);
			bodyLength.push(bodyTerms.length);
			titleLength.push(titleTerms.length);
			addPostings(exact, n, countTerms(bodyTerms), titleExact);
			addPostings(folded, n, countTerms(bodyTerms, fold), titleFolded);
		}
	}

	const N = passages.length;
	const mean = (xs: number[]) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : 0) || 1;
	const avgBody = mean(bodyLength);
	const avgTitle = mean(titleLength);
	const idf = (df: number) => Math.log(1 + (N - df + 0.5) / (df + 0.5));
	const weight = (p: Posting) => {
		const tf =
			p.body / (1 - B + (B * bodyLength[p.passage]!) / avgBody) +
			(TITLE_WEIGHT * p.title) / (1 - B + (B * titleLength[p.passage]!) / avgTitle);
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

	return {
		locale,
		size: N,
		documents: new Set(passages.map((p) => p.docId)).size,

		/** The passages that answer `query`, best first, at most `k`. */
		search(query: string, k = 5, now = new Date()): SearchResult {
			const analysed = analyse(query, locale);
			const queryTerms = [...new Set(analysed.map((a) => a.term))];
			const corrections = new Set<string>();
			const score = new Map<number, number>();
			const matched = new Map<number, string[]>();
			const credit = (p: number, term: string, points: number) => {
				score.set(p, (score.get(p) ?? 0) + points);
				const list = matched.get(p);
				if (list) list.push(term);
				else matched.set(p, [term]);
			};
			for (const term of queryTerms) {
				const hits = exact.get(term) ?? [];
				const seen = new Set<number>();
				const termIdf = idf(hits.length);
				for (const p of hits) {
					seen.add(p.passage);
					credit(p.passage, term, termIdf * weight(p));
				}
				const near = (folded.get(fold(term)) ?? []).filter((p) => !seen.has(p.passage));
				const nearIdf = idf(near.length + hits.length);
				for (const p of near) credit(p.passage, term, FOLD_WEIGHT * nearIdf * weight(p));
				if (hits.length > 0 || near.length > 0) continue;

				// A word the site never uses: the best posting per passage of the words it may be a typo of.
				const best = new Map<number, Posting>();
				for (const { word } of analysed.filter((a) => a.term === term)) {
					for (const t of readAs(fold(word))) {
						corrections.add(t);
						for (const p of exact.get(t) ?? []) {
							const kept = best.get(p.passage);
							if (!kept || weight(p) > weight(kept)) best.set(p.passage, p);
						}
					}
				}
				const typoIdf = idf(best.size);
				for (const p of best.values()) credit(p.passage, term, TYPO_WEIGHT * typoIdf * weight(p));
			}

			const ranked: Hit[] = [];
			for (const [p, points] of score) {
				const found = matched.get(p)!;
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
			return { terms: [...queryTerms, ...corrections], hits };
		}
	};
}

export type SearchIndex = ReturnType<typeof buildIndex>;
