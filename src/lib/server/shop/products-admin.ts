// The shop's catalogue as admins edit it: products and membership plans (products of category
// `membership` with a membership_plans row). Every change checks the caller through the roles
// module, is refused when the record changed since the form was made (its version), writes the
// product and its audit entry (before and after) in one transaction, and shows on /shop at once
// (the database's change feed clears the page cache). Slugs are made from the Norwegian name,
// kept unique, and a changed slug leaves a redirect from the old one (slug_redirects, kind
// `products`, target the product's id so that renaming twice still leads to the product).
// Product images are not edited here (the content images are).
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import {
	fieldErrors,
	PlanInput,
	ProductInput,
	VersionField,
	type ProductFilter
} from '$lib/schemas/admin-shop';
import type { Locale } from '$lib/i18n';
import { slugify, uniqueSlug } from '$lib/slug';
import { recordChange } from '../audit';
import { namedTrail, type NamedTrail } from '../audit/named';
import type { UserContext } from '../context';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/dialect';
import { versioned, type VersionedStep } from '../db/versioned';
import { Conflict, NotFound } from '../errors';
import type { ProductsTable } from '../db/schema';
import type { RolesService } from '../identity/roles';
import { imageColumns, imageShown, withImage, type ImageUpload } from '../content/images';
import type { FilesService } from '../files';
import { LOW_STOCK } from '../content/queries';
import { atMostLeft, stockColumns, stockOf } from './availability';

export interface PlanTerms {
	period: string;
	audience: string;
	months: number;
}

/** A product as the admin's form and page show it. */
export interface AdminProduct {
	id: string;
	slug: string;
	nameNo: string;
	nameEn: string;
	descriptionNo: string;
	descriptionEn: string;
	priceOre: number;
	memberPriceOre: number | null;
	stock: number | null;
	maxPerOrder: number | null;
	category: string;
	unitId: string | null;
	featured: boolean;
	active: boolean;
	version: number;
	/** Units on authorized, paid or refunding orders. */
	sold: number;
	/** Units held by unexpired reservations. */
	reserved: number;
	/** Left to sell; null without a stock limit. */
	available: number | null;
	/** None left, but some held in carts until then (the first hold's end). */
	heldUntil: string | null;
	/** Set for a membership plan. */
	plan: PlanTerms | null;
}

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

export type SaveResult =
	| { ok: true; id: string; slug: string; version: number }
	| { ok: false; reason: 'invalid'; errors: Record<string, string> }
	| { ok: false; reason: 'not_found' }
	/** Someone saved the record after the form was made: what is stored now. */
	| { ok: false; reason: 'conflict'; current: AdminProduct };

type Saved = Extract<SaveResult, { ok: true }>;
type Refused = Exclude<SaveResult, { ok: true }>;

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

type ProductRow = Selectable<ProductsTable> & {
	reserved: unknown;
	sold: unknown;
	first_hold_end: string | null;
};
type PlanRow = { period: string | null; audience: string | null; months: number | null };

function toAdminProduct(r: ProductRow & PlanRow): AdminProduct {
	const reserved = Number(r.reserved ?? 0);
	const sold = Number(r.sold ?? 0);
	return {
		id: r.id,
		slug: r.slug,
		nameNo: r.name_no,
		nameEn: r.name_en,
		descriptionNo: r.description_no,
		descriptionEn: r.description_en,
		priceOre: r.price_ore,
		memberPriceOre: r.member_price_ore,
		stock: r.stock,
		maxPerOrder: r.max_per_order,
		category: r.category,
		unitId: r.unit_id,
		featured: r.featured === 1,
		active: r.active === 1,
		version: r.version,
		sold,
		reserved,
		...stockOf(r),
		plan:
			r.period !== null && r.audience !== null && r.months !== null
				? { period: r.period, audience: r.audience, months: r.months }
				: null
	};
}

/** The fields a change is audited by (what the form edits), as they are in an AdminProduct. */
function audited(p: Omit<AdminProduct, 'sold' | 'reserved' | 'available' | 'version' | 'id'>) {
	return {
		slug: p.slug,
		nameNo: p.nameNo,
		nameEn: p.nameEn,
		descriptionNo: p.descriptionNo,
		descriptionEn: p.descriptionEn,
		priceOre: p.priceOre,
		memberPriceOre: p.memberPriceOre,
		stock: p.stock,
		maxPerOrder: p.maxPerOrder,
		category: p.category,
		unitId: p.unitId,
		featured: p.featured,
		active: p.active,
		...(p.plan ?? {})
	};
}

