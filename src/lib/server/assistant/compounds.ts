// Norwegian writes compounds as one word: "studentboliger", "nettbutikken", "organisasjonsfondet".
// A visitor asking about "bolig" or "butikken på nett" means them, so a question's word also
// matches the site's compounds that begin or end with it — when the part before it is a word the
// site uses too (before a linking s or e: "organisasjon-s-fondet"), or the part after it is a word or
// long. That condition keeps "ring" (call) out of "finansiering" and "markedsføring": "finansie"
// and "markedsfø" are no words. The
// other way round, a question's compound the site never writes ("pressespørsmål") is read as its two
// parts when both are words of the site. Words, not stems: Snowball stems a compound apart from its
// last word ("studentboliger" → "studentbo", "bolig" → "bol"). No dictionary: the site's own words
// are the lexicon, looked up in sorted lists, so a question costs a few binary searches.

/** The shortest part of a compound that counts as a word ("lån", "fest"). */
const MIN_PART = 3;
/** A question's word must be this long to be looked for inside compounds ("nett", "fond"). */
const MIN_WORD = 4;
const LINKING = /^[se]$/;
/** A compound's rest this long after the asked word is taken as a word even when the site never uses it alone. */
const LONG_REST = 7;
/** What a compound's last word may end in after the asked word: "studentbolig-er", "nettbutikk-en". */
const ENDINGS = ['', 'e', 'a', 'en', 'er', 'et', 'ene', 'ens', 'ers', 'ets', 'es', 'ne', 'ns', 's'];

function reverse(s: string): string {
	let out = '';
	for (let i = s.length - 1; i >= 0; i--) out += s[i];
	return out;
}

/** How many words' answers a lookup keeps: questions ask the same words again and again. */
const REMEMBERED = 4096;

/** `find(word)`, remembered for the next question that asks the same word. */
function remembered<T>(find: (word: string) => T): (word: string) => T {
	const kept = new Map<string, T>();
	return (word) => {
		let found = kept.get(word);
		if (found === undefined) {
			if (kept.size >= REMEMBERED) kept.clear();
			kept.set(word, (found = find(word)));
		}
		return found;
	};
}

/** The first index of `sorted` not below `key`. */
function lowerBound(sorted: readonly string[], key: string): number {
	let lo = 0;
	let hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (sorted[mid]! < key) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** The entries of `sorted` that start with `prefix`, longer than it by at least `more`. */
function* startingWith(sorted: readonly string[], prefix: string, more: number): Generator<string> {
	for (let i = lowerBound(sorted, prefix); i < sorted.length; i++) {
		const entry = sorted[i]!;
		if (!entry.startsWith(prefix)) return;
		if (entry.length >= prefix.length + more) yield entry;
	}
}

/**
 * Compound lookups over the words of an index (folded). `isWord` says whether a piece of a word is
 * a word of the site.
 */
export function compoundLookup(siteWords: Iterable<string>, isWord: (piece: string) => boolean) {
	const sorted = [...new Set(siteWords)].filter((w) => !/\d/.test(w)).sort();
	const reversed = sorted.map(reverse).sort();

	/** `piece`, or `piece` without a linking letter at its end, when that is a word of the site. */
	const asModifier = (piece: string): string | null => {
		if (piece.length >= MIN_PART && isWord(piece)) return piece;
		const bare = piece.slice(0, -1);
		return LINKING.test(piece.at(-1) ?? '') && bare.length >= MIN_PART && isWord(bare)
			? bare
			: null;
	};

	return {
		/** The site's words that are compounds of `word` and another word of the site. */
		containing: remembered((word: string): string[] => {
			if (word.length < MIN_WORD || /\d/.test(word)) return [];
			const found = new Set<string>();
			// The asked word first: the rest must be a word (after a linking letter, perhaps), or long
			// enough to be one in a form the site does not use alone ("bolig-mangelen"); a short rest
			// is an ending or a fragment ("fest-ivalen").
			for (const compound of startingWith(sorted, word, MIN_PART)) {
				const rest = compound.slice(word.length);
				if (
					rest.length >= LONG_REST ||
					isWord(rest) ||
					(LINKING.test(rest[0]!) && isWord(rest.slice(1)))
				) {
					found.add(compound);
				}
			}
			// The asked word last, with an ending of its own: what comes before it must be a word.
			for (const ending of ENDINGS) {
				for (const backwards of startingWith(reversed, reverse(word + ending), MIN_PART)) {
					const compound = reverse(backwards);
					if (asModifier(compound.slice(0, -(word.length + ending.length)))) found.add(compound);
				}
			}
			return [...found];
		}),

		/**
		 * The two words of the site a word the site never uses is made of ("pressespørsmål" →
		 * presse, spørsmål), the longest last part first; null when it is no such word.
		 */
		parts: remembered((word: string): [string, string] | null => {
			if (word.length < 2 * MIN_PART || /\d/.test(word)) return null;
			for (let at = MIN_PART; at <= word.length - MIN_PART; at++) {
				const head = word.slice(at);
				if (!isWord(head)) continue;
				const modifier = asModifier(word.slice(0, at));
				if (modifier) return [modifier, head];
			}
			return null;
		})
	};
}
