// A record's addresses: whether one is free (old addresses keep leading to their records), the
// English address a record gets from its English title, and the redirect a renamed record leaves.
import { KINDS } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import { firstFreeSlug, slugify } from '$lib/slug';
import { TABLE, type LooseDb } from './tables';

/**
 * Whether an address is another record's, now or before (an old address keeps leading to its
 * record). `own` is the asking record's current address: its own old ones it may take back.
 */
export async function slugTaken(trx: LooseDb, kind: ContentKind, slug: string, own?: string) {
	const column = kind === 'pages' || KINDS[kind].key === 'slug' ? 'slug' : 'id';
	let redirects = trx
		.selectFrom('slug_redirects')
		.select('slug')
		.where('kind', '=', kind)
		.where('slug', '=', slug);
	if (own !== undefined) redirects = redirects.where('target', '!=', own);
	const [taken, old, english] = await Promise.all([
		trx.selectFrom(TABLE[kind]).select(column).where(column, '=', slug).executeTakeFirst(),
		redirects.executeTakeFirst(),
		// An English address is an address too, in the same space as the keys.
		KINDS[kind].englishSlug
			? trx.selectFrom(TABLE[kind]).select('slug_en').where('slug_en', '=', slug).executeTakeFirst()
			: undefined
	]);
	return !!taken || !!old || !!english;
}

/**
 * The English address a record gets from its English title, once: null when it has one
 * already, has no English title, or its title makes the same address as its key.
 */
export async function englishSlugFor(
	trx: LooseDb,
	kind: ContentKind,
	key: string,
	row: Record<string, unknown>
) {
	if (!KINDS[kind].englishSlug || typeof row.slug_en === 'string') return null;
	const base = slugify(String(row.title_en ?? ''));
	if (base === '' || base === key) return null;
	return firstFreeSlug(base, (c) => slugTaken(trx, kind, c));
}

/**
 * A renamed record's old address leads to the new one, as do the addresses that led to the old;
 * an address taken back by its record stops redirecting.
 */
export async function moveAddress(
	trx: LooseDb,
	kind: ContentKind,
	from: string,
	to: string,
	now: Date
) {
	await trx.deleteFrom('slug_redirects').where('kind', '=', kind).where('slug', '=', to).execute();
	await trx
		.updateTable('slug_redirects')
		.set({ target: to })
		.where('kind', '=', kind)
		.where('target', '=', from)
		.execute();
	await trx
		.insertInto('slug_redirects')
		.values({ kind, slug: from, target: to, created_at: now.toISOString() })
		.execute();
}
