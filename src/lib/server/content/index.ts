// What the public pages read. Routes call these; the store behind them is the SQL adapter today.
// A function answers undefined when the thing asked for does not exist; the route turns that into 404.
import type { Locale } from '$lib/i18n';
import { osloDayStart } from '$lib/oslo-time';
import {
	EVENTS_PAGE_SIZE,
	groupByCampus,
	SHOP_PAGE_SIZE,
	isSafeLink,
	stockState,
	type EventFilter,
	type ShopFilter,
	type UnitTab
} from './queries';
import { rankSearch, searchTerms } from './search';
import { sitemapPaths } from './sitemap';
import type { ContentStore, EventQuery } from './types';

export type * from './types';
export {
	EVENTS_PAGE_SIZE,
	parseEventFilter,
	parseShopFilter,
	parseUnitTab,
	SHOP_PAGE_SIZE,
	stockState,
	UNIT_TABS
} from './queries';
export type { EventFilter, ShopFilter, StockState, UnitTab } from './queries';

/** The store query of an events filter; dates are whole Oslo days, both ends included. */
function eventQuery(filter: EventFilter, now: Date): EventQuery {
	return {
		now: now.toISOString(),
		past: filter.past,
		campusId: filter.campus,
		category: filter.category,
		startsFrom: filter.from && osloDayStart(filter.from),
		startsBefore: filter.to && osloDayStart(filter.to, 1)
	};
}

