// The content port: read models of the public site. Field lists grow with the pages that show them.
import type { Locale } from '$lib/i18n';
import type { UnitRole } from '../identity/types';
import type { LocalizedText, RichLocalizedText } from './localize';

export interface EventSummary {
	id: string;
	/** The last part of its address in the locale asked for (/events/<slug>). */
	slug: string;
	title: LocalizedText;
	summary: LocalizedText;
	location: string;
	campusId: string;
	category: string;
	startsAt: string;
	endsAt: string;
	priceOre: number | null;
}

/** An uploaded image of a content item: its sizes and formats for a srcset, and its alt text. */
export interface ContentImage {
	/** The image as uploaded (normalised), for browsers without AVIF or WebP. */
	src: string;
	width: number;
	height: number;
	alt: LocalizedText;
	/** AVIF first, then WebP: `srcset` with width descriptors. */
	sources: { type: string; srcset: string }[];
}

/** A category of events or products as the public filters show it: its code and its name. */
export interface Category {
	code: string;
	name: string;
}

export interface EventDetail extends EventSummary {
	/** Its address in each language: a page asked for by the other's leads to this locale's. */
	slugs: Record<Locale, string>;
	/** The category's name in the page's language (its code when it has no entry). */
	categoryName: string;
	body: RichLocalizedText;
	image: ContentImage | null;
	campusName: string;
	capacity: number | null;
	/** Slug of the shop product that sells tickets, when there is one. */
	productSlug: string | null;
}

export interface EventQuery {
	now: string;
	/** Past events (ended before `now`), newest first; otherwise upcoming, soonest first. */
	past: boolean;
	campusId?: string;
	category?: string;
	/** Events starting at or after this instant (ISO). */
	startsFrom?: string;
	/** Events starting before this instant (ISO). */
	startsBefore?: string;
	limit?: number;
	offset?: number;
}

export interface NewsSummary {
	id: string;
	/** The last part of its address in the locale asked for (/news/<slug>). */
	slug: string;
	title: LocalizedText;
	summary: LocalizedText;
	publishedAt: string;
}

export interface NewsDetail extends NewsSummary {
	/** Its address in each language: a page asked for by the other's leads to this locale's. */
	slugs: Record<Locale, string>;
	body: RichLocalizedText;
	image: ContentImage | null;
	unit: { id: string; name: LocalizedText } | null;
}

export interface ProductSummary {
	id: string;
	slug: string;
	name: LocalizedText;
	priceOre: number;
	memberPriceOre: number | null;
	image: string | null;
}

/** A product as the shop shows it; `available` is null when the stock is unlimited. */
export interface ShopProduct extends ProductSummary {
	category: string;
	available: number | null;
	/** When none is left but some are held in carts: when the first hold runs out (ISO). */
	heldUntil: string | null;
}

export interface ShopProductDetail extends ShopProduct {
	/** The category's name in the page's language (its code when it has no entry). */
	categoryName: string;
	description: RichLocalizedText;
	/** An uploaded picture in its sizes, with alt text; null: the demo drawing in `image`, or none. */
	picture: ContentImage | null;
	maxPerOrder: number | null;
	unit: { id: string; name: LocalizedText } | null;
}

export interface Campus {
	id: string;
	name: string;
}

/** A rich-text page of the `pages` table; `body` is paragraphs separated by blank lines. */
export interface Page {
	slug: string;
	title: LocalizedText;
	summary: LocalizedText;
	body: RichLocalizedText;
}

export interface PageLink {
	slug: string;
	title: LocalizedText;
}

export interface JobSummary {
	id: string;
	slug: string;
	title: LocalizedText;
	summary: LocalizedText;
	deadline: string;
}

export interface JobDetail extends JobSummary {
	body: RichLocalizedText;
	applyUrl: string;
	unit: { id: string; name: LocalizedText } | null;
}

export interface UnitSummary {
	id: string;
	campusId: string;
	type: string;
	name: LocalizedText;
	summary: LocalizedText;
}

export interface UnitDetail extends UnitSummary {
	body: RichLocalizedText;
	image: ContentImage | null;
	campusName: string;
}

/** A person on a unit's team as the public pages show them (identity/public-team.ts). */
export interface TeamPerson {
	id: string;
	name: string;
	role: UnitRole;
	/** The public title, shown instead of the role's word; null: none in either language. */
	title: LocalizedText | null;
}

export interface CampusLeaders {
	id: string;
	name: string;
	/** The leaders of the campus's units, from the team roles. */
	leaders: (Omit<TeamPerson, 'id'> & { unit: { id: string; name: LocalizedText } })[];
}

export interface ProjectSummary {
	id: string;
	slug: string;
	title: LocalizedText;
	summary: LocalizedText;
	status: string;
	startedAt: string;
}

