// The public news: the latest, a unit's or all, and one item by its address in either language.
import type { Selectable } from 'kysely';
import type { Locale } from '$lib/i18n';
import type { Db } from '../../db';
import type { NewsTable } from '../../db/schema';
import { pickLocalized, pickRich } from '../localize';
import type { ContentStore, NewsSummary } from '../types';
import { isPublic } from '../visibility';
import { imageOf } from './media';
import { slugsOf } from './names';
import { unitRef } from './units';

function newsSummary(r: Selectable<NewsTable>, locale: Locale): NewsSummary {
	return {
		id: r.id,
		slug: slugsOf(r)[locale],
		title: pickLocalized(r, 'title', locale),
		summary: pickLocalized(r, 'summary', locale),
		publishedAt: r.published_at
	};
}

export function newsSql(db: Db): Pick<ContentStore, 'latestNews' | 'news' | 'newsItem'> {
	return {
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
				image: await imageOf(db, r, locale),
				unit: await unitRef(db, locale, r.unit_id, now)
			};
		}
	};
}
