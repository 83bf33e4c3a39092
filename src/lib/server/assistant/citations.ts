// The sources under a model's answer: the passages it cited as [n], as links. Models cite
// loosely ([1, 3], [2][2], 【1】, a number that was never given), so the text is normalised to
// one [n] per source and a number that points nowhere is taken out rather than shown dead.
import { PROMPT_LIMITS, type Passage } from './prompt';

export interface Source {
	/** The number the answer's text cites it by. */
	n: number;
	title: string;
	url: string;
}

export interface CitedAnswer {
	/** The answer with its citations as [n], each n one of `sources`. */
	text: string;
	/** The cited passages, in order of first citation, one per url. */
	sources: Source[];
}

// A bracket of small numbers; a [2024] is a year in the text, not a citation.
const CITATION = /( ?)(?:\[|【)\s*(\d{1,2}(?:\s*[,;]\s*\d{1,2})*)\s*(?:\]|】)/g;

/**
 * Maps the [n] of an answer (whole, or a stream's pieces joined) to the `passages` given in the
 * prompt, numbered from 1 as `numberedPassages` numbered them.
 */
export function citeSources(answer: string, passages: Passage[]): CitedAnswer {
	const sent = passages.slice(0, PROMPT_LIMITS.passages);
	const byUrl = new Map<string, Source>();
	const sources: Source[] = [];
	const text = answer.replace(CITATION, (_match, space: string, list: string) => {
		const cited: number[] = [];
		for (const n of list.split(/[,;]/).map((s) => Number(s.trim()))) {
			const passage = sent[n - 1];
			if (!passage) continue;
			let source = byUrl.get(passage.url);
			if (!source) {
				source = { n, title: passage.title, url: passage.url };
				byUrl.set(passage.url, source);
				sources.push(source);
			}
			if (!cited.includes(source.n)) cited.push(source.n);
		}
		return cited.length === 0 ? '' : space + cited.map((n) => `[${n}]`).join('');
	});
	// [1][1] from two passages of one page, once each is rewritten to its source.
	const tidy = text.replace(/(\[\d+\])(?:\1)+/g, '$1');
	return { text: withoutForeignLinks(tidy, new Set(sent.map((p) => p.url))), sources };
}

// A Markdown link [text](target), and a bare web address.
const MARKDOWN_LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,2000})\)/g;
const BARE_URL = /\bhttps?:\/\/[^\s)\]]+/gi;

/**
 * A model may write links of its own (a page it imagines, or one a passage's text smuggled in):
 * only the pages it was given stay links; any other keeps its text and loses its target.
 */
function withoutForeignLinks(text: string, allowed: Set<string>): string {
	return text
		.replace(MARKDOWN_LINK, (whole, label: string, target: string) =>
			allowed.has(target) ? whole : label
		)
		.replace(BARE_URL, (url) => (allowed.has(url) ? url : ''))
		.replace(/[ \t]{2,}/g, ' ');
}
