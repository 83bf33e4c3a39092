// Site search: every word of the query must appear in an item's title, summary, search keywords
// or body (in the page locale), case- and accent-insensitively; title hits rank above summary and
// keyword hits above body hits. The content of a student organisation is a few hundred items, so the search scans them
// in memory; SQLite's LIKE would not fold æ/ø/å or É. Full-text indexes are the next step if
// the content ever grows by orders of magnitude.
import type { SearchDoc } from './types';

export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_MAX_RESULTS = 50;

/** Lower case without diacritics, except the Norwegian letters, which are letters of their own. */
export function foldForSearch(text: string): string {
	return text
		.toLocaleLowerCase('nb')
		.normalize('NFD')
		.replace(/a\u030a/g, 'å')
		.replace(/[\u0300-\u036f]/g, '')
		.normalize('NFC');
}

/** The words of a query, folded; at most ten, each at least two characters. */
export function searchTerms(query: string): string[] {
	const words = foldForSearch(query.slice(0, SEARCH_MAX_LENGTH))
		.split(/[^\p{L}\p{N}]+/u)
		.filter((w) => w.length >= 2);
	return [...new Set(words)].slice(0, 10);
}

export interface SearchHit {
	doc: SearchDoc;
	score: number;
}

export function rankSearch(docs: SearchDoc[], terms: string[]): SearchHit[] {
	if (terms.length === 0) return [];
	const hits: SearchHit[] = [];
	for (const doc of docs) {
		const title = foldForSearch(doc.title.text);
		const summary = foldForSearch(doc.summary.text);
		const body = foldForSearch(doc.body);
		const keywords = foldForSearch(doc.keywords ?? '');
		let score = 0;
		for (const term of terms) {
			if (title.includes(term)) score += 10;
			else if (summary.includes(term) || keywords.includes(term)) score += 3;
			else if (body.includes(term)) score += 1;
			else {
				score = 0;
				break;
			}
		}
		if (score > 0) hits.push({ doc, score });
	}
	return hits
		.sort((a, b) => b.score - a.score || a.doc.title.text.localeCompare(b.doc.title.text))
		.slice(0, SEARCH_MAX_RESULTS);
}
