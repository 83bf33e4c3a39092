// The shop's side of the public store: featured and a unit's goods, the paged shop list with its
// categories, and one product with what is left to sell.
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Locale } from '$lib/i18n';
import type { Database, Db } from '../../db';
import type { ProductsTable } from '../../db/schema';
import { stockColumns, stockOf } from '../../shop/availability';
import { pickLocalized, pickRich } from '../localize';
import type { ContentStore, ProductSummary } from '../types';
import { imageOf, mediaPath } from './media';
import { asCategories, categoryNameOf } from './names';
import { unitRef } from './units';

/**
 * The narrowest WebP size of a product's uploaded picture (at most 480 px), for its card: selected
 * with the product (cardImage) so that a list needs no query per card.
 */
function cardImageWidth(eb: ExpressionBuilder<Database, 'products'>) {
	return eb
		.selectFrom('file_variants')
		.select((v) => v.fn.min<number>('file_variants.width').as('w'))
		.whereRef('file_variants.file_id', '=', 'products.image_file_id')
		.where('file_variants.format', '=', 'webp')
		.as('card_width');
}

function productSummary(
	r: Selectable<ProductsTable> & { card_width?: number | null },
	locale: Locale
): ProductSummary {
	// An uploaded picture replaces the demo's drawing.
	const uploaded =
		r.image_file_id && r.card_width ? mediaPath(r.image_file_id, `${r.card_width}.webp`) : null;
	return {
		id: r.id,
		slug: r.slug,
		name: pickLocalized(r, 'name', locale),
		priceOre: r.price_ore,
		memberPriceOre: r.member_price_ore,
		image: uploaded ?? r.image
	};
}

/** Active products with what is left to sell (see shop/availability.ts). Read-only view. */
function productsWithAvailability(db: Db, now: string) {
	return db
		.selectFrom('products')
		.selectAll('products')
		.select((eb) => [...stockColumns(eb, now), cardImageWidth(eb)])
		.where('products.active', '=', 1);
}

export function productsSql(
	db: Db
): Pick<
	ContentStore,
	| 'featuredProducts'
	| 'unitProducts'
	| 'shopProducts'
	| 'countShopProducts'
	| 'shopCategories'
	| 'shopProduct'
> {
	return {
		async featuredProducts(locale, limit) {
			const rows = await db
				.selectFrom('products')
				.selectAll()
				.select(cardImageWidth)
				.where('featured', '=', 1)
				.where('active', '=', 1)
				.orderBy('slug')
				.limit(limit)
				.execute();
			return rows.map((r) => productSummary(r, locale));
		},
		async unitProducts(locale, unitId) {
			const rows = await db
				.selectFrom('products')
				.selectAll()
				.select(cardImageWidth)
				.where('unit_id', '=', unitId)
				.where('active', '=', 1)
				.orderBy('slug')
				.execute();
			return rows.map((r) => productSummary(r, locale));
		},
		async shopProducts(locale, now, { category, limit, offset }) {
			// Membership periods are sold on /membership, not among the goods.
			let query = productsWithAvailability(db, now)
				.where('products.category', '!=', 'membership')
				.orderBy('products.slug')
				.limit(limit)
				.offset(offset);
			if (category) query = query.where('products.category', '=', category);
			const rows = await query.execute();
			return rows.map((r) => ({
				...productSummary(r, locale),
				category: r.category,
				...stockOf(r)
			}));
		},
		async countShopProducts(category) {
			let query = db
				.selectFrom('products')
				.select((eb) => eb.fn.countAll<number>().as('n'))
				.where('active', '=', 1)
				.where('category', '!=', 'membership');
			if (category) query = query.where('category', '=', category);
			return Number((await query.executeTakeFirstOrThrow()).n);
		},
		async shopCategories(locale) {
			const rows = await db
				.selectFrom('categories')
				.select(['id', 'name_no', 'name_en'])
				.where('kind', '=', 'product')
				.where('id', 'in', db.selectFrom('products').select('category').where('active', '=', 1))
				.orderBy('sort')
				.orderBy('id')
				.execute();
			return asCategories(rows, locale);
		},
		async shopProduct(locale, now, slug) {
			const r = await productsWithAvailability(db, now)
				.leftJoin('categories', 'categories.id', 'products.category')
				.select([
					'categories.name_no as category_name_no',
					'categories.name_en as category_name_en'
				])
				.where('products.slug', '=', slug)
				.executeTakeFirst();
			if (!r) return undefined;
			return {
				...productSummary(r, locale),
				category: r.category,
				...stockOf(r),
				categoryName: categoryNameOf(r, locale),
				description: pickRich(r, 'description', locale),
				picture: await imageOf(db, r, locale),
				maxPerOrder: r.max_per_order,
				unit: await unitRef(db, locale, r.unit_id, now)
			};
		}
	};
}