export function contentService(store: ContentStore) {
	return {
		/** The home page; the next events are those of the visitor's campus when one is chosen. */
		async home(locale: Locale, campusId?: string, now = new Date()) {
			const iso = now.toISOString();
			const [events, news, products] = await Promise.all([
				store.upcomingEvents(locale, iso, 3, campusId),
				store.latestNews(locale, iso, 3),
				store.featuredProducts(locale, 3)
			]);
			return { events, news, products };
		},

		/** Every campus, in their order. */
		campuses() {
			return store.campuses();
		},

		/** A rich-text page by its slug (`privacy`, `about/history`, `policies/expenses`). */
		page(locale: Locale, slug: string, now = new Date()) {
			return store.page(locale, slug, now.toISOString());
		},

		/** The policies index: every page under `policies/`. */
		policies(locale: Locale, now = new Date()) {
			return store.pagesUnder(locale, 'policies/', now.toISOString());
		},

		/** One page of the events list with what its filter form needs. */
		async events(
			locale: Locale,
			filter: EventFilter,
			now = new Date(),
			pageSize = EVENTS_PAGE_SIZE
		) {
			const query = eventQuery(filter, now);
			const [events, total, campuses, categories] = await Promise.all([
				store.events(locale, {
					...query,
					limit: pageSize,
					offset: (filter.page - 1) * pageSize
				}),
				store.countEvents(query),
				store.campuses(),
				store.eventCategories(locale, now.toISOString())
			]);
			const pageCount = Math.max(1, Math.ceil(total / pageSize));
			return { events, total, pageCount, campuses, categories, filter };
		},

		/** Every upcoming event (or those of one campus), soonest first: the calendar feed. */
		upcomingForFeed(locale: Locale, campusId?: string, now = new Date()) {
			return store.events(locale, { now: now.toISOString(), past: false, campusId, limit: 500 });
		},

		async event(locale: Locale, id: string, now = new Date()) {
			const event = await store.event(locale, id, now.toISOString());
			return event && { event, isPast: event.endsAt < now.toISOString() };
		},

		news(locale: Locale, now = new Date()) {
			return store.news(locale, now.toISOString());
		},

		/** A news item; one scheduled for later does not exist yet. */
		newsItem(locale: Locale, id: string, now = new Date()) {
			return store.newsItem(locale, now.toISOString(), id);
		},

		openJobs(locale: Locale, now = new Date()) {
			return store.openJobs(locale, now.toISOString());
		},

		/** A job stays readable after its deadline, marked closed and without the apply link. */
		async job(locale: Locale, slug: string, now = new Date()) {
			const job = await store.job(locale, slug, now.toISOString());
			if (!job) return undefined;
			const isOpen = job.deadline >= now.toISOString();
			return { job, isOpen, applyUrl: isOpen && isSafeLink(job.applyUrl) ? job.applyUrl : null };
		},

		/**
		 * Units under their campus, narrowed to one campus and one type when given, and every type
		 * there is (for the filter).
		 */
		async unitsByCampus(
			locale: Locale,
			filter: { campusId?: string; type?: string } = {},
			now = new Date()
		) {
			const [campuses, units] = await Promise.all([
				store.campuses(),
				store.units(locale, now.toISOString())
			]);
			const types = [...new Set(units.map((u) => u.type))].sort();
			const shown = units.filter(
				(u) =>
					(!filter.campusId || u.campusId === filter.campusId) &&
					(!filter.type || u.type === filter.type)
			);
			return { groups: groupByCampus(campuses, shown), types };
		},

		/** A unit with the data of one tab; the other tabs' data is not read. */
		async unit(locale: Locale, id: string, tab: UnitTab, now = new Date()) {
			const unit = await store.unit(locale, id, now.toISOString());
			if (!unit) return undefined;
			const [team, products, news] = await Promise.all([
				tab === 'team' ? store.unitTeam(locale, id) : [],
				tab === 'products' ? store.unitProducts(locale, id) : [],
				tab === 'news' ? store.news(locale, now.toISOString(), id) : []
			]);
			return { unit, tab, team, products, news };
		},

		/** One page of the shop's products, optionally one category, with their stock states. */
		async shop(locale: Locale, filter: ShopFilter, now = new Date(), pageSize = SHOP_PAGE_SIZE) {
			const { category, page } = filter;
			const [products, total, categories] = await Promise.all([
				store.shopProducts(locale, now.toISOString(), {
					category,
					limit: pageSize,
					offset: (page - 1) * pageSize
				}),
				store.countShopProducts(category),
				store.shopCategories(locale)
			]);
			return {
				products: products.map((p) => ({ ...p, stockState: stockState(p.available, p.heldUntil) })),
				categories,
				category,
				page,
				pageCount: Math.max(1, Math.ceil(total / pageSize))
			};
		},

		/** An active product by slug; inactive products do not exist for the shop. */
		async shopProduct(locale: Locale, slug: string, now = new Date()) {
			const product = await store.shopProduct(locale, now.toISOString(), slug);
			return (
				product && { ...product, stockState: stockState(product.available, product.heldUntil) }
			);
		},

		projects(locale: Locale, now = new Date()) {
			return store.projects(locale, now.toISOString());
		},

		project(locale: Locale, slug: string, now = new Date()) {
			return store.project(locale, slug, now.toISOString());
		},

		/** Site search in the page locale; `terms` is empty when the query has no usable word. */
		async search(locale: Locale, query: string, now = new Date()) {
			const terms = searchTerms(query);
			if (terms.length === 0) return { terms, hits: [] };
			const hits = rankSearch(await store.searchDocs(locale, now.toISOString()), terms);
			return {
				terms,
				hits: hits.map(({ doc }) => ({
					kind: doc.kind,
					path: doc.path,
					title: doc.title,
					summary: doc.summary,
					date: doc.date
				}))
			};
		},

		/** Whether an uploaded image belongs to something public now (routes/media serves it). */
		imageIsPublic(fileId: string, now = new Date()) {
			return store.imageIsPublic(fileId, now.toISOString());
		},

		/**
		 * The page a renamed job, project, policy or product moved to (unlocalized), or null: an
		 * old link keeps working.
		 */
		async movedTo(kind: 'jobs' | 'projects' | 'policies' | 'products', slug: string) {
			if (kind === 'policies') {
				const target = await store.slugRedirect('pages', `policies/${slug}`);
				return target && `/${target}`;
			}
			const target = await store.slugRedirect(kind, slug);
			if (!target) return null;
			return kind === 'products' ? `/shop/${target}` : `/${kind}/${target}`;
		},

		/** Unlocalized paths of every public page and content item. */
		async sitemapPaths(now = new Date()) {
			return sitemapPaths(await store.sitemapItems(now.toISOString()));
		}
	};
}

export type ContentService = ReturnType<typeof contentService>;
