// Addresses made from titles: lower case, Norwegian letters spelled out (æ ae, ø o, å a), other
// accents dropped, anything else a hyphen. Unique among the kind's records and its old addresses,
// so an old link never lands on a new page; stable: a title edited later leaves the address alone.
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX = 60;

export function slugify(text: string): string {
	const slug = text
		.toLowerCase()
		.replace(/æ/g, 'ae')
		.replace(/ø/g, 'o')
		.replace(/å/g, 'a')
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
	const cut = slug.slice(0, MAX).replace(/-+$/, '');
	return cut || 'item';
}

/** `base`, or `base-2`, `base-3`… : the first that `taken` says is free. */
export async function uniqueSlug(
	base: string,
	taken: (candidate: string) => Promise<boolean>
): Promise<string> {
	for (let n = 1; n < 1000; n++) {
		const candidate = n === 1 ? base : `${base.slice(0, MAX - 4)}-${n}`;
		if (!(await taken(candidate))) return candidate;
	}
	throw new Error(`no free address for ${base}`);
}
