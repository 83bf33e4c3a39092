// The shop's products as admins edit them (membership plans, which are products too, have their
// own form in plans-admin.ts; both are read and written through catalogue.ts). Every change checks
// the caller through the roles module and takes input the web edge has already parsed
// (ProductInput); what only the database knows (the unit, the category, a free slug, the stock
// sold) is checked here. Product images are set through the files port like the content images.
import { sql } from 'kysely';
import type { ProductFilter, ProductInput } from '$lib/schemas/admin-shop';
import type { Locale } from '$lib/i18n';
import { namedTrail, type NamedTrail } from '../audit/named';
import type { UserContext } from '../context';
import type { Db } from '../db';
import type { RolesService } from '../identity/roles';
import type { ImageUpload } from '../content/images';
import type { FilesService } from '../files';
import { LOW_STOCK } from '../content/queries';
import { atMostLeft } from './availability';
import {
	audited,
	catalogueRecords,
	sharedColumns,
	toAdminProduct,
	type AdminProduct,
	type CatalogueDraft,
	type SaveResult
} from './catalogue';
import { productImages } from './product-images';
import { forgetSlugs, redirectedSlug } from './slugs';
import { DIRECT_ORDER_CATEGORY } from './direct-orders';

export type { AdminProduct, PlanTerms, SaveResult } from './catalogue';

/** An entry of the product categories' list, named in both languages. */
export interface ProductCategory {
	code: string;
	nameNo: string;
	nameEn: string;
}

export interface AdminProductRow {
	id: string;
	slug: string;
	nameNo: string;
	nameEn: string;
	category: string;
	priceOre: number;
	memberPriceOre: number | null;
	stock: number | null;
	available: number | null;
	heldUntil: string | null;
	active: boolean;
	featured: boolean;
	/** A name or description is missing in one of the locales. */
	missingTranslation: boolean;
}

export type RemoveResult =
	| { ok: true }
	| { ok: false; reason: 'not_found' }
	| { ok: false; reason: 'conflict'; current: AdminProduct }
	/** Orders, reservations, memberships or an event refer to it: it can only be made inactive. */
	| { ok: false; reason: 'in_use'; uses: ProductUses };

export interface ProductUses {
	orders: number;
	reservations: number;
	memberships: number;
	events: number;
}

