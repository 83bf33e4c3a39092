// A catalogue record as admins read and write it: a product, or a membership plan (a product of
// category `membership` with a membership_plans row). Both are created and saved the same way,
// so products-admin.ts and plans-admin.ts share this: every change is refused when the record
// changed since the form was made (its version), and writes the product and its audit entry
// (before and after) in one transaction; /shop shows it at once (the database's change feed
// clears the page cache). Slugs are made from the Norwegian name and kept unique (slugs.ts).
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { slugify, uniqueSlug } from '$lib/slug';
import { recordChange } from '../audit';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/dialect';
import type { ProductsTable } from '../db/schema';
import { versioned, type VersionedStep } from '../db/versioned';
import { Conflict, NotFound } from '../errors';
import { stockColumns, stockOf } from './availability';
import { moveSlug, takenSlugs } from './slugs';

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

export type SaveResult =
	| { ok: true; id: string; slug: string; version: number }
	| { ok: false; reason: 'invalid'; errors: Record<string, string> }
	| { ok: false; reason: 'not_found' }
	/** Someone saved the record after the form was made: what is stored now. */
	| { ok: false; reason: 'conflict'; current: AdminProduct };

type Saved = Extract<SaveResult, { ok: true }>;
type Refused = Exclude<SaveResult, { ok: true }>;

/** The product's columns a form writes (the slug aside). */
export interface CatalogueColumns {
	name_no: string;
	name_en: string;
	description_no: string;
	description_en: string;
	price_ore: number;
	active: number;
	category: string;
	member_price_ore: number | null;
	stock: number | null;
	max_per_order: number | null;
	unit_id: string | null;
	featured: number;
}

/** What a create or a save writes: the product's columns, and a plan's terms for a plan. */
export interface CatalogueDraft {
	columns: CatalogueColumns;
	/** The slug asked for; null: made from the Norwegian name (on a save: kept). */
	slug: string | null;
	plan: PlanTerms | null;
}

/** The columns a product's and a plan's form both write. */
export function sharedColumns(i: {
	nameNo: string;
	nameEn: string;
	descriptionNo: string;
	descriptionEn: string;
	price: number;
	active: boolean;
}) {
	return {
		name_no: i.nameNo,
		name_en: i.nameEn,
		description_no: i.descriptionNo,
		description_en: i.descriptionEn,
		price_ore: i.price,
		active: i.active ? 1 : 0
	};
}

type ProductRow = Selectable<ProductsTable> & {
	reserved: unknown;
	sold: unknown;
	first_hold_end: string | null;
};
type PlanRow = { period: string | null; audience: string | null; months: number | null };

export function toAdminProduct(r: ProductRow & PlanRow): AdminProduct {
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
export function audited(
	p: Omit<AdminProduct, 'sold' | 'reserved' | 'available' | 'version' | 'id'>
) {
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

/** The catalogue's records in `db`: read, created, saved and changed under their version. */
export function catalogueRecords(db: Db) {
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

	async function create(actor: string, draft: CatalogueDraft, now: Date): Promise<SaveResult> {
		const id = randomUUID();
		const chosen = draft.slug;
		const made = slugify(draft.columns.name_no) || 'vare';
		// Two admins creating "Hettegenser" at once may both find hettegenser-2 free; the unique
		// index refuses the second, which then looks again.
		for (let attempt = 0; ; attempt++) {
			try {
				return await db.transaction().execute(async (trx) => {
					const taken = await takenSlugs(trx, chosen ?? made, null);
					let slug: string;
					if (chosen) {
						// Refused before anything is written: there is nothing to roll back.
						if (taken.has(chosen)) {
							return { ok: false, reason: 'invalid', errors: { slug: 'slug_taken' } } as const;
						}
						slug = chosen;
					} else {
						slug = uniqueSlug(made, taken);
					}
					await trx
						.insertInto('products')
						.values({ id, slug, image: null, ...draft.columns })
						.execute();
					if (draft.plan) {
						const last = await trx
							.selectFrom('membership_plans')
							.select((e) => e.fn.max<number>('sort').as('sort'))
							.executeTakeFirst();
						await trx
							.insertInto('membership_plans')
							.values({ product_id: id, ...draft.plan, sort: Number(last?.sort ?? -1) + 1 })
							.execute();
					}
					const created = (await read(trx, id, now))!;
					await audit(trx, { actor, id, action: 'created', at: now }, null, audited(created));
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

	/** Saves a form over the version it was made from; a plan's form only a plan, a product's a product. */
	async function update(
		actor: string,
		id: string,
		version: number,
		draft: CatalogueDraft,
		now: Date
	): Promise<SaveResult> {
		try {
			return await guarded<Saved, Refused>(
				id,
				version,
				now,
				async (trx, before): Promise<VersionedStep<Saved, Refused>> => {
					if ((draft.plan !== null) !== (before.plan !== null)) {
						return { refused: { ok: false, reason: 'not_found' } };
					}
					const slug = draft.slug ?? before.slug;
					if (slug !== before.slug && (await takenSlugs(trx, slug, id)).has(slug)) {
						return { refused: { ok: false, reason: 'invalid', errors: { slug: 'slug_taken' } } };
					}
					const { columns } = draft;
					// Fewer than are sold already cannot be the stock: say how many are sold instead.
					if (columns.stock !== null && columns.stock < before.sold) {
						return {
							refused: { ok: false, reason: 'invalid', errors: { stock: 'stock_below_sold' } }
						};
					}
					if (draft.plan) {
						await trx
							.updateTable('membership_plans')
							.set(draft.plan)
							.where('product_id', '=', id)
							.execute();
					}
					if (slug !== before.slug) await moveSlug(trx, { from: before.slug, to: slug, id, now });
					return {
						set: { ...columns, slug },
						done: { ok: true as const, id, slug, version: before.version + 1 }
					};
				},
				async (trx, before) => {
					const after = (await read(trx, id, now))!;
					const entry = { actor, id, action: 'updated', at: now };
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

	return { audit, withAvailability, read, guarded, create, update };
}

export type CatalogueRecords = ReturnType<typeof catalogueRecords>;
