// Slugs: the readable last part of a public address (/shop/hettegenser). Made from a Norwegian name
// the way Norwegians spell it without their letters (æ → ae, ø → o, å → a), other accents dropped,
// everything else that is not a letter or digit a single hyphen.

/** What a slug may look like: lower-case letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 80;

const LETTERS: Record<string, string> = { æ: 'ae', ø: 'o', å: 'a', ß: 'ss' };

/** The slug of a name; empty when the name has no letter or digit to make one from. */
export function slugify(name: string): string {
	const ascii = name
		.toLowerCase()
		.replace(/[æøåß]/g, (c) => LETTERS[c]!)
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '');
	const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
	return slug.slice(0, SLUG_MAX).replace(/-+$/, '');
}

/**
 * The first of `base`, `base-2`, `base-3`, … that `taken` does not hold, kept within SLUG_MAX
 * by shortening the base.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
	for (const candidate of slugCandidates(base)) if (!taken.has(candidate)) return candidate;
	throw new Error('unreachable');
}

/** As uniqueSlug, asking the store candidate by candidate (a slug may be taken in several places). */
export async function firstFreeSlug(
	base: string,
	isTaken: (candidate: string) => Promise<boolean>
): Promise<string> {
	for (const candidate of slugCandidates(base)) if (!(await isTaken(candidate))) return candidate;
	throw new Error('unreachable');
}

/** `base`, `base-2`, `base-3`, …, each within SLUG_MAX. */
function* slugCandidates(base: string): Generator<string> {
	for (let n = 1; ; n++) {
		const suffix = n === 1 ? '' : `-${n}`;
		yield base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '') + suffix;
	}
}
