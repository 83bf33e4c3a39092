// A product's address: its slug, unique among the products and among the slugs that still lead
// to one. A changed slug leaves a redirect from the old one (slug_redirects, kind `products`,
// target the product's id, so that renaming twice still leads to the product).
import { sql } from 'kysely';
import type { Db } from '../db';

/** Slugs a product other than `ownId` has, or had and still redirects from. */
export async function takenSlugs(q: Db, base: string, ownId: string | null): Promise<Set<string>> {
	const like = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
	const [products, redirects] = await Promise.all([
		q
			.selectFrom('products')
			.select(['slug', 'id'])
			.where(sql<boolean>`slug like ${like} escape '\\'`)
			.execute(),
		q
			.selectFrom('slug_redirects')
			.select(['slug', 'target'])
			.where('kind', '=', 'products')
			.where(sql<boolean>`slug like ${like} escape '\\'`)
			.execute()
	]);
	return new Set([
		...products.filter((p) => p.id !== ownId).map((p) => p.slug),
		...redirects.filter((r) => r.target !== ownId).map((r) => r.slug)
	]);
}

/** The old address leads to product `id` from now on; the new one is no longer a redirect. */
export async function moveSlug(
	trx: Db,
	move: { from: string; to: string; id: string; now: Date }
): Promise<void> {
	const { from, to, id } = move;
	const at = move.now.toISOString();
	await trx
		.deleteFrom('slug_redirects')
		.where('kind', '=', 'products')
		.where('slug', '=', to)
		.execute();
	await trx
		.insertInto('slug_redirects')
		.values({ kind: 'products', slug: from, target: id, created_at: at })
		.onConflict((oc) => oc.columns(['kind', 'slug']).doUpdateSet({ target: id, created_at: at }))
		.execute();
}

/** A deleted product's old addresses lead nowhere. */
export async function forgetSlugs(trx: Db, id: string): Promise<void> {
	await trx
		.deleteFrom('slug_redirects')
		.where('kind', '=', 'products')
		.where('target', '=', id)
		.execute();
}

/** The current slug of an active product that `slug` used to name; null when there is none. */
export async function redirectedSlug(db: Db, slug: string): Promise<string | null> {
	const row = await db
		.selectFrom('slug_redirects')
		.innerJoin('products', 'products.id', 'slug_redirects.target')
		.select('products.slug')
		.where('slug_redirects.kind', '=', 'products')
		.where('slug_redirects.slug', '=', slug)
		.where('products.active', '=', 1)
		.executeTakeFirst();
	return row?.slug ?? null;
}
