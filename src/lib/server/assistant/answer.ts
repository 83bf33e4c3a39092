// The assistant's answer without a model: the best one to three passages, each cut to the
// sentences around the words asked about and quoted under its page's title, or, when nothing
// answered well enough, an honest "could not find that" with the search and the contact page.
import { localizePath, type Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { Hit, SearchResult } from './search-index';
import { fold, sentences, terms } from './text';

export interface AnswerLink {
	title: string;
	url: string;
}

export interface QuotedPassage extends AnswerLink {
	quote: string;
	score: number;
	/** The site's pages the quoted passage links to. */
	links: AnswerLink[];
}

export interface LocalAnswer {
	found: boolean;
	/** Plain text in the visitor's locale. */
	answer: string;
	/** The pages quoted, once each, best first, then the pages they link to; empty when nothing was found. */
	sources: AnswerLink[];
	passages: QuotedPassage[];
	/** Where to look instead when nothing was found: the search for the question, the contact page. */
	links: AnswerLink[];
}

export const QUOTE_MAX_CHARS = 320;
const MAX_QUOTES = 3;
/** A further passage is quoted only when it scores at least this share of the best one. */
const QUOTE_SHARE = 0.5;

/**
 * The sentences of a passage around the one that holds most of the query's terms, within `max`
 * characters; "…" marks what was left out.
 */
export function quote(
	text: string,
	queryTerms: readonly string[],
	locale: Locale,
	max = QUOTE_MAX_CHARS
): string {
	const parts = sentences(text);
	if (parts.length === 0) return '';
	const wanted = new Set(queryTerms.map(fold));
	const hits = parts.map(
		(s) => [...new Set(terms(s, locale).map(fold))].filter((t) => wanted.has(t)).length
	);
	let best = 0;
	for (let i = 1; i < parts.length; i++) if (hits[i]! > hits[best]!) best = i;

	let from = best;
	let to = best;
	let length = parts[best]!.length;
	// Grow forwards first (what follows a match usually explains it), then backwards.
	while (to + 1 < parts.length && length + 1 + parts[to + 1]!.length <= max) {
		length += 1 + parts[++to]!.length;
	}
	while (from > 0 && length + 1 + parts[from - 1]!.length <= max) {
		length += 1 + parts[--from]!.length;
	}
	let body = parts.slice(from, to + 1).join(' ');
	if (body.length > max) {
		const space = body.lastIndexOf(' ', max - 1);
		body = body.slice(0, space > max / 2 ? space : max - 1) + ' …';
		return (from > 0 ? '… ' : '') + body;
	}
	return (from > 0 ? '… ' : '') + body + (to < parts.length - 1 ? ' …' : '');
}

/** The best hit, then up to two more of other pages that score near it. */
function chosen(hits: Hit[]): Hit[] {
	const first = hits[0];
	if (!first) return [];
	const picked: Hit[] = [first];
	for (const hit of hits.slice(1)) {
		if (picked.length >= MAX_QUOTES) break;
		if (hit.score < first.score * QUOTE_SHARE) break;
		if (picked.some((p) => p.passage.docId === hit.passage.docId)) continue;
		picked.push(hit);
	}
	return picked;
}

export function answerFrom(question: string, locale: Locale, result: SearchResult): LocalAnswer {
	const opts = { locale };
	const picked = chosen(result.hits);
	if (picked.length === 0) {
		const query = question.trim().slice(0, 200);
		const searchUrl = `${localizePath('/search', locale)}?q=${encodeURIComponent(query)}`;
		const contactUrl = localizePath('/contact', locale);
		return {
			found: false,
			// The addresses are the links below the answer, never text in it.
			answer: m.assistant_not_found({}, opts),
			sources: [],
			passages: [],
			links: [
				{ title: m.assistant_search_link({ query }, opts), url: searchUrl },
				{ title: m.assistant_contact_link({}, opts), url: contactUrl }
			]
		};
	}
	const passages = picked.map(({ passage, score }) => ({
		title: passage.title,
		url: passage.url,
		quote: quote(passage.text, result.terms, locale),
		score,
		links: passage.links ?? []
	}));
	const lines = passages.map((p) =>
		m.assistant_found_quote({ title: p.title, quote: p.quote }, opts)
	);
	return {
		found: true,
		answer: [m.assistant_found_intro({}, opts), ...lines].join('\n\n'),
		// Each quoted page, then the pages its quoted text links to ("the expense system": /fs).
		sources: [
			...new Map(
				passages.flatMap((p) => [p, ...p.links]).map(({ title, url }) => [url, { title, url }])
			).values()
		],
		passages,
		links: []
	};
}
