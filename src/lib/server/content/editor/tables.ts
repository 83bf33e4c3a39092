// What the editor knows of each kind's table: its name, its key, its audit subject, its date, what
// points at its records, and the row types. The table is chosen by kind at run time, so queries go
// through a loosely typed view of the database (LooseDb); the rows they read are ContentRow, whose
// named columns keep their types while the kind's fields are read by name.
import type { Kysely, Selectable } from 'kysely';
import { KINDS, formNames } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import type { Database } from '../../db';
import { NotFound } from '../../errors';

export const TABLE = {
	events: 'events',
	news: 'news',
	jobs: 'jobs',
	projects: 'projects',
	units: 'units',
	pages: 'pages',
	campuses: 'campuses',
	'event-categories': 'categories',
	'product-categories': 'categories'
} as const satisfies Record<ContentKind, keyof Database>;

/** The tables the editor writes. */
export type ContentTable = (typeof TABLE)[ContentKind];

/** Every column some content table has, typed as any of those tables stores it. */
type ContentColumns = { [K in ColumnName]?: ColumnType<K> };
type Stored<T> = T extends ContentTable ? Selectable<Database[T]> : never;
type ColumnName =
	Stored<ContentTable> extends infer R ? (R extends unknown ? keyof R : never) : never;
type ColumnType<K extends PropertyKey> =
	Stored<ContentTable> extends infer R
		? R extends unknown
			? K extends keyof R
				? R[K]
				: never
			: never
		: never;

/**
 * A stored row of one content table: the columns its table has (which, only the kind knows at run
 * time, so each may be absent), and the kind's fields read by their names (`title_no`, …).
 */
export type ContentRow = ContentColumns & Record<string, unknown>;

/** A column's value as the form's schema (form-schema.ts) and the image's columns make it. */
export type ColumnValue = string | number | null;
/** The columns a save writes, by name. */
export type Columns = Record<string, ColumnValue>;

/** The database seen with the table picked at run time. */
export type LooseDb = Kysely<Record<string, ContentRow>>;

/** The audit log's name for a record of each kind. */
export const SUBJECT: Record<ContentKind, string> = {
	events: 'event',
	news: 'news',
	jobs: 'job',
	projects: 'project',
	units: 'unit',
	pages: 'page',
	campuses: 'campus',
	'event-categories': 'event-category',
	'product-categories': 'product-category'
};
/** The primary key column. Pages are keyed by their path. */
export const KEY_COLUMN: Record<ContentKind, string> = {
	events: 'id',
	news: 'id',
	jobs: 'id',
	projects: 'id',
	units: 'id',
	pages: 'slug',
	campuses: 'id',
	'event-categories': 'id',
	'product-categories': 'id'
};
export const DATE_COLUMN: Partial<Record<ContentKind, string>> = {
	events: 'starts_at',
	news: 'published_at',
	jobs: 'deadline',
	projects: 'started_at'
};
/** Pages live at fixed addresses (routes); only policies may be added, renamed or removed. */
export const POLICY = 'policies/';
/** What else points at a record of a kind: its removal is refused while any does. */
export const REFERENCES: Partial<Record<ContentKind, { table: keyof Database; column: string }[]>> =
	{
		campuses: [
			{ table: 'units', column: 'campus_id' },
			{ table: 'events', column: 'campus_id' },
			{ table: 'expense_claims', column: 'campus_id' }
		],
		events: [{ table: 'expense_claims', column: 'event_id' }],
		'event-categories': [{ table: 'events', column: 'category' }],
		'product-categories': [{ table: 'products', column: 'category' }],
		jobs: [{ table: 'job_applications', column: 'job_id' }],
		projects: [{ table: 'expense_claims', column: 'project_id' }],
		units: [
			{ table: 'team_members', column: 'unit_id' },
			{ table: 'events', column: 'unit_id' },
			{ table: 'news', column: 'unit_id' },
			{ table: 'jobs', column: 'unit_id' },
			{ table: 'projects', column: 'unit_id' },
			{ table: 'products', column: 'unit_id' },
			{ table: 'expense_claims', column: 'unit_id' },
			{ table: 'documents', column: 'unit_id' }
		]
	};

/** A record of a kind by its key; categories only of the kind's own scope. */
export async function findRow(
	trx: LooseDb,
	kind: ContentKind,
	key: string
): Promise<ContentRow | undefined> {
	const scope = KINDS[kind].scope;
	let query = trx.selectFrom(TABLE[kind]).selectAll().where(KEY_COLUMN[kind], '=', key);
	if (scope) query = query.where(scope.column, '=', scope.value);
	return query.executeTakeFirst();
}

/** The stored record the editor is asked about; none there is NotFound. */
export async function storedRow(db: LooseDb, kind: ContentKind, key: string): Promise<ContentRow> {
	const row = await findRow(db, kind, key);
	if (!row) throw new NotFound('Not found');
	return row;
}

/** What the audit log keeps of a record: its form's columns, key, publication and image. */
export function snapshot(kind: ContentKind, row: Record<string, unknown>): Record<string, unknown> {
	const keep = [
		...formNames(KINDS[kind]),
		KEY_COLUMN[kind],
		'draft',
		'published_at',
		'image_file_id'
	];
	return Object.fromEntries(Object.entries(row).filter(([k]) => keep.includes(k)));
}
