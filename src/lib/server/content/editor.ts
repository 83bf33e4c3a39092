// The admin's side of content: events, news, jobs, projects, units, pages and campuses, read and
// written as the form shows them (content-fields.ts). Who is on a unit's team is not content: the
// team roles say it (identity/, the team pages). Every write checks the
// caller in the roles module (admins anything, a unit's leaders what belongs to their unit), checks
// the record's version (two people saving one record: the second is told), and writes its audit
// entry with before and after in the same transaction. The public side reads the same tables
// (sql.ts); a write reaches every page, the search, the feeds and the assistant at once through
// the database's change feed. The service is this closure; what it does is in editor/: the tables
// and row types (tables.ts), a record as its form shows it (form-values.ts), the form checked into
// columns (parse-form.ts, choices.ts), who may edit which unit's content (scope.ts), addresses
// (addresses.ts), saving (save.ts) and removing (remove.ts).
import { KINDS, type FieldDef } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import type { Locale } from '$lib/i18n';
import { changeTrail } from '../admin/change-trail';
import type { TrailEntry } from '../audit/trail-entry';
import { trail } from '../audit';
import type { UserContext } from '../context';
import { pickLocalized, type LocalizedText } from './localize';
import { renderMarkdown } from './markdown';
import { imageShown, type ImageUpload } from './images';
import type { PublicationState } from './visibility';
import { trailField } from './words';
import {
	formValuesOf,
	missingLocales,
	stateOf,
	titleOf,
	type FormValues
} from './editor/form-values';
import { removeRecord, type RemoveResult } from './editor/remove';
import { createRecord, updateRecord, type EditorDeps, type SaveResult } from './editor/save';
import { editorScope, unitOf } from './editor/scope';
import {
	DATE_COLUMN,
	KEY_COLUMN,
	POLICY,
	SUBJECT,
	TABLE,
	storedRow,
	type ContentRow,
	type LooseDb
} from './editor/tables';

export type { FormErrors, FormValues } from './editor/form-values';
export { parseForm, type Publication } from './editor/parse-form';
export type { SaveResult } from './editor/save';
export type { ImageUpload } from './images';

export interface EditorListItem {
	key: string;
	title: LocalizedText;
	state: PublicationState | null;
	/** The locales a localized field is filled in for one locale and not the other. */
	missing: Locale[];
	unitId: string | null;
	/** Events: when; news: published; jobs: deadline. */
	date: string | null;
	path: string | null;
}

export interface EditorRecord {
	kind: ContentKind;
	key: string;
	version: number;
	values: FormValues;
	state: PublicationState | null;
	missing: Locale[];
	path: string | null;
	trail: TrailEntry[];
	/** Whether the address (slug) may be changed here. */
	slugEditable: boolean;
	/** The record's image as the form shows it; null when it has none. */
	image: { src: string; width: number | null; height: number | null } | null;
}

export interface EditorOptions {
	campuses: { value: string; label: string }[];
	units: { value: string; label: string }[];
	products: { value: string; label: string }[];
	eventCategories: { value: string; label: string }[];
}

const LIMITS: Partial<Record<FieldDef['type'], number>> = {
	line: 200,
	text: 2000,
	markdown: 50_000,
	url: 500
};

