// One index per locale, built on the first question and built again when the content changed.
// The signal is the database's change feed (the one that clears the page cache): every write of
// this process to a table a public page shows, and on PostgreSQL every other instance's, bumps a
// generation; the next question finds its index behind and rebuilds it. Nothing polls the
// database per question. Time alone also changes what is public (a news item scheduled for now)
// and how recent things are, so an index is rebuilt, lazily, once it is older than `maxAgeMs`.
import type { Locale } from '$lib/i18n';
import type { Db, DbChanges } from '../db';
import { answerFrom, type LocalAnswer } from './answer';
import { publicDocs } from './corpus';
import {
	buildIndex,
	type DocKind,
	type IndexDoc,
	type SearchIndex,
	type SiteLink
} from './search-index';

export interface RetrievedPassage {
	title: string;
	url: string;
	kind: DocKind;
	text: string;
	/** BM25 score with the recency factor; only comparable within one question. */
	score: number;
	/** The query terms (stemmed) the passage matched. */
	matched: string[];
	date?: string;
	/** The site's pages the passage links to. */
	links?: SiteLink[];
}

export interface RetrieverOptions {
	db: Db;
	/** The database's change feed; without it an index only follows changes after `maxAgeMs`. */
	changes?: Pick<DbChanges, 'onWrite'>;
	/** More public documents (processed uploads), read whenever an index is built. */
	extraDocs?: (locale: Locale) => Promise<IndexDoc[]>;
	now?: () => Date;
	maxAgeMs?: number;
}

const DEFAULT_MAX_AGE_MS = 10 * 60_000;
/** Questions longer than this are cut before analysis; the route limits them anyway. */
const QUESTION_MAX_CHARS = 500;

export function assistantRetriever(options: RetrieverOptions) {
	const clock = options.now ?? (() => new Date());
	const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
	let generation = 0;
	options.changes?.onWrite(() => {
		generation += 1;
	});

	interface Built {
		generation: number;
		builtAt: number;
		index: Promise<SearchIndex>;
	}
	const built = new Map<Locale, Built>();
	let builds = 0;

	async function build(locale: Locale, now: Date): Promise<SearchIndex> {
		builds += 1;
		// The other locale's text of the same items answers for a word this locale never uses.
		const [own, other, extra] = await Promise.all([
			publicDocs(options.db, locale, now),
			publicDocs(options.db, locale === 'no' ? 'en' : 'no', now),
			options.extraDocs ? options.extraDocs(locale) : []
		]);
		return buildIndex([...own, ...extra, ...other], locale);
	}

	/** The locale's index, rebuilt when a write came after it (a build in flight is shared). */
	function indexFor(locale: Locale, now: Date): Promise<SearchIndex> {
		const current = built.get(locale);
		if (
			current &&
			current.generation === generation &&
			now.getTime() - current.builtAt < maxAgeMs
		) {
			return current.index;
		}
		const entry: Built = { generation, builtAt: now.getTime(), index: build(locale, now) };
		built.set(locale, entry);
		// A failed build is not kept: the next question tries again.
		entry.index.catch(() => {
			if (built.get(locale) === entry) built.delete(locale);
		});
		return entry.index;
	}

	async function search(question: string, locale: Locale, k: number) {
		const now = clock();
		const index = await indexFor(locale, now);
		return index.search(question.slice(0, QUESTION_MAX_CHARS), k, now);
	}

	return {
		/** The best passages for a question, best first: what the model adapter puts in its prompt. */
		async retrieve(question: string, locale: Locale, k = 5): Promise<RetrievedPassage[]> {
			const { hits } = await search(question, locale, k);
			return hits.map(({ passage, score, matched }) => ({
				title: passage.title,
				url: passage.url,
				kind: passage.kind,
				text: passage.text,
				score,
				matched,
				...(passage.date ? { date: passage.date } : {}),
				...(passage.links ? { links: passage.links } : {})
			}));
		},

		/** An answer without a model: the best passages quoted, or where to look instead. */
		async answerLocally(question: string, locale: Locale): Promise<LocalAnswer> {
			return answerFrom(question, locale, await search(question, locale, 6));
		},

		/** Forget every index (for a change the feed does not announce). */
		invalidate(): void {
			generation += 1;
		},

		/** How many indexes were built so far (for tests and the bench). */
		stats: () => ({ builds, generation })
	};
}

export type AssistantRetriever = ReturnType<typeof assistantRetriever>;
