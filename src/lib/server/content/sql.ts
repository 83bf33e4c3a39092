import type { Db } from '../db';
import { pickLocalized } from './localize';
import type { ContentStore } from './types';

export function sqlContentStore(db: Db): ContentStore {
	return {
		async upcomingEvents(locale, now, limit) {
			const rows = await db
				.selectFrom('events')
				.selectAll()
				.where('ends_at', '>=', now)
				.orderBy('starts_at')
				.limit(limit)
				.execute();
			return rows.map((r) => ({
				id: r.id,
				title: pickLocalized(r, 'title', locale),
				summary: pickLocalized(r, 'summary', locale),
				location: r.location,
				campusId: r.campus_id,
				category: r.category,
				startsAt: r.starts_at,
				endsAt: r.ends_at,
				priceOre: r.price_ore
			}));
		},
		async latestNews(locale, now, limit) {
			const rows = await db
				.selectFrom('news')
				.selectAll()
				.where('published_at', '<=', now)
				.orderBy('published_at', 'desc')
				.limit(limit)
				.execute();
			return rows.map((r) => ({
				id: r.id,
				title: pickLocalized(r, 'title', locale),
				summary: pickLocalized(r, 'summary', locale),
				publishedAt: r.published_at
			}));
		},
		async featuredProducts(locale, limit) {
			const rows = await db
				.selectFrom('products')
				.selectAll()
				.where('featured', '=', 1)
				.where('active', '=', 1)
				.orderBy('slug')
				.limit(limit)
				.execute();
			return rows.map((r) => ({
				id: r.id,
				slug: r.slug,
				name: pickLocalized(r, 'name', locale),
				priceOre: r.price_ore,
				memberPriceOre: r.member_price_ore,
				image: r.image
			}));
		}
	};
}