export function contentEditor(deps: EditorDeps) {
	const db = deps.db as unknown as LooseDb;
	const scope = editorScope(deps.roles);
	const { editableUnits, requireEdit, listScope } = scope;

	return {
		async list(
			ctx: UserContext,
			kind: ContentKind,
			filter: { q?: string; state?: PublicationState },
			locale: Locale,
			now = new Date()
		): Promise<EditorListItem[]> {
			const units = await listScope(ctx, kind, now);
			const def = KINDS[kind];
			let query = db.selectFrom(TABLE[kind]).selectAll();
			if (units) query = query.where(def.unitField!, 'in', units.length ? units : ['']);
			// Categories are listed in the order the public filters show them.
			if (def.scope) query = query.where(def.scope.column, '=', def.scope.value).orderBy('sort');
			const dateColumn = DATE_COLUMN[kind];
			query = dateColumn ? query.orderBy(dateColumn, 'desc') : query.orderBy(KEY_COLUMN[kind]);
			const rows: ContentRow[] = await query.limit(1000).execute();
			const q = filter.q?.trim().toLowerCase();
			return rows
				.map((row) => {
					const key = String(row[KEY_COLUMN[kind]]);
					const state = def.publishable ? stateOf(row, now) : null;
					return {
						key,
						title: titleOf(def, row, locale),
						state,
						missing: missingLocales(def, row),
						unitId: unitOf(kind, row),
						date: dateColumn ? String(row[dateColumn] ?? '') || null : null,
						path: def.path(def.key === 'slug' ? String(row.slug) : key),
						haystack: `${row.title_no ?? row.name_no ?? row.name ?? ''} ${row.title_en ?? row.name_en ?? ''} ${key}`
					};
				})
				.filter(
					(item) =>
						(!q || item.haystack.toLowerCase().includes(q)) &&
						(!filter.state || item.state === filter.state)
				)
				.map(({ haystack: _, ...item }) => item);
		},

		/** Whether the caller may add records of a kind; refused (thrown) otherwise. */
		async mayAdd(ctx: UserContext, kind: ContentKind, now = new Date()): Promise<true> {
			if (kind === 'units') await requireEdit(ctx, null, now);
			else await listScope(ctx, kind, now);
			return true;
		},

		async options(ctx: UserContext, locale: Locale, now = new Date()): Promise<EditorOptions> {
			const units = await editableUnits(ctx, now);
			// Fixed tables: read through the typed database.
			const [campuses, unitRows, products, eventCategories] = await Promise.all([
				deps.db.selectFrom('campuses').select(['id', 'name']).orderBy('sort').execute(),
				deps.db.selectFrom('units').selectAll().orderBy('sort').execute(),
				deps.db.selectFrom('products').selectAll().orderBy('slug').execute(),
				deps.db
					.selectFrom('categories')
					.selectAll()
					.where('kind', '=', 'event')
					.orderBy('sort')
					.orderBy('id')
					.execute()
			]);
			return {
				campuses: campuses.map((c) => ({ value: String(c.id), label: String(c.name) })),
				units: unitRows
					.filter((u) => !units || units.includes(String(u.id)))
					.map((u) => ({ value: String(u.id), label: pickLocalized(u, 'name', locale).text })),
				products: products.map((p) => ({
					value: String(p.id),
					label: pickLocalized(p, 'name', locale).text
				})),
				eventCategories: eventCategories.map((c) => ({
					value: String(c.id),
					label: pickLocalized(c, 'name', locale).text
				}))
			};
		},

		async read(
			ctx: UserContext,
			kind: ContentKind,
			key: string,
			now = new Date()
		): Promise<EditorRecord> {
			const row = await storedRow(db, kind, key);
			await requireEdit(ctx, unitOf(kind, row), now);
			const def = KINDS[kind];
			return {
				kind,
				key,
				version: Number(row.version),
				values: formValuesOf(kind, row),
				state: def.publishable ? stateOf(row, now) : null,
				missing: missingLocales(def, row),
				path: def.path(def.key === 'slug' ? String(row.slug) : key),
				trail: await changeTrail(deps.db, await trail(deps.db, SUBJECT[kind], key), trailField),
				slugEditable: kind !== 'pages' || key.startsWith(POLICY),
				image: await imageShown(deps.db, row.image_file_id)
			};
		},

		/** The form's Markdown fields rendered as the public pages will show them. */
		preview(kind: ContentKind, form: FormValues): Record<string, string> {
			const out: Record<string, string> = {};
			for (const field of KINDS[kind].fields) {
				if (field.type !== 'markdown') continue;
				for (const locale of ['no', 'en'] as const) {
					const name = `${field.name}_${locale}`;
					out[name] = renderMarkdown((form[name] ?? '').slice(0, LIMITS.markdown));
				}
			}
			return out;
		},

		async create(
			ctx: UserContext,
			kind: ContentKind,
			form: FormValues,
			now = new Date(),
			upload: ImageUpload | null = null
		): Promise<SaveResult> {
			return createRecord(deps, scope, ctx, kind, form, now, upload);
		},

		async update(
			ctx: UserContext,
			kind: ContentKind,
			key: string,
			version: number,
			form: FormValues,
			now = new Date(),
			upload: ImageUpload | null = null
		): Promise<SaveResult> {
			return updateRecord(deps, scope, ctx, kind, key, version, form, now, upload);
		},

		async remove(
			ctx: UserContext,
			kind: ContentKind,
			key: string,
			version: number,
			now = new Date()
		): Promise<RemoveResult> {
			return removeRecord(deps, scope, ctx, kind, key, version, now);
		}
	};
}

export type ContentEditor = ReturnType<typeof contentEditor>;
