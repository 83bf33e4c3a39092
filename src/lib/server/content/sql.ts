import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Locale } from '$lib/i18n';
import type { Database, Db } from '../db';
import type { EventsTable, JobsTable, NewsTable, ProductsTable, ProjectsTable } from '../db/schema';
import { stockColumns, stockOf } from '../shop/availability';

type Row = Record<string, unknown>;
import { publicTeam } from '../identity/public-team';
import { pickLocalized, pickRich, titleOf } from './localize';
import { isPublic } from './visibility';
import type {
	Category,
	ContentImage,
	ContentStore,
	EventQuery,
	EventSummary,
	JobSummary,
	NewsSummary,
	ProductSummary,
	SearchDoc
} from './types';

function eventSummary(r: Selectable<EventsTable>, locale: Locale): EventSummary {
	return {
		id: r.id,
		slug: slugsOf(r)[locale],
		title: pickLocalized(r, 'title', locale),
		summary: pickLocalized(r, 'summary', locale),
		location: r.location,
		campusId: r.campus_id,
		category: r.category,
		startsAt: r.starts_at,
		endsAt: r.ends_at,
		priceOre: r.price_ore
	};
}

/** An event's or news item's address in each language: the id (from the Norwegian title), else its own. */
const slugsOf = (r: { id: string; slug_en: string | null }): Record<Locale, string> => ({
	no: r.id,
	en: r.slug_en ?? r.id
});

function newsSummary(r: Selectable<NewsTable>, locale: Locale): NewsSummary {
	return {
		id: r.id,
		slug: slugsOf(r)[locale],
		title: pickLocalized(r, 'title', locale),
		summary: pickLocalized(r, 'summary', locale),
		publishedAt: r.published_at
	};
}

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

function jobSummary(r: Selectable<JobsTable>, locale: Locale): JobSummary {
	return {
		id: r.id,
		slug: r.slug,
		title: pickLocalized(r, 'title', locale),
		summary: pickLocalized(r, 'summary', locale),
		deadline: r.deadline
	};
}