/** `%text%` for LIKE, with LIKE's own characters taken literally (escape '\'). */
export function containsPattern(text: string): string {
	return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What a product's form writes. */
function draftOf(p: ProductInput): CatalogueDraft {
	return {
		slug: p.slug,
		plan: null,
		columns: {
			...sharedColumns(p),
			category: p.category,
			member_price_ore: p.memberPrice,
			stock: p.stock,
			max_per_order: p.maxPerOrder,
			unit_id: p.unitId,
			featured: p.featured ? 1 : 0
		}
	};
}

export function productsAdminService(deps: {
	db: Db;
	roles: Pick<RolesService, 'require'>;
	files: Pick<FilesService, 'accept' | 'delete'>;
}) {
	const { db, roles } = deps;
	const admin = (ctx: UserContext) => roles.require(ctx, { action: 'admin' });
	const records = catalogueRecords(db);
	const { audit, guarded, read, withAvailability } = records;
	const images = productImages(db, deps.files, records);

	/** The product categories (the managed list, migration 021), in their order. */
	async function productCategories(): Promise<ProductCategory[]> {
		const rows = await db
			.selectFrom('categories')
			.select(['id', 'name_no', 'name_en'])
			.where('kind', '=', 'product')
			.orderBy('sort')
			.orderBy('id')
			.execute();
		return rows.map((r) => ({ code: r.id, nameNo: r.name_no, nameEn: r.name_en }));
	}

	/** A product's unit and category must be ones that exist: the fields' problems, if any. */
	async function unknownChoices(
		q: Db,
		input: { unitId: string | null; category: string }
	): Promise<Record<string, string> | null> {
		const [unit, category] = await Promise.all([
			input.unitId === null
				? true
				: q.selectFrom('units').select('id').where('id', '=', input.unitId).executeTakeFirst(),
			q
				.selectFrom('categories')
				.select('id')
				.where('id', '=', input.category)
				.where('kind', '=', 'product')
				.executeTakeFirst()
		]);
		const errors: Record<string, string> = {};
		if (!unit) errors.unitId = 'unit_unknown';
		if (!category) errors.category = 'category_unknown';
		return Object.keys(errors).length > 0 ? errors : null;
	}

	/** Saves the form's draft when its unit and category exist; refuses it field by field if not. */
	async function saveKnown(
		input: ProductInput,
		save: (draft: CatalogueDraft) => Promise<SaveResult>
	): Promise<SaveResult> {
		const unknown = await unknownChoices(db, input);
		if (unknown) return { ok: false, reason: 'invalid', errors: unknown };
		return save(draftOf(input));
	}

	async function usesOf(q: Db, id: string, now: Date): Promise<ProductUses> {
		const count = (n: { n: unknown } | undefined) => Number(n?.n ?? 0);
		const [orders, reservations, memberships, events] = await Promise.all([
			q
				.selectFrom('order_lines')
				.select((e) => e.fn.count('order_id').distinct().as('n'))
				.where('product_id', '=', id)
				.executeTakeFirst(),
			q
				.selectFrom('cart_reservations')
				.select((e) => e.fn.countAll().as('n'))
				.where('product_id', '=', id)
				.where('expires_at', '>=', now.toISOString())
				.executeTakeFirst(),
			q
				.selectFrom('memberships')
				.select((e) => e.fn.countAll().as('n'))
				.where('product_id', '=', id)
				.executeTakeFirst(),
			q
				.selectFrom('events')
				.select((e) => e.fn.countAll().as('n'))
				.where('product_id', '=', id)
				.executeTakeFirst()
		]);
		return {
			orders: count(orders),
			reservations: count(reservations),
			memberships: count(memberships),
			events: count(events)
		};
	}

	return {
		/**
		 * True when the caller may edit the catalogue (Forbidden or NotSignedIn otherwise): the web
		 * edge asks before it answers a form it refused, so that no one else learns the form's rules.
		 */
		async mayEdit(ctx: UserContext): Promise<true> {
			await admin(ctx);
			return true;
		},

		/**
		 * The catalogue without the membership plans (they have their own page) and the products
		 * only direct orders sell (an event's seat: its registration sets the price).
		 */
		async list(ctx: UserContext, filter: ProductFilter, now = new Date()) {
			await admin(ctx);
			const at = now.toISOString();
			let query = withAvailability(db, at)
				.where('membership_plans.product_id', 'is', null)
				.where('products.category', '<>', DIRECT_ORDER_CATEGORY)
				.orderBy('products.slug');
			if (filter.q) {
				const pattern = containsPattern(filter.q);
				query = query.where((eb) =>
					eb.or(
						(['products.name_no', 'products.name_en', 'products.slug'] as const).map(
							(column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`
						)
					)
				);
			}
			if (filter.category) query = query.where('products.category', '=', filter.category);
			if (filter.active)
				query = query.where('products.active', '=', filter.active === 'yes' ? 1 : 0);
			if (filter.stock === 'low') query = query.where((eb) => atMostLeft(eb, at, LOW_STOCK));
			const [rows, categories] = await Promise.all([query.execute(), productCategories()]);
			return {
				products: rows.map((r): AdminProductRow => {
					const p = toAdminProduct(r);
					return {
						id: p.id,
						slug: p.slug,
						nameNo: p.nameNo,
						nameEn: p.nameEn,
						category: p.category,
						priceOre: p.priceOre,
						memberPriceOre: p.memberPriceOre,
						stock: p.stock,
						available: p.available,
						heldUntil: p.heldUntil,
						active: p.active,
						featured: p.featured,
						missingTranslation: missingTranslation(p)
					};
				}),
				categories
			};
		},

		/** One product (or plan) with its audit trail (names in `locale`); null when there is none. */
		async get(
			ctx: UserContext,
			id: string,
			locale: Locale = 'no',
			now = new Date()
		): Promise<{ product: AdminProduct; trail: NamedTrail; uses: ProductUses } | null> {
			await admin(ctx);
			const product = await read(db, id, now);
			if (!product) return null;
			const [trail, uses] = await Promise.all([
				namedTrail(db, 'product', id, locale),
				usesOf(db, id, now)
			]);
			return { product, trail, uses };
		},

		/** What the product form chooses from: the units and the categories in use. */
		async formOptions(ctx: UserContext) {
			await admin(ctx);
			const [units, categories] = await Promise.all([
				db.selectFrom('units').select(['id', 'name_no', 'name_en']).orderBy('name_no').execute(),
				productCategories()
			]);
			return {
				units: units.map((u) => ({ id: u.id, nameNo: u.name_no, nameEn: u.name_en })),
				categories
			};
		},

		/** Creates a product; a unit or category that does not exist is refused field by field. */
		async createProduct(
			ctx: UserContext,
			input: ProductInput,
			now = new Date()
		): Promise<SaveResult> {
			const user = await admin(ctx);
			return saveKnown(input, (draft) => records.create(user.id, draft, now));
		},
		/** Saves a product's form over the version it was made from. */
		async updateProduct(
			ctx: UserContext,
			id: string,
			version: number,
			input: ProductInput,
			now = new Date()
		): Promise<SaveResult> {
			const user = await admin(ctx);
			return saveKnown(input, (draft) => records.update(user.id, id, version, draft, now));
		},

		/** Takes a product (or plan) off sale, or puts it back, without touching anything else. */
		async setActive(
			ctx: UserContext,
			id: string,
			version: number,
			active: boolean,
			now = new Date()
		): Promise<SaveResult> {
			const user = await admin(ctx);
			return guarded(
				id,
				version,
				now,
				async (_trx, before) => ({
					set: { active: active ? 1 : 0 },
					done: { ok: true as const, id, slug: before.slug, version: before.version + 1 }
				}),
				(trx, before) => {
					const action = active ? 'activated' : 'deactivated';
					const entry = { actor: user.id, id, action, at: now };
					return audit(trx, entry, { active: before.active }, { active });
				}
			);
		},

		/** The product's picture as its admin page shows it, and its alt texts. */
		async picture(ctx: UserContext, id: string) {
			await admin(ctx);
			return images.picture(id);
		},

		/**
		 * The product's picture: a new one (through the files port, with alt text in both
		 * languages), its alt texts changed, or removed (`image_remove`). Audited like every change.
		 */
		async setImage(
			ctx: UserContext,
			id: string,
			version: number,
			form: Record<string, string>,
			upload: ImageUpload | null,
			now = new Date()
		): Promise<SaveResult> {
			const user = await admin(ctx);
			return images.setImage(user.id, id, version, form, upload, now);
		},

		/**
		 * Deletes a product nothing refers to. One that was ordered, is in a cart, was granted as a
		 * membership or is an event's ticket is refused: make it inactive instead.
		 */
		async remove(
			ctx: UserContext,
			id: string,
			version: number,
			now = new Date()
		): Promise<RemoveResult> {
			const user = await admin(ctx);
			return guarded<{ ok: true }, Extract<RemoveResult, { reason: 'in_use' }>>(
				id,
				version,
				now,
				async (trx) => {
					const uses = await usesOf(trx, id, now);
					if (uses.orders + uses.reservations + uses.memberships + uses.events > 0) {
						return { refused: { ok: false as const, reason: 'in_use' as const, uses } };
					}
					// Reservations that ran out still name the product; they count for nothing.
					await trx.deleteFrom('cart_reservations').where('product_id', '=', id).execute();
					await forgetSlugs(trx, id);
					await trx.deleteFrom('membership_plans').where('product_id', '=', id).execute();
					return { remove: true as const, done: { ok: true as const } };
				},
				(trx, before) =>
					audit(trx, { actor: user.id, id, action: 'deleted', at: now }, audited(before), null)
			);
		},

		/**
		 * The current slug of an active product that `slug` used to name; null when there is none.
		 * For the public product page: anyone may ask.
		 */
		redirectedSlug: (slug: string) => redirectedSlug(db, slug)
	};
}

/** Whether the product lacks a name or description in one locale while the other has one. */
export function missingTranslation(p: {
	nameNo: string;
	nameEn: string;
	descriptionNo: string;
	descriptionEn: string;
}): boolean {
	const gap = (a: string, b: string) => (a.trim() === '') !== (b.trim() === '');
	return gap(p.nameNo, p.nameEn) || gap(p.descriptionNo, p.descriptionEn);
}

export type ProductsAdminService = ReturnType<typeof productsAdminService>;
