// The public events: the next ones, the filtered list with its count and categories, and one event.
import type { Selectable } from 'kysely';
import type { Locale } from '$lib/i18n';
import type { Db } from '../../db';
import type { EventsTable } from '../../db/schema';
import { pickLocalized, pickRich } from '../localize';
import type { ContentStore, EventQuery, EventSummary } from '../types';
import { isPublic } from '../visibility';
import { imageOf } from './media';
import { asCategories, categoryNameOf, slugsOf } from './names';

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

export function eventsSql(
	db: Db
): Pick<ContentStore, 'upcomingEvents' | 'eventCategories' | 'events' | 'countEvents' | 'event'> {
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
				image: await imageOf(db, r, locale),
				campusName: r.campus_name,
				capacity: r.capacity,
				productSlug: r.product_slug
			};
		}
	};
}
