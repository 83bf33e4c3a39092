// Questions a visitor might ask the assistant about the demo content (db/seed.ts, seed-content.ts),
// each with the page a good answer must cite, questions it holds no answer to, and how a retriever
// is scored on them: the retrieval-quality set of quality.test.ts and of the assistant's bench
// (bench/assistant.mjs, which also times the local answer over these questions). Written as
// visitors write: paraphrases, short searches, long messages, typos and words typed without æ, ø,
// å. Not tuned to the ranker: a question the ranker misses stays in the set and lowers the score.
import type { Locale } from '$lib/i18n';
import questions from './quality-questions.json';
import type { AssistantRetriever } from './retriever';

/**
 * The moment the questions are asked, with the demo content seeded at it: events' recency and
 * which news is published depend on the clock, so the figures do not drift from day to day.
 */
export const QUALITY_NOW = new Date('2026-11-23T09:00:00.000Z');

export interface QualityCase {
	question: string;
	/** The page a good answer cites, as the retriever gives it (`/no/events/evt-julebord`). */
	expected: string;
}

/**
 * The questions are data (quality-questions.json), each locale's list in the same order:
 * - `first`: the first set (2026-11-24), by the site's parts — events, news, jobs, units,
 *   projects, about pages, other pages, the shop — and last, long messages.
 * - `paraphrases`: paraphrases a visitor expects to work (issue 36 and issue 30's item 20),
 *   written before the ranker was tuned on them (2026-11-27): a compound's part ("bolig" for
 *   "studentboliger", "butikken på nett" for "Nettbutikken"), a Norwegian word in an English
 *   question ("fadderuke", "julebord"), an English one in a Norwegian question ("career day"),
 *   words the page does not use ("office", "reimbursed"), and the membership's price, which the
 *   page that sells it answers.
 * - `offTopic`: questions the demo content holds no answer to: a good assistant says it found
 *   nothing (and points to the search and the contact page) rather than quoting a page that
 *   shares a word.
 */
export const FIRST_SET: Record<Locale, readonly QualityCase[]> = questions.first;
export const PARAPHRASES: Record<Locale, readonly QualityCase[]> = questions.paraphrases;
export const OFF_TOPIC: Record<Locale, readonly string[]> = questions.offTopic;

/** Every question with its page: the first set and the paraphrases. */
export const QUALITY_SET: Record<Locale, readonly QualityCase[]> = {
	no: [...FIRST_SET.no, ...PARAPHRASES.no],
	en: [...FIRST_SET.en, ...PARAPHRASES.en]
};

/** hit@1 and hit@3 of a group of questions. */
export interface Hits {
	questions: number;
	/** Share of questions whose expected page is the first page the retriever gives. */
	hit1: number;
	/** … among its first three distinct pages. */
	hit3: number;
}

export interface RetrievalQuality extends Hits {
	/** The same figures for the first set and for the paraphrases alone. */
	sets: { first: Hits; paraphrases: Hits };
	/** Share of the off-topic questions for which it gives nothing. */
	offTopicNothing: number;
	/** The questions that missed hit@1, and the off-topic ones that found something, for reading. */
	misses: string[];
}

/** Enough passages for three distinct pages: at most two passages of one page are returned. */
const PASSAGES = 12;

const share = (part: number, whole: number) => Math.round((part / whole) * 1000) / 1000;

/** hit@1, hit@3 and the off-topic share of one locale's questions, as `retrieve` ranks them. */
export async function retrievalQuality(
	retriever: Pick<AssistantRetriever, 'retrieve'>,
	locale: Locale
): Promise<RetrievalQuality> {
	const pagesFor = async (question: string) => {
		const passages = await retriever.retrieve(question, locale, PASSAGES);
		return [...new Set(passages.map((p) => p.url))];
	};
	const misses: string[] = [];
	const ranks = new Map<QualityCase, number>();
	for (const c of QUALITY_SET[locale]) {
		const pages = await pagesFor(c.question);
		const rank = pages.indexOf(c.expected) + 1;
		ranks.set(c, rank);
		if (rank !== 1) {
			const got = pages.slice(0, 3).join(', ') || 'nothing';
			misses.push(`${rank === 0 ? '–' : `#${rank}`} ${c.question} → ${c.expected}; got ${got}`);
		}
	}
	const hits = (cases: readonly QualityCase[]): Hits => {
		const rankOf = (c: QualityCase) => ranks.get(c) ?? 0;
		return {
			questions: cases.length,
			hit1: share(cases.filter((c) => rankOf(c) === 1).length, cases.length),
			hit3: share(cases.filter((c) => rankOf(c) >= 1 && rankOf(c) <= 3).length, cases.length)
		};
	};
	let nothing = 0;
	for (const question of OFF_TOPIC[locale]) {
		const pages = await pagesFor(question);
		if (pages.length === 0) nothing += 1;
		else misses.push(`off-topic: ${question} → ${pages.slice(0, 3).join(', ')}`);
	}
	return {
		...hits(QUALITY_SET[locale]),
		sets: { first: hits(FIRST_SET[locale]), paraphrases: hits(PARAPHRASES[locale]) },
		offTopicNothing: share(nothing, OFF_TOPIC[locale].length),
		misses
	};
}