export interface ProjectDetail extends ProjectSummary {
	body: RichLocalizedText;
	image: ContentImage | null;
	unit: { id: string; name: LocalizedText } | null;
}

/** Ids and slugs of every public content item, for the sitemap. */
export interface SitemapItems {
	/** Each event's and news item's address in each language. */
	events: Record<Locale, string>[];
	news: Record<Locale, string>[];
	jobs: string[];
	units: string[];
	projects: string[];
	/** Page slugs under `policies/`, with the prefix. */
	policies: string[];
	products: string[];
}

export type SearchKind = 'page' | 'event' | 'news' | 'job' | 'unit' | 'project' | 'product';

/** One public content item as the site search sees it, in one locale. */
export interface SearchDoc {
	kind: SearchKind;
	/** Unlocalized page path, e.g. `/events/evt-julebord`. */
	path: string;
	title: LocalizedText;
	summary: LocalizedText;
	body: string;
	/** Words visitors search with that the text does not use (a page's keywords, its locale only). */
	keywords?: string;
	/** The item's date where it has one (event start, news publication, job deadline). */
	date: string | null;
}

/**
 * Every read of published content (events, news, jobs, projects, pages, units) sees only what is
 * public at `now` (visibility.ts): drafts and what is scheduled for later do not exist for it.
 */
export interface ContentStore {
	upcomingEvents(
		locale: Locale,
		now: string,
		limit: number,
		campusId?: string
	): Promise<EventSummary[]>;
	latestNews(locale: Locale, now: string, limit: number): Promise<NewsSummary[]>;
	featuredProducts(locale: Locale, limit: number): Promise<ProductSummary[]>;

	page(locale: Locale, slug: string, now: string): Promise<Page | undefined>;
	/** Pages whose slug starts with `prefix` (e.g. `policies/`), by slug. */
	pagesUnder(locale: Locale, prefix: string, now: string): Promise<PageLink[]>;

	campuses(): Promise<Campus[]>;
	/** The event categories some public event has, in their order, named in the locale. */
	eventCategories(locale: Locale, now: string): Promise<Category[]>;
	events(locale: Locale, query: EventQuery): Promise<EventSummary[]>;
	/** How many events the query matches, ignoring its limit and offset. */
	countEvents(query: EventQuery): Promise<number>;
	event(locale: Locale, id: string, now: string): Promise<EventDetail | undefined>;

	news(locale: Locale, now: string, unitId?: string): Promise<NewsSummary[]>;
	/** A news item by its address in either language (its id or its English slug). */
	newsItem(locale: Locale, now: string, address: string): Promise<NewsDetail | undefined>;

	/** Jobs whose deadline is not yet past, soonest deadline first. */
	openJobs(locale: Locale, now: string): Promise<JobSummary[]>;
	job(locale: Locale, slug: string, now: string): Promise<JobDetail | undefined>;

	units(locale: Locale, now: string): Promise<UnitSummary[]>;
	unit(locale: Locale, id: string, now: string): Promise<UnitDetail | undefined>;
	/** The unit's team from the team roles: leaders, finance, members. */
	unitTeam(locale: Locale, unitId: string): Promise<TeamPerson[]>;
	unitProducts(locale: Locale, unitId: string): Promise<ProductSummary[]>;

	/** Active products, by name slug; `now` decides which reservations still hold stock. */
	shopProducts(
		locale: Locale,
		now: string,
		query: { category?: string; limit: number; offset: number }
	): Promise<ShopProduct[]>;
	/** How many products the shop lists (in one category when given). */
	countShopProducts(category?: string): Promise<number>;
	/** The product categories some listed product has, in their order, named in the locale. */
	shopCategories(locale: Locale): Promise<Category[]>;
	shopProduct(locale: Locale, now: string, slug: string): Promise<ShopProductDetail | undefined>;

	/** The leaders of every campus's units (or one campus's), campuses and units by their order. */
	campusLeaders(locale: Locale, campusId?: string): Promise<CampusLeaders[]>;

	projects(locale: Locale, now: string): Promise<ProjectSummary[]>;
	project(locale: Locale, slug: string, now: string): Promise<ProjectDetail | undefined>;

	/** Every item with a public page at `now`, as search documents in `locale`. */
	searchDocs(locale: Locale, now: string): Promise<SearchDoc[]>;

	/** Whether an uploaded image belongs to something public at `now` (anyone may then see it). */
	imageIsPublic(fileId: string, now: string): Promise<boolean>;

	/** Where a renamed item's old slug (or a policy's old path) leads now; null when nowhere. */
	slugRedirect(
		kind: 'jobs' | 'projects' | 'pages' | 'products',
		slug: string
	): Promise<string | null>;

	/** Every item that has a public page at `now`: published content and active products. */
	sitemapItems(now: string): Promise<SitemapItems>;
}
