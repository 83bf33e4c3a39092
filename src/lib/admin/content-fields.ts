// The fields of each kind of content the admin edits, for the form (which draws them) and the
// server (which checks and stores them: content/editor.ts). Localized fields are edited side by
// side, Norwegian and English; a body is Markdown.
import type { ContentKind } from './nav';

export type FieldType =
	'line' | 'text' | 'markdown' | 'datetime' | 'date' | 'money' | 'int' | 'url' | 'select' | 'slug';

/** Where a select's choices come from (read by the server for the form). */
export type OptionSource = 'campuses' | 'units' | 'products' | 'projectStatus' | 'eventCategories';

export interface FieldDef {
	/** The column (a localized field: the column without _no / _en). */
	name: string;
	type: FieldType;
	localized?: boolean;
	/** Required; a localized field in at least one language, or in both with `bothLocales`. */
	required?: boolean;
	bothLocales?: boolean;
	options?: OptionSource;
}

export interface KindDef {
	fields: FieldDef[];
	/** The field a record is named by in lists and headings (localized). */
	titleField: string;
	/** Whether it has a draft/published state and a publication time. */
	publishable: boolean;
	/** The column that says which unit owns a record (a unit's leaders may edit it); units: the id. */
	unitField: string | null;
	/** The public address, unlocalized; null for kinds without a page of their own. */
	path: (key: string) => string | null;
	/** How the address is made: from the id, the slug column, or the page's path. */
	key: 'id' | 'slug';
	/** Whether it may have an uploaded image (with alt text in both languages). */
	image?: boolean;
	/**
	 * Whether it gets an English address of its own (`slug_en`) from its English title; the key,
	 * made from the Norwegian title, stays the Norwegian address.
	 */
	englishSlug?: boolean;
	/** Kinds that share a table: the column and value that tell this kind's rows. */
	scope?: { column: string; value: string };
}

const TEXTS: FieldDef[] = [
	{ name: 'title', type: 'line', localized: true, required: true },
	{ name: 'summary', type: 'text', localized: true },
	{ name: 'body', type: 'markdown', localized: true }
];

export const KINDS: Record<ContentKind, KindDef> = {
	events: {
		fields: [
			...TEXTS,
			{ name: 'starts_at', type: 'datetime', required: true },
			{ name: 'ends_at', type: 'datetime', required: true },
			{ name: 'location', type: 'line', required: true },
			{ name: 'category', type: 'select', options: 'eventCategories', required: true },
			{ name: 'campus_id', type: 'select', options: 'campuses', required: true },
			{ name: 'unit_id', type: 'select', options: 'units' },
			{ name: 'price_ore', type: 'money' },
			{ name: 'capacity', type: 'int' },
			{ name: 'product_id', type: 'select', options: 'products' }
		],
		titleField: 'title',
		publishable: true,
		unitField: 'unit_id',
		path: (id) => `/events/${id}`,
		key: 'id',
		image: true,
		englishSlug: true
	},
	news: {
		fields: [...TEXTS, { name: 'unit_id', type: 'select', options: 'units' }],
		titleField: 'title',
		publishable: true,
		unitField: 'unit_id',
		path: (id) => `/news/${id}`,
		key: 'id',
		image: true,
		englishSlug: true
	},
	jobs: {
		fields: [
			...TEXTS,
			{ name: 'slug', type: 'slug' },
			{ name: 'deadline', type: 'datetime', required: true },
			{ name: 'apply_url', type: 'url', required: true },
			{ name: 'unit_id', type: 'select', options: 'units' }
		],
		titleField: 'title',
		publishable: true,
		unitField: 'unit_id',
		path: (slug) => `/jobs/${slug}`,
		key: 'slug'
	},
	projects: {
		fields: [
			...TEXTS,
			{ name: 'slug', type: 'slug' },
			{ name: 'status', type: 'select', options: 'projectStatus', required: true },
			{ name: 'started_at', type: 'date', required: true },
			{ name: 'unit_id', type: 'select', options: 'units' },
			{ name: 'sort', type: 'int' }
		],
		titleField: 'title',
		publishable: true,
		unitField: 'unit_id',
		path: (slug) => `/projects/${slug}`,
		key: 'slug',
		image: true
	},
	units: {
		fields: [
			{ name: 'name', type: 'line', localized: true, required: true },
			{ name: 'summary', type: 'text', localized: true },
			{ name: 'body', type: 'markdown', localized: true },
			{ name: 'campus_id', type: 'select', options: 'campuses', required: true },
			{ name: 'type', type: 'line', required: true },
			{ name: 'sort', type: 'int' }
		],
		titleField: 'name',
		publishable: true,
		unitField: 'id',
		path: (id) => `/units/${id}`,
		key: 'id',
		image: true
	},
	pages: {
		fields: [
			...TEXTS,
			// Words visitors search with that the text does not use; read by the search and the assistant.
			{ name: 'keywords', type: 'text', localized: true },
			{ name: 'slug', type: 'slug' }
		],
		titleField: 'title',
		publishable: true,
		unitField: null,
		path: (slug) => `/${slug}`,
		key: 'slug'
	},
	campuses: {
		fields: [
			{ name: 'name', type: 'line', required: true },
			{ name: 'sort', type: 'int' }
		],
		titleField: 'name',
		publishable: false,
		unitField: null,
		path: () => null,
		key: 'id'
	},
	'event-categories': categoryKind('event'),
	'product-categories': categoryKind('product')
};

/**
 * A category of events or products: named in both languages (the public filters show the name in
 * the page's language), ordered by `sort`; its code is made once from the Norwegian name.
 */
function categoryKind(kind: 'event' | 'product'): KindDef {
	return {
		fields: [
			{ name: 'name', type: 'line', localized: true, required: true, bothLocales: true },
			{ name: 'sort', type: 'int' }
		],
		titleField: 'name',
		publishable: false,
		unitField: null,
		path: () => null,
		key: 'id',
		scope: { column: 'kind', value: kind }
	};
}

/** The form's field names: a localized field is two, `<name>_no` and `<name>_en`. */
export function formNames(def: KindDef): string[] {
	const names = def.fields.flatMap((f) =>
		f.localized ? [`${f.name}_no`, `${f.name}_en`] : [f.name]
	);
	return def.image ? [...names, 'image_alt_no', 'image_alt_en'] : names;
}