function projectSummary(r: Selectable<ProjectsTable>, locale: Locale) {
	return {
		id: r.id,
		slug: r.slug,
		title: pickLocalized(r, 'title', locale),
		summary: pickLocalized(r, 'summary', locale),
		status: r.status,
		startedAt: r.started_at
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

/** Categories as the filters show them: code and name in the locale. */
function asCategories(
	rows: { id: string; name_no: string; name_en: string }[],
	locale: Locale
): Category[] {
	return rows.map((r) => ({ code: r.id, name: pickLocalized(r, 'name', locale).text }));
}

/** A category's name from a row joined with its entry (`category_name_*`), else its code. */
function categoryNameOf(
	r: { category: string; category_name_no: string | null; category_name_en: string | null },
	locale: Locale
): string {
	return r.category_name_no === null ? r.category : pickLocalized(r, 'category_name', locale).text;
}

/** The events an EventQuery selects, before ordering and paging. */
function eventsMatching(db: Db, q: EventQuery) {
	let query = db
		.selectFrom('events')
		.where('ends_at', q.past ? '<' : '>=', q.now)
		.where(isPublic('events', q.now));
	if (q.campusId) query = query.where('campus_id', '=', q.campusId);
	if (q.category) query = query.where('category', '=', q.category);
	if (q.startsFrom) query = query.where('starts_at', '>=', q.startsFrom);
	if (q.startsBefore) query = query.where('starts_at', '<', q.startsBefore);
	return query;
}

const IMAGE_EXTENSIONS: Record<string, string> = {
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/webp': 'webp'
};

/** The address of an uploaded image's variant (routes/media): public and cached for good. */
export const mediaPath = (fileId: string, name: string) => `/media/${fileId}/${name}`;

/** The address of an uploaded image as it was kept (normalised, not resized). */
export const fullImagePath = (fileId: string, mimeType: string) =>
	mediaPath(fileId, `full.${IMAGE_EXTENSIONS[mimeType] ?? 'jpg'}`);

export function sqlContentStore(db: Db): ContentStore {
	/** A row's uploaded image with its variants and its alt text in the locale. */
	async function imageOf(row: Row, locale: Locale): Promise<ContentImage | null> {
		const fileId = row.image_file_id;
		if (typeof fileId !== 'string') return null;
		const [file, variants] = await Promise.all([
			db
				.selectFrom('files')
				.select(['mime_type', 'width', 'height'])
				.where('id', '=', fileId)
				.executeTakeFirst(),
			db
				.selectFrom('file_variants')
				.select(['format', 'width'])
				.where('file_id', '=', fileId)
				.orderBy('width')
				.execute()
		]);
		if (!file?.width || !file.height) return null;
		const srcset = (format: string) =>
			variants
				.filter((v) => v.format === format)
				.map((v) => `${mediaPath(fileId, `${v.width}.${format}`)} ${v.width}w`)
				.join(', ');
		return {
			src: fullImagePath(fileId, file.mime_type),
			width: file.width,
			height: file.height,
			alt: pickLocalized(row, 'image_alt', locale),
			sources: (['avif', 'webp'] as const)
				.map((format) => ({ type: `image/${format}`, srcset: srcset(format) }))
				.filter((source) => source.srcset !== '')
		};
	}

	async function unitRef(locale: Locale, id: string | null, now: string) {
		if (id === null) return null;
		const u = await db
			.selectFrom('units')
			.select(['id', 'name_no', 'name_en'])
			.where('id', '=', id)
			.where(isPublic('units', now))
			.executeTakeFirst();
		return u ? { id: u.id, name: pickLocalized(u, 'name', locale) } : null;
	}

	return {
		async upcomingEvents(locale, now, limit, campusId) {
			let query = db
				.selectFrom('events')
				.selectAll()
				.where('ends_at', '>=', now)
				.where(isPublic('events', now))
				.orderBy('starts_at')
				.limit(limit);
			if (campusId) query = query.where('campus_id', '=', campusId);
			const rows = await query.execute();
			return rows.map((r) => eventSummary(r, locale));
		},
		async latestNews(locale, now, limit) {
			const rows = await db
				.selectFrom('news')
				.selectAll()
				.where(isPublic('news', now))
				.orderBy('published_at', 'desc')
				.limit(limit)
				.execute();
			return rows.map((r) => newsSummary(r, locale));
		},
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

		async page(locale, slug, now) {
			const r = await db
				.selectFrom('pages')
				.selectAll()
				.where('slug', '=', slug)
				.where(isPublic('pages', now))
				.executeTakeFirst();
			if (!r) return undefined;
			return {
				slug: r.slug,
				title: pickLocalized(r, 'title', locale),
				summary: pickLocalized(r, 'summary', locale),
				body: pickRich(r, 'body', locale)
			};
		},
		async pagesUnder(locale, prefix, now) {
			const rows = await db
				.selectFrom('pages')
				.select(['slug', 'title_no', 'title_en'])
				.where('slug', 'like', `${prefix.replace(/[%_]/g, '')}%`)
				.where(isPublic('pages', now))
				.orderBy('slug')
				.execute();
			return rows.map((r) => ({ slug: r.slug, title: pickLocalized(r, 'title', locale) }));
		},

		async campuses() {
			return db.selectFrom('campuses').select(['id', 'name']).orderBy('sort').execute();
		},
		async eventCategories(locale, now) {
			const rows = await db
				.selectFrom('categories')
				.select(['id', 'name_no', 'name_en'])
				.where('kind', '=', 'event')
				.where(
					'id',
					'in',
					db.selectFrom('events').select('category').where(isPublic('events', now))
				)
				.orderBy('sort')
				.orderBy('id')
				.execute();
			return asCategories(rows, locale);
		},
		async events(locale, q) {
			let query = eventsMatching(db, q)
				.selectAll()
				.orderBy('starts_at', q.past ? 'desc' : 'asc')
				.orderBy('id');
			if (q.limit !== undefined) query = query.limit(q.limit).offset(q.offset ?? 0);
			const rows = await query.execute();
			return rows.map((r) => eventSummary(r, locale));
		},
		async countEvents(q) {
			const row = await eventsMatching(db, q)
				.select((eb) => eb.fn.countAll<number>().as('n'))
				.executeTakeFirstOrThrow();
			return Number(row.n);
		},
		async event(locale, id, now) {
			const r = await db
				.selectFrom('events')
				.innerJoin('campuses', 'campuses.id', 'events.campus_id')
				.leftJoin('products', (j) =>
					j.onRef('products.id', '=', 'events.product_id').on('products.active', '=', 1)
				)
				.leftJoin('categories', 'categories.id', 'events.category')
				.selectAll('events')
				.select([
					'campuses.name as campus_name',
					'products.slug as product_slug',
					'categories.name_no as category_name_no',
					'categories.name_en as category_name_en'
				])
				.where((eb) => eb.or([eb('events.id', '=', id), eb('events.slug_en', '=', id)]))
				.where(isPublic('events', now))
				.executeTakeFirst();
			if (!r) return undefined;
			return {
				...eventSummary(r, locale),
				slugs: slugsOf(r),
				categoryName: categoryNameOf(r, locale),
				body: pickRich(r, 'body', locale),
				image: await imageOf(r, locale),
				campusName: r.campus_name,
				capacity: r.capacity,
				productSlug: r.product_slug
			};
		},

		async news(locale, now, unitId) {
			let query = db
				.selectFrom('news')
				.selectAll()
				.where(isPublic('news', now))
				.orderBy('published_at', 'desc');
			if (unitId !== undefined) query = query.where('unit_id', '=', unitId);
			const rows = await query.execute();
			return rows.map((r) => newsSummary(r, locale));
		},
		async newsItem(locale, now, address) {
			const r = await db
				.selectFrom('news')
				.selectAll()
				.where((eb) => eb.or([eb('id', '=', address), eb('slug_en', '=', address)]))
				.where(isPublic('news', now))
				.executeTakeFirst();
			if (!r) return undefined;
			return {
				...newsSummary(r, locale),
				slugs: slugsOf(r),
				body: pickRich(r, 'body', locale),
				image: await imageOf(r, locale),
				unit: await unitRef(locale, r.unit_id, now)
			};
		},

		async openJobs(locale, now) {
			const rows = await db
				.selectFrom('jobs')
				.selectAll()
				.where('deadline', '>=', now)
				.where(isPublic('jobs', now))
				.orderBy('deadline')
				.execute();
			return rows.map((r) => jobSummary(r, locale));
		},
		async job(locale, slug, now) {
			const r = await db
				.selectFrom('jobs')
				.selectAll()
				.where('slug', '=', slug)
				.where(isPublic('jobs', now))
				.executeTakeFirst();
			if (!r) return undefined;
			return {
				...jobSummary(r, locale),
				body: pickRich(r, 'body', locale),
				applyUrl: r.apply_url,
				unit: await unitRef(locale, r.unit_id, now)
			};
		},

		async units(locale, now) {
			const rows = await db
				.selectFrom('units')
				.selectAll()
				.where(isPublic('units', now))
				.orderBy('sort')
				.execute();
			return rows.map((r) => ({
				id: r.id,
				campusId: r.campus_id,
				type: r.type,
				name: pickLocalized(r, 'name', locale),
				summary: pickLocalized(r, 'summary', locale)
			}));
		},
		async unit(locale, id, now) {
			const r = await db
				.selectFrom('units')
				.innerJoin('campuses', 'campuses.id', 'units.campus_id')
				.selectAll('units')
				.select('campuses.name as campus_name')
				.where('units.id', '=', id)
				.where(isPublic('units', now))
				.executeTakeFirst();
			if (!r) return undefined;
			return {
				id: r.id,
				campusId: r.campus_id,
				type: r.type,
				name: pickLocalized(r, 'name', locale),
				summary: pickLocalized(r, 'summary', locale),
				body: pickRich(r, 'body', locale),
				image: await imageOf(r, locale),
				campusName: r.campus_name
			};
		},
		async unitTeam(locale, unitId) {
			return (await publicTeam(db, { unitId })).map((p) => ({
				id: p.userId,
				name: p.name,
				role: p.role,
				title: titleOf(p.title, locale)
			}));
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
				picture: await imageOf(r, locale),
				maxPerOrder: r.max_per_order,
				unit: await unitRef(locale, r.unit_id, now)
			};
		},

		async campusLeaders(locale, campusId) {
			let campusQuery = db.selectFrom('campuses').select(['id', 'name']).orderBy('sort');
			if (campusId) campusQuery = campusQuery.where('id', '=', campusId);
			let unitQuery = db.selectFrom('units').select(['id', 'name_no', 'name_en']);
			if (campusId) unitQuery = unitQuery.where('campus_id', '=', campusId);
			const [campuses, units, leaders] = await Promise.all([
				campusQuery.execute(),
				unitQuery.execute(),
				publicTeam(db, { campusId, roles: ['leader'] })
			]);
			const unitNames = new Map(units.map((u) => [u.id, pickLocalized(u, 'name', locale)]));
			return campuses.map((campus) => ({
				id: campus.id,
				name: campus.name,
				leaders: leaders
					.filter((l) => l.campusId === campus.id)
					.map((l) => ({
						name: l.name,
						role: l.role,
						title: titleOf(l.title, locale),
						unit: { id: l.unitId, name: unitNames.get(l.unitId)! }
					}))
			}));
		},
		async projects(locale, now) {
			const rows = await db
				.selectFrom('projects')
				.selectAll()
				.where(isPublic('projects', now))
				.orderBy('sort')
				.orderBy('slug')
				.execute();
			return rows.map((r) => projectSummary(r, locale));
		},
		async searchDocs(locale, now) {
			const [pages, events, news, jobs, units, projects, products] = await Promise.all([
				db.selectFrom('pages').selectAll().where(isPublic('pages', now)).execute(),
				db.selectFrom('events').selectAll().where(isPublic('events', now)).execute(),
				db.selectFrom('news').selectAll().where(isPublic('news', now)).execute(),
				db.selectFrom('jobs').selectAll().where(isPublic('jobs', now)).execute(),
				db.selectFrom('units').selectAll().where(isPublic('units', now)).execute(),
				db.selectFrom('projects').selectAll().where(isPublic('projects', now)).execute(),
				db.selectFrom('products').selectAll().where('active', '=', 1).execute()
			]);
			const doc = (
				kind: SearchDoc['kind'],
				path: string,
				row: Record<string, unknown>,
				fields: { title: string; summary: string; body: string },
				date: string | null = null
			): SearchDoc => ({
				kind,
				path,
				title: pickLocalized(row, fields.title, locale),
				summary: pickLocalized(row, fields.summary, locale),
				body: pickLocalized(row, fields.body, locale).text,
				date
			});
			const text = { title: 'title', summary: 'summary', body: 'body' };
			return [
				...pages.map((r) => ({
					...doc('page', `/${r.slug}`, r, text),
					keywords: r[`keywords_${locale}`]
				})),
				...events.map((r) => doc('event', `/events/${slugsOf(r)[locale]}`, r, text, r.starts_at)),
				...news.map((r) => doc('news', `/news/${slugsOf(r)[locale]}`, r, text, r.published_at)),
				...jobs.map((r) => doc('job', `/jobs/${r.slug}`, r, text, r.deadline)),
				...units.map((r) => doc('unit', `/units/${r.id}`, r, { ...text, title: 'name' })),
				...projects.map((r) => doc('project', `/projects/${r.slug}`, r, text)),
				...products.map((r) =>
					doc('product', `/shop/${r.slug}`, r, {
						title: 'name',
						summary: 'description',
						body: 'description'
					})
				)
			];
		},
		async imageIsPublic(fileId, now) {
			const found = await Promise.all([
				db
					.selectFrom('events')
					.select('id')
					.where('image_file_id', '=', fileId)
					.where(isPublic('events', now))
					.executeTakeFirst(),
				db
					.selectFrom('news')
					.select('id')
					.where('image_file_id', '=', fileId)
					.where(isPublic('news', now))
					.executeTakeFirst(),
				db
					.selectFrom('projects')
					.select('id')
					.where('image_file_id', '=', fileId)
					.where(isPublic('projects', now))
					.executeTakeFirst(),
				db
					.selectFrom('units')
					.select('id')
					.where('image_file_id', '=', fileId)
					.where(isPublic('units', now))
					.executeTakeFirst(),
				db
					.selectFrom('products')
					.select('id')
					.where('image_file_id', '=', fileId)
					.where('active', '=', 1)
					.executeTakeFirst()
			]);
			return found.some(Boolean);
		},
		async slugRedirect(kind, slug) {
			const row = await db
				.selectFrom('slug_redirects')
				.select('target')
				.where('kind', '=', kind)
				.where('slug', '=', slug)
				.executeTakeFirst();
			return row?.target ?? null;
		},
		async sitemapItems(now) {
			const [events, news, jobs, units, projects, policies, products] = await Promise.all([
				db
					.selectFrom('events')
					.select(['id', 'slug_en'])
					.where(isPublic('events', now))
					.orderBy('starts_at')
					.execute(),
				db
					.selectFrom('news')
					.select(['id', 'slug_en'])
					.where(isPublic('news', now))
					.orderBy('published_at')
					.execute(),
				db.selectFrom('jobs').select('slug').where(isPublic('jobs', now)).orderBy('slug').execute(),
				db.selectFrom('units').select('id').where(isPublic('units', now)).orderBy('sort').execute(),
				db
					.selectFrom('projects')
					.select('slug')
					.where(isPublic('projects', now))
					.orderBy('slug')
					.execute(),
				db
					.selectFrom('pages')
					.select('slug')
					.where('slug', 'like', 'policies/%')
					.where(isPublic('pages', now))
					.execute(),
				// As the shop lists them: membership periods are on /membership, which the sitemap has.
				db
					.selectFrom('products')
					.select('slug')
					.where('active', '=', 1)
					.where('category', '!=', 'membership')
					.orderBy('slug')
					.execute()
			]);
			return {
				events: events.map(slugsOf),
				news: news.map(slugsOf),
				jobs: jobs.map((r) => r.slug),
				units: units.map((r) => r.id),
				projects: projects.map((r) => r.slug),
				policies: policies.map((r) => r.slug),
				products: products.map((r) => r.slug)
			};
		},
		async project(locale, slug, now) {
			const r = await db
				.selectFrom('projects')
				.selectAll()
				.where('slug', '=', slug)
				.where(isPublic('projects', now))
				.executeTakeFirst();
			if (!r) return undefined;
			return {
				...projectSummary(r, locale),
				body: pickRich(r, 'body', locale),
				image: await imageOf(r, locale),
				unit: await unitRef(locale, r.unit_id, now)
			};
		}
	};
}
