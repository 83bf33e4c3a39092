// The content port: read models of the public site. Field lists grow with the pages that show them.
import type { Locale } from '$lib/i18n';
import type { LocalizedText } from './localize';

export interface EventSummary {
	id: string;
	title: LocalizedText;
	summary: LocalizedText;
	location: string;
	campusId: string;
	category: string;
	startsAt: string;
	endsAt: string;
	priceOre: number | null;
}

export interface NewsSummary {
	id: string;
	title: LocalizedText;
	summary: LocalizedText;
	publishedAt: string;
}

export interface ProductSummary {
	id: string;
	slug: string;
	name: LocalizedText;
	priceOre: number;
	memberPriceOre: number | null;
	image: string | null;
}

export interface ContentStore {
	upcomingEvents(locale: Locale, now: string, limit: number): Promise<EventSummary[]>;
	latestNews(locale: Locale, now: string, limit: number): Promise<NewsSummary[]>;
	featuredProducts(locale: Locale, limit: number): Promise<ProductSummary[]>;
}
