// What the public pages read. Routes call these; the store behind them is the SQL adapter today.
import type { Locale } from '$lib/i18n';
import type { ContentStore } from './types';

export type * from './types';

export function contentService(store: ContentStore) {
	return {
		async home(locale: Locale, now = new Date()) {
			const iso = now.toISOString();
			const [events, news, products] = await Promise.all([
				store.upcomingEvents(locale, iso, 3),
				store.latestNews(locale, iso, 3),
				store.featuredProducts(locale, 3)
			]);
			return { events, news, products };
		}
	};
}

export type ContentService = ReturnType<typeof contentService>;
