// Pure helpers behind the content pages: reading their query strings and shaping lists.
// They know nothing of SQL or SvelteKit, so they are tested on their own.
import { parseDate } from '$lib/oslo-time';
import type { Campus, UnitSummary } from './types';

export interface EventFilter {
	campus?: string;
	category?: string;
	/** Oslo dates `YYYY-MM-DD`, both ends included. */
	from?: string;
	to?: string;
	past: boolean;
	/** 1-based page of the list. */
	page: number;
}

export const EVENTS_PAGE_SIZE = 12;
export const SHOP_PAGE_SIZE = 24;

export interface ShopFilter {
	category?: string;
	/** 1-based page of the list. */
	page: number;
}

/** `?page=` of a paged list: a whole number from 1; anything else is the first page. */
export function parsePage(params: URLSearchParams): number {
	const page = Number(params.get('page') ?? '1');
	return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** `?category=&page=` of the shop. */
export function parseShopFilter(params: URLSearchParams): ShopFilter {
	return { category: params.get('category')?.trim() || undefined, page: parsePage(params) };
}

/**
 * `?campus=&category=&past=1` of the events page. Blank values mean "all"; a page without a
 * `campus` parameter shows the visitor's chosen campus (`defaultCampus`).
 */
export function parseEventFilter(params: URLSearchParams, defaultCampus?: string): EventFilter {
	const value = (name: string) => {
		const v = params.get(name)?.trim();
		return v ? v : undefined;
	};
	const past = params.get('past');
	return {
		campus: params.has('campus') ? value('campus') : defaultCampus,
		category: value('category'),
		// A date that is not a real date is left out rather than failing the page.
		from: parseDate(params.get('from')),
		to: parseDate(params.get('to')),
		past: past === '1' || past === 'true',
		page: parsePage(params)
	};
}

export const UNIT_TABS = ['overview', 'team', 'products', 'news'] as const;
export type UnitTab = (typeof UNIT_TABS)[number];

/** The tab named by `?tab=`; none means the overview, an unknown name means no such page. */
export function parseUnitTab(value: string | null): UnitTab | undefined {
	if (value === null || value === '') return 'overview';
	return (UNIT_TABS as readonly string[]).includes(value) ? (value as UnitTab) : undefined;
}

export interface CampusGroup<T> {
	campus: Campus;
	units: T[];
}

/** Units grouped under their campus, in campus order; campuses without units are left out. */
export function groupByCampus<T extends Pick<UnitSummary, 'campusId'>>(
	campuses: Campus[],
	units: T[]
): CampusGroup<T>[] {
	return campuses
		.map((campus) => ({ campus, units: units.filter((u) => u.campusId === campus.id) }))
		.filter((group) => group.units.length > 0);
}

/** Links stored in content (apply links) are shown only with a web or mail scheme. */
export function isSafeLink(url: string): boolean {
	return /^(https?:\/\/|mailto:)/i.test(url.trim());
}

/** `held`: none left to sell, but some are reserved in carts and may come back. */
export type StockState = 'in_stock' | 'low' | 'held' | 'sold_out';

/** At or below this many left, the shop says how many. */
export const LOW_STOCK = 5;

/** What the shop tells a buyer about a product's stock; null available means unlimited. */
export function stockState(available: number | null, heldUntil: string | null = null): StockState {
	if (available === null) return 'in_stock';
	if (available <= 0) return heldUntil === null ? 'sold_out' : 'held';
	return available <= LOW_STOCK ? 'low' : 'in_stock';
}