/** `%text%` for LIKE, with LIKE's own characters taken literally (escape '\'). */
export function containsPattern(text: string): string {
	return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What an edit writes: a product's input, or a plan's with its fixed product fields. */
type Edit = { kind: 'product'; input: ProductInput } | { kind: 'plan'; input: PlanInput };
type Kind = Edit['kind'];

/** A posted form parsed with the kind's schema: the edit, or the refusal with each field's problem. */
function editOf(kind: Kind, values: unknown): Edit | Exclude<SaveResult, { ok: true }> {
	const parsed = (kind === 'product' ? ProductInput : PlanInput).safeParse(values);
	if (!parsed.success) return { ok: false, reason: 'invalid', errors: fieldErrors(parsed.error) };
	return { kind, input: parsed.data } as Edit;
}

function columnsOf(edit: Edit) {
	const i = edit.input;
	const common = {
		name_no: i.nameNo,
		name_en: i.nameEn,
		description_no: i.descriptionNo,
		description_en: i.descriptionEn,
		price_ore: i.price,
		active: i.active ? 1 : 0
	};
	if (edit.kind === 'plan') {
		// A membership is bought once per order, at one price, without a stock limit.
		return {
			...common,
			category: 'membership',
			member_price_ore: null,
			stock: null,
			max_per_order: 1,
			unit_id: null,
			featured: 0
		};
	}
	const p = edit.input;
	return {
		...common,
		category: p.category,
		member_price_ore: p.memberPrice,
		stock: p.stock,
		max_per_order: p.maxPerOrder,
		unit_id: p.unitId,
		featured: p.featured ? 1 : 0
	};
}

export function productsAdminService(deps: {
	db: Db;
	roles: Pick<RolesService, 'require'>;
	files: Pick<FilesService, 'accept' | 'delete'>;
}) {
	const { db, roles } = deps;
	const admin = (ctx: UserContext) => roles.require(ctx, { action: 'admin' });

	/** The product's audit entry, inside the change's transaction. */
	const audit = (
		trx: Db,
		entry: { actor: string; id: string; action: string; at: Date },
		before: Record<string, unknown> | null,
		after: Record<string, unknown> | null
	) =>
		recordChange(trx, {
			actor: entry.actor,
			subjectType: 'product',
			subjectId: entry.id,
			action: entry.action,
			at: entry.at,
			before,
			after
		});

	function withAvailability(q: Db, now: string) {
		return q
			.selectFrom('products')
			.leftJoin('membership_plans', 'membership_plans.product_id', 'products.id')
			.selectAll('products')
			.select((eb) => [
				...stockColumns(eb, now),
				'membership_plans.period',
				'membership_plans.audience',
				'membership_plans.months'
			]);
	}

	async function read(q: Db, id: string, now: Date): Promise<AdminProduct | null> {
		const row = await withAvailability(q, now.toISOString())
			.where('products.id', '=', id)
			.executeTakeFirst();
		return row ? toAdminProduct(row) : null;
	}

	/** Slugs a product other than `ownId` has, or had and still redirects from. */
	async function takenSlugs(q: Db, base: string, ownId: string | null): Promise<Set<string>> {
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

	/** The product categories in use, membership aside (plans are not products to the form). */
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

	async function create(
		ctx: UserContext,
		kind: Kind,
		values: unknown,
		now: Date
	): Promise<SaveResult> {
		const user = await admin(ctx);
		const edit = editOf(kind, values);
		if (!('kind' in edit)) return edit;
		const unknown = edit.kind === 'product' ? await unknownChoices(db, edit.input) : null;
		if (unknown) return { ok: false, reason: 'invalid', errors: unknown };
		const id = randomUUID();
		const chosen = edit.input.slug;
		// Two admins creating "Hettegenser" at once may both find hettegenser-2 free; the unique
		// index refuses the second, which then looks again.
		for (let attempt = 0; ; attempt++) {
			try {
				return await db.transaction().execute(async (trx) => {
					const taken = await takenSlugs(
						trx,
						chosen ?? (slugify(edit.input.nameNo) || 'vare'),
						null
					);
					let slug: string;
					if (chosen) {
						// Refused before anything is written: there is nothing to roll back.
						if (taken.has(chosen)) {
							return { ok: false, reason: 'invalid', errors: { slug: 'slug_taken' } } as const;
						}
						slug = chosen;
					} else {
						slug = uniqueSlug(slugify(edit.input.nameNo) || 'vare', taken);
					}
					await trx
						.insertInto('products')
						.values({ id, slug, image: null, ...columnsOf(edit) })
						.execute();
					if (edit.kind === 'plan') {
						const plan: PlanTerms = {
							period: edit.input.period,
							audience: edit.input.audience,
							months: edit.input.months!
						};
						const last = await trx
							.selectFrom('membership_plans')
							.select((e) => e.fn.max<number>('sort').as('sort'))
							.executeTakeFirst();
						await trx
							.insertInto('membership_plans')
							.values({ product_id: id, ...plan, sort: Number(last?.sort ?? -1) + 1 })
							.execute();
					}
					const created = (await read(trx, id, now))!;
					await audit(
						trx,
						{ actor: user.id, id, action: 'created', at: now },
						null,
						audited(created)
					);
					return { ok: true as const, id, slug, version: created.version };
				});
			} catch (error) {
				if (isUniqueViolation(error) && attempt < 3) continue;
				if (isUniqueViolation(error)) {
					return { ok: false, reason: 'invalid', errors: { slug: 'slug_taken' } };
				}
				throw error;
			}
		}
	}

	/**
	 * Runs `change` on the product as it is stored when its version is still `version` (the
	 * versioned helper: the columns it sets written with the next version and its audit entry in
	 * one transaction); `not_found` or `conflict` (with what is stored now) otherwise.
	 */
	async function guarded<Done, Refused = never>(
		id: string,
		version: number,
		now: Date,
		change: (trx: Db, before: AdminProduct) => Promise<VersionedStep<Done, Refused>>,
		entry: (trx: Db, before: AdminProduct, done: Done) => Promise<unknown>
	): Promise<
		| Done
		| Refused
		| { ok: false; reason: 'not_found' }
		| { ok: false; reason: 'conflict'; current: AdminProduct }
	> {
		try {
			return await versioned(db, {
				table: 'products',
				key: { column: 'id', value: id },
				version,
				read: async (trx) => (await read(trx, id, now)) ?? undefined,
				change,
				audit: entry
			});
		} catch (error) {
			if (error instanceof NotFound) return { ok: false, reason: 'not_found' };
			if (error instanceof Conflict) {
				return { ok: false, reason: 'conflict', current: error.current as AdminProduct };
			}
			throw error;
		}
	}

	async function update(
		ctx: UserContext,
		kind: Kind,
		id: string,
		rawVersion: unknown,
		values: unknown,
		now: Date
	): Promise<SaveResult> {
		const user = await admin(ctx);
		const edit = editOf(kind, values);
		if (!('kind' in edit)) return edit;
		const version = VersionField.safeParse(rawVersion);
		if (!version.success) return { ok: false, reason: 'not_found' };
		const unknown = edit.kind === 'product' ? await unknownChoices(db, edit.input) : null;
		if (unknown) return { ok: false, reason: 'invalid', errors: unknown };
		try {
			return await guarded<Saved, Refused>(
				id,
				version.data,
				now,
				async (trx, before): Promise<VersionedStep<Saved, Refused>> => {
					if ((edit.kind === 'plan') !== (before.plan !== null)) {
						return { refused: { ok: false, reason: 'not_found' } };
					}
					const slug = edit.input.slug ?? before.slug;
					if (slug !== before.slug && (await takenSlugs(trx, slug, id)).has(slug)) {
						return { refused: { ok: false, reason: 'invalid', errors: { slug: 'slug_taken' } } };
					}
					const columns = columnsOf(edit);
					// Fewer than are sold already cannot be the stock: say how many are sold instead.
					if (columns.stock !== null && columns.stock < before.sold) {
						return {
							refused: { ok: false, reason: 'invalid', errors: { stock: 'stock_below_sold' } }
						};
					}
					if (edit.kind === 'plan') {
						await trx
							.updateTable('membership_plans')
							.set({
								period: edit.input.period,
								audience: edit.input.audience,
								months: edit.input.months!
							})
							.where('product_id', '=', id)
							.execute();
					}
					if (slug !== before.slug) {
						// The old address leads here from now on; the new one is no longer a redirect.
						await trx
							.deleteFrom('slug_redirects')
							.where('kind', '=', 'products')
							.where('slug', '=', slug)
							.execute();
						await trx
							.insertInto('slug_redirects')
							.values({
								kind: 'products',
								slug: before.slug,
								target: id,
								created_at: now.toISOString()
							})
							.onConflict((oc) =>
								oc
									.columns(['kind', 'slug'])
									.doUpdateSet({ target: id, created_at: now.toISOString() })
							)
							.execute();
					}
					return {
						set: { ...columns, slug },
						done: { ok: true as const, id, slug, version: before.version + 1 }
					};
				},
				async (trx, before) => {
					const after = (await read(trx, id, now))!;
					const entry = { actor: user.id, id, action: 'updated', at: now };
					await audit(trx, entry, audited(before), audited(after));
				}
			);
		} catch (error) {
			if (isUniqueViolation(error)) {
				return { ok: false, reason: 'invalid', errors: { slug: 'slug_taken' } };
			}
			throw error;
		}
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
		/** The catalogue without the membership plans (they have their own page). */
		async list(ctx: UserContext, filter: ProductFilter, now = new Date()) {
			await admin(ctx);
			const at = now.toISOString();
			let query = withAvailability(db, at)
				.where('membership_plans.product_id', 'is', null)
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

		/** Creates a product from a posted form's values (CatalogueValues), checked with ProductInput. */
		createProduct: (ctx: UserContext, values: unknown, now = new Date()) =>
			create(ctx, 'product', values, now),
		/** Creates a membership plan from a posted form's values, checked with PlanInput. */
		createPlan: (ctx: UserContext, values: unknown, now = new Date()) =>
			create(ctx, 'plan', values, now),
		/** Saves a product's form over the version it was made from. */
		updateProduct: (
			ctx: UserContext,
			id: string,
			version: unknown,
			values: unknown,
			now = new Date()
		) => update(ctx, 'product', id, version, values, now),
		updatePlan: (
			ctx: UserContext,
			id: string,
			version: unknown,
			values: unknown,
			now = new Date()
		) => update(ctx, 'plan', id, version, values, now),

		/** Takes a product (or plan) off sale, or puts it back, without touching anything else. */
		async setActive(
			ctx: UserContext,
			id: string,
			rawVersion: unknown,
			active: boolean,
			now = new Date()
		): Promise<SaveResult> {
			const user = await admin(ctx);
			const version = VersionField.safeParse(rawVersion);
			if (!version.success) return { ok: false, reason: 'not_found' };
			return guarded(
				id,
				version.data,
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
			const row = await db
				.selectFrom('products')
				.select(['image', 'image_file_id', 'image_alt_no', 'image_alt_en'])
				.where('id', '=', id)
				.executeTakeFirst();
			// A demo product's drawing is its picture until one is uploaded or it is removed.
			const drawing = row?.image ? { src: row.image, width: null, height: null } : null;
			return {
				image: (await imageShown(db, row?.image_file_id)) ?? drawing,
				values: { image_alt_no: row?.image_alt_no ?? '', image_alt_en: row?.image_alt_en ?? '' }
			};
		},

		/**
		 * The product's picture: a new one (through the files port, with alt text in both
		 * languages), its alt texts changed, or removed (`image_remove`). Audited like every change.
		 */
		async setImage(
			ctx: UserContext,
			id: string,
			rawVersion: unknown,
			form: Record<string, string>,
			upload: ImageUpload | null,
			now = new Date()
		): Promise<SaveResult> {
			const user = await admin(ctx);
			const version = VersionField.safeParse(rawVersion);
			if (!version.success) return { ok: false, reason: 'not_found' };
			const current = await db
				.selectFrom('products')
				.select(['image', 'image_file_id', 'image_alt_no', 'image_alt_en'])
				.where('id', '=', id)
				.executeTakeFirst();
			if (!current) return { ok: false, reason: 'not_found' };
			const columns: Record<string, unknown> = {};
			const errors: Record<string, string> = {};
			const hadImage = current.image_file_id !== null || current.image !== null;
			const { keeps } = imageColumns(hadImage, form, upload, columns, errors);
			// An upload replaces the demo's drawing; removing the picture removes the drawing too.
			if (upload || !keeps) columns.image = null;
			if (Object.keys(errors).length > 0) return { ok: false, reason: 'invalid', errors };
			const saved = await withImage(
				deps.files,
				upload,
				{ ownerId: user.id, replaced: current.image_file_id },
				columns,
				() =>
					guarded(
						id,
						version.data,
						now,
						async (_trx, before) => ({
							set: columns,
							done: { ok: true as const, id, slug: before.slug, version: before.version + 1 }
						}),
						(trx) =>
							audit(trx, { actor: user.id, id, action: 'image', at: now }, current, {
								...current,
								...columns
							})
					)
			);
			return 'reason' in saved || saved.ok
				? saved
				: { ok: false, reason: 'invalid', errors: saved.errors };
		},

		/**
		 * Deletes a product nothing refers to. One that was ordered, is in a cart, was granted as a
		 * membership or is an event's ticket is refused: make it inactive instead.
		 */
		async remove(
			ctx: UserContext,
			id: string,
			rawVersion: unknown,
			now = new Date()
		): Promise<RemoveResult> {
			const user = await admin(ctx);
			const version = VersionField.safeParse(rawVersion);
			if (!version.success) return { ok: false, reason: 'not_found' };
			return guarded<{ ok: true }, Extract<RemoveResult, { reason: 'in_use' }>>(
				id,
				version.data,
				now,
				async (trx) => {
					const uses = await usesOf(trx, id, now);
					if (uses.orders + uses.reservations + uses.memberships + uses.events > 0) {
						return { refused: { ok: false as const, reason: 'in_use' as const, uses } };
					}
					// Reservations that ran out still name the product; they count for nothing.
					await trx.deleteFrom('cart_reservations').where('product_id', '=', id).execute();
					await trx
						.deleteFrom('slug_redirects')
						.where('kind', '=', 'products')
						.where('target', '=', id)
						.execute();
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
		async redirectedSlug(slug: string): Promise<string | null> {
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
