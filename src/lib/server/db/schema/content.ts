// What the admin publishes and the public pages read: campuses, categories, units, events, news,
// jobs, pages and projects, and the old addresses that lead to them.
import type { Generated } from 'kysely';
import type { Localized, Publishable, Versioned, WithImage } from './columns';

export interface CampusesTable {
	id: string;
	name: string;
	sort: number;
	version: Generated<number>;
}

/**
 * Categories of events and products, named in both languages. `id` is the code the events' or
 * products' `category` column stores (unique across both kinds); `kind` is `event` or `product`.
 */
export type CategoriesTable = {
	id: string;
	kind: string;
	sort: number;
	version: Generated<number>;
} & Localized<'name'>;

export type UnitsTable = { id: string; campus_id: string; type: string; sort: number } & Localized<
	'name' | 'summary' | 'body'
> &
	Publishable &
	Versioned &
	WithImage;

export type EventsTable = {
	/** Made from the Norwegian title: the Norwegian address. */
	id: string;
	/** The English address (migration 021); null: the id serves both languages. */
	slug_en: Generated<string | null>;
	campus_id: string;
	unit_id: string | null;
	category: string;
	location: string;
	starts_at: string;
	ends_at: string;
	price_ore: number | null;
	capacity: number | null;
	image: string | null;
	product_id: string | null;
} & Localized<'title' | 'summary' | 'body'> &
	Publishable &
	Versioned &
	WithImage;

export type NewsTable = {
	/** Made from the Norwegian title: the Norwegian address. */
	id: string;
	/** The English address (migration 021); null: the id serves both languages. */
	slug_en: Generated<string | null>;
	unit_id: string | null;
	/** The publication time shown; before it the item is not public. */
	published_at: string;
	image: string | null;
	draft: Generated<number>;
} & Localized<'title' | 'summary' | 'body'> &
	Versioned &
	WithImage;

export type JobsTable = {
	id: string;
	slug: string;
	unit_id: string | null;
	deadline: string;
	apply_url: string;
} & Localized<'title' | 'summary' | 'body'> &
	Publishable &
	Versioned;

export type PagesTable = { slug: string } & Localized<'title' | 'summary' | 'body'> &
	/** Search words for the assistant and the site search (migration 027), never shown. */
	{ keywords_no: Generated<string>; keywords_en: Generated<string> } & Publishable &
	Versioned;

/** Status: `active` or `completed`. */
export type ProjectsTable = {
	id: string;
	slug: string;
	unit_id: string | null;
	status: string;
	started_at: string;
	image: string | null;
	sort: number;
} & Localized<'title' | 'summary' | 'body'> &
	Publishable &
	Versioned &
	WithImage;

export interface SlugRedirectsTable {
	kind: string;
	slug: string;
	target: string;
	created_at: string;
}
