// The admin's side of content: events, news, jobs, projects, units, pages and campuses, read and
// written as the form shows them (content-fields.ts). Who is on a unit's team is not content: the
// team roles say it (identity/, the team pages). Every write checks the
// caller in the roles module (admins anything, a unit's leaders what belongs to their unit), checks
// the record's version (two people saving one record: the second is told), and writes its audit
// entry with before and after in the same transaction. The public side reads the same tables
// (sql.ts); a write reaches every page, the search, the feeds and the assistant at once through
// the database's change feed.
import type { Kysely } from 'kysely';
import { KINDS, formNames, type FieldDef, type KindDef } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import type { Locale } from '$lib/i18n';
import { changeTrail } from '../admin/change-trail';
import type { TrailEntry } from '../audit/trail-entry';
import { recordChange, trail } from '../audit';
import type { UserContext } from '../context';
import type { Database, Db } from '../db';
import { isUniqueViolation } from '../db/dialect';
import { versioned } from '../db/versioned';
import type { FilesService } from '../files';
import { Forbidden, NotFound } from '../errors';
import { signedIn, type RolesService } from '../identity/roles';
import { pickLocalized, type LocalizedText } from './localize';
import { renderMarkdown } from './markdown';
import { imageColumns, imageShown, withImage, type ImageUpload } from './images';
import { fieldSchema, issueCode, publicationSchema } from './form-schema';
import { toOsloInput } from './oslo-time';
import { firstFreeSlug, slugify } from '$lib/slug';
import { publicationState, type PublicationState } from './visibility';
import { trailField } from './words';

type Row = Record<string, unknown>;
// Tables are chosen by kind at run time; the rows go through untyped.
type AnyDb = Kysely<Record<string, Row>>;

/** Form values as the form holds them: text, one per form field. */
export type FormValues = Record<string, string>;
/** What was wrong, per form field: a code the page words (admin_error_<code>). */
export type FormErrors = Record<string, string>;

export type Publication = 'draft' | 'published' | 'scheduled';

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

export type SaveResult = { ok: true; key: string } | { ok: false; errors: FormErrors };
type Saved = Extract<SaveResult, { ok: true }>;
type Unsaved = Extract<SaveResult, { ok: false }>;
type Referenced = { ok: false; reason: 'referenced' };

export type { ImageUpload } from './images';

const TABLE: Record<ContentKind, string> = {
	events: 'events',
	news: 'news',
	jobs: 'jobs',
	projects: 'projects',
	units: 'units',
	pages: 'pages',
	campuses: 'campuses',
	'event-categories': 'categories',
	'product-categories': 'categories'
};
/** The audit log's name for a record of each kind. */
const SUBJECT: Record<ContentKind, string> = {
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
const KEY_COLUMN: Record<ContentKind, string> = {
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
const DATE_COLUMN: Partial<Record<ContentKind, string>> = {
	events: 'starts_at',
	news: 'published_at',
	jobs: 'deadline',
	projects: 'started_at'
};
/** Pages live at fixed addresses (routes); only policies may be added, renamed or removed. */
const POLICY = 'policies/';
/** What else points at a record of a kind: its removal is refused while any does. */
const REFERENCES: Partial<Record<ContentKind, { table: string; column: string }[]>> = {
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

const LIMITS: Partial<Record<FieldDef['type'], number>> = {
	line: 200,
	text: 2000,
	markdown: 50_000,
	url: 500
};

const localizedKeys = (def: KindDef) => def.fields.filter((f) => f.localized).map((f) => f.name);

function missingLocales(def: KindDef, row: Row): Locale[] {
	const missing = new Set<Locale>();
	for (const name of localizedKeys(def)) {
		const no = String(row[`${name}_no`] ?? '').trim();
		const en = String(row[`${name}_en`] ?? '').trim();
		if (no && !en) missing.add('en');
		if (en && !no) missing.add('no');
	}
	return [...missing];
}

function titleOf(def: KindDef, row: Row, locale: Locale): LocalizedText {
	const field = def.fields.find((f) => f.name === def.titleField);
	if (field?.localized) return pickLocalized(row, def.titleField, locale);
	return { text: String(row[def.titleField] ?? ''), locale, isFallback: false };
}

/** A stored value as the form shows it. */
function toForm(field: FieldDef, value: unknown): string {
	if (value === null || value === undefined) return '';
	switch (field.type) {
		case 'datetime':
			return toOsloInput(String(value));
		case 'date':
			return String(value).slice(0, 10);
		case 'money': {
			const ore = Number(value);
			return ore % 100 === 0 ? String(ore / 100) : (ore / 100).toFixed(2);
		}
		default:
			return String(value);
	}
}

function formValuesOf(kind: ContentKind, row: Row): FormValues {
	const def = KINDS[kind];
	const values: FormValues = {};
	for (const field of def.fields) {
		if (field.localized) {
			values[`${field.name}_no`] = toForm(field, row[`${field.name}_no`]);
			values[`${field.name}_en`] = toForm(field, row[`${field.name}_en`]);
		} else {
			values[field.name] = toForm(field, row[field.name]);
		}
	}
	if (def.image) {
		values.image_alt_no = String(row.image_alt_no ?? '');
		values.image_alt_en = String(row.image_alt_en ?? '');
	}
	if (kind === 'pages') {
		// A policy's address is shown without its folder; other pages' addresses are fixed.
		const path = String(row.slug);
		values.slug = path.startsWith(POLICY) ? path.slice(POLICY.length) : '';
	}
	if (def.publishable) {
		const state = publicationState(
			row as { draft: number; published_at: string | null },
			new Date()
		);
		values.publication = state;
		values.publish_at =
			state === 'scheduled' && row.published_at ? toOsloInput(String(row.published_at)) : '';
	}
	return values;
}

/** The form's values checked and turned into columns, or what is wrong with them. */
export function parseForm(
	kind: ContentKind,
	form: FormValues,
	now: Date
): { columns: Row; publication: Publication | null; publishAt: string | null; errors: FormErrors } {
	const def = KINDS[kind];
	const errors: FormErrors = {};
	const columns: Row = {};
	for (const field of def.fields) {
		const names = field.localized ? [`${field.name}_no`, `${field.name}_en`] : [field.name];
		const schema = fieldSchema(field);
		for (const name of names) {
			const parsed = schema.safeParse(form[name]);
			if (parsed.success) columns[name] = parsed.data;
			else errors[name] = issueCode(parsed.error).code;
		}
		if (field.localized && field.required && field.bothLocales) {
			for (const name of names) if (columns[name] === '') errors[name] ??= 'required';
		} else if (field.localized && field.required && names.every((n) => columns[n] === '')) {
			errors[names[0]!] ??= 'required_one_locale';
		}
	}
	if (
		kind === 'events' &&
		typeof columns.starts_at === 'string' &&
		typeof columns.ends_at === 'string' &&
		columns.ends_at < columns.starts_at
	) {
		errors.ends_at = 'ends_before_start';
	}

	let publication: Publication | null = null;
	let publishAt: string | null = null;
	if (def.publishable) {
		const parsed = publicationSchema(now).safeParse(form);
		if (parsed.success) ({ publication, publishAt } = parsed.data);
		else {
			const { path, code } = issueCode(parsed.error);
			errors[path ?? 'publication'] = code;
		}
	}
	return { columns, publication, publishAt, errors };
}

export function contentEditor(deps: {
	db: Db;
	roles: Pick<RolesService, 'require' | 'rolesOf'>;
	files: Pick<FilesService, 'accept' | 'delete'>;
}) {
	const db = deps.db as unknown as AnyDb;

	/** The units whose content the caller may edit; null: all (an admin). */
	async function editableUnits(ctx: UserContext, now: Date): Promise<string[] | null> {
		const mine = await deps.roles.rolesOf(ctx, now);
		if (mine.admin) return null;
		return mine.units.filter((u) => u.role === 'leader').map((u) => u.unitId);
	}

	/** The unit that owns a record (or a record about to be), for the role check. */
	function unitOf(kind: ContentKind, row: Row): string | null {
		const field = KINDS[kind].unitField;
		if (!field) return null;
		const value = row[field];
		return typeof value === 'string' && value !== '' ? value : null;
	}

	async function requireEdit(ctx: UserContext, unitId: string | null, now: Date) {
		return deps.roles.require(ctx, { action: 'edit-content', unitId }, now);
	}

	/**
	 * Which records of a kind the caller may list or add: all (null) for an admin, their units'
	 * for a unit's leader where the kind belongs to units; anyone else is refused.
	 */
	async function listScope(ctx: UserContext, kind: ContentKind, now: Date) {
		signedIn(ctx);
		const units = await editableUnits(ctx, now);
		if (units === null) return null;
		if (!KINDS[kind].unitField || units.length === 0) {
			throw new Forbidden('Forbidden', 'forbidden');
		}
		return units;
	}

	async function findRow(trx: AnyDb, kind: ContentKind, key: string): Promise<Row | undefined> {
		const scope = KINDS[kind].scope;
		let query = trx.selectFrom(TABLE[kind]).selectAll().where(KEY_COLUMN[kind], '=', key);
		if (scope) query = query.where(scope.column, '=', scope.value);
		return query.executeTakeFirst();
	}

	/** Checks the select fields' values exist; a leader may only give their own unit. */
	async function checkChoices(
		trx: AnyDb,
		kind: ContentKind,
		columns: Row,
		errors: FormErrors,
		allowedUnits: string[] | null
	) {
		const exists = async (table: string, id: unknown, kindOf?: string) => {
			let query = trx.selectFrom(table).select('id').where('id', '=', id);
			if (kindOf) query = query.where('kind', '=', kindOf);
			return !!(await query.executeTakeFirst());
		};
		for (const field of KINDS[kind].fields) {
			if (field.type !== 'select' || columns[field.name] === null) continue;
			const value = columns[field.name];
			const ok =
				field.options === 'projectStatus'
					? value === 'active' || value === 'completed'
					: field.options === 'eventCategories'
						? await exists('categories', value, 'event')
						: await exists(
								field.options === 'campuses'
									? 'campuses'
									: field.options === 'units'
										? 'units'
										: 'products',
								value
							);
			if (!ok) errors[field.name] = 'unknown_choice';
		}
		const unitField = KINDS[kind].unitField;
		if (allowedUnits && unitField && unitField !== 'id') {
			const unit = columns[unitField];
			if (typeof unit !== 'string' || !allowedUnits.includes(unit)) {
				errors[unitField] = 'not_your_unit';
			}
		}
	}

	/**
	 * Whether an address is another record's, now or before (an old address keeps leading to its
	 * record). `own` is the asking record's current address: its own old ones it may take back.
	 */
	async function slugTaken(trx: AnyDb, kind: ContentKind, slug: string, own?: string) {
		const column = kind === 'pages' || KINDS[kind].key === 'slug' ? 'slug' : 'id';
		let redirects = trx
			.selectFrom('slug_redirects')
			.select('slug')
			.where('kind', '=', kind)
			.where('slug', '=', slug);
		if (own !== undefined) redirects = redirects.where('target', '!=', own);
		const [taken, old, english] = await Promise.all([
			trx.selectFrom(TABLE[kind]).select(column).where(column, '=', slug).executeTakeFirst(),
			redirects.executeTakeFirst(),
			// An English address is an address too, in the same space as the keys.
			KINDS[kind].englishSlug
				? trx
						.selectFrom(TABLE[kind])
						.select('slug_en')
						.where('slug_en', '=', slug)
						.executeTakeFirst()
				: undefined
		]);
		return !!taken || !!old || !!english;
	}

	/**
	 * The English address a record gets from its English title, once: null when it has one
	 * already, has no English title, or its title makes the same address as its key.
	 */
	async function englishSlugFor(trx: AnyDb, kind: ContentKind, key: string, row: Row) {
		if (!KINDS[kind].englishSlug || typeof row.slug_en === 'string') return null;
		const base = slugify(String(row.title_en ?? ''));
		if (base === '' || base === key) return null;
		return firstFreeSlug(base, (c) => slugTaken(trx, kind, c));
	}

	function publicationColumns(
		kind: ContentKind,
		publication: Publication | null,
		publishAt: string | null,
		before: Row | undefined,
		now: Date
	): Row {
		if (!KINDS[kind].publishable || !publication) return {};
		const nowIso = now.toISOString();
		if (kind === 'news') {
			// A news item's publication time is also the date it shows.
			const kept = typeof before?.published_at === 'string' ? before.published_at : null;
			const at =
				publication === 'scheduled'
					? publishAt
					: kept && (publication === 'draft' || kept <= nowIso)
						? kept
						: nowIso;
			return { draft: publication === 'draft' ? 1 : 0, published_at: at };
		}
		return {
			draft: publication === 'draft' ? 1 : 0,
			published_at: publication === 'scheduled' ? publishAt : null
		};
	}

	function snapshot(kind: ContentKind, row: Row): Row {
		const keep = [
			...formNames(KINDS[kind]),
			KEY_COLUMN[kind],
			'draft',
			'published_at',
			'image_file_id'
		];
		return Object.fromEntries(Object.entries(row).filter(([k]) => keep.includes(k)));
	}

	async function insertNew(
		actor: string,
		kind: ContentKind,
		parsed: ReturnType<typeof parseForm>,
		now: Date
	): Promise<SaveResult> {
		return db.transaction().execute(async (trx) => {
			const def = KINDS[kind];
			const title =
				String(parsed.columns[`${def.titleField}_no`] ?? '') ||
				String(parsed.columns[`${def.titleField}_en`] ?? '') ||
				String(parsed.columns[def.titleField] ?? '');
			const wanted =
				typeof parsed.columns.slug === 'string' ? parsed.columns.slug : slugify(title) || 'item';
			const base = kind === 'pages' ? `${POLICY}${wanted}` : wanted;
			if (typeof parsed.columns.slug === 'string' && (await slugTaken(trx, kind, base))) {
				return { ok: false as const, errors: { slug: 'slug_taken' } };
			}
			const key = await firstFreeSlug(base, (c) => slugTaken(trx, kind, c));
			const row: Row = {
				...parsed.columns,
				...publicationColumns(kind, parsed.publication, parsed.publishAt, undefined, now)
			};
			const scope = def.scope;
			if (scope) row[scope.column] = scope.value;
			if (kind === 'pages') row.slug = key;
			else {
				row.id = key;
				if (def.key === 'slug') row.slug = key;
			}
			if (kind === 'news' && !row.published_at) row.published_at = now.toISOString();
			const english = await englishSlugFor(trx, kind, key, row);
			if (english) row.slug_en = english;
			await trx.insertInto(TABLE[kind]).values(row).execute();
			await recordChange(trx as unknown as Kysely<Database>, {
				actor,
				subjectType: SUBJECT[kind],
				subjectId: key,
				action: 'create',
				before: null,
				after: snapshot(kind, row),
				at: now
			});
			return { ok: true as const, key };
		});
	}

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
			const rows = await query.limit(1000).execute();
			const q = filter.q?.trim().toLowerCase();
			return rows
				.map((row) => {
					const key = String(row[KEY_COLUMN[kind]]);
					const state = def.publishable
						? publicationState(row as { draft: number; published_at: string | null }, now)
						: null;
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
			const [campuses, unitRows, products, eventCategories] = await Promise.all([
				db.selectFrom('campuses').select(['id', 'name']).orderBy('sort').execute(),
				db.selectFrom('units').selectAll().orderBy('sort').execute(),
				db.selectFrom('products').selectAll().orderBy('slug').execute(),
				db
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
			const row = await findRow(db, kind, key);
			if (!row) throw new NotFound('Not found');
			await requireEdit(ctx, unitOf(kind, row), now);
			const def = KINDS[kind];
			return {
				kind,
				key,
				version: Number(row.version),
				values: formValuesOf(kind, row),
				state: def.publishable
					? publicationState(row as { draft: number; published_at: string | null }, now)
					: null,
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
			const parsed = parseForm(kind, form, now);
			// Units are added by admins; a leader adds to their own unit (a wrong one is a form error).
			let allowed: string[] | null = null;
			if (kind === 'units') await requireEdit(ctx, null, now);
			else allowed = await listScope(ctx, kind, now);
			// Checked before the transaction: on SQLite, a read outside it would wait for it to end.
			const errors = { ...parsed.errors };
			await checkChoices(db, kind, parsed.columns, errors, allowed);
			if (KINDS[kind].image) imageColumns(false, form, upload, parsed.columns, errors);
			if (Object.keys(errors).length > 0) return { ok: false, errors };
			const user = await requireEdit(
				ctx,
				kind === 'units' ? null : unitOf(kind, parsed.columns),
				now
			);
			return withImage(
				deps.files,
				upload,
				{ ownerId: user.id, replaced: null },
				parsed.columns,
				async () => {
					// Two records made at once with one title: the second takes the next free address.
					for (let attempt = 1; ; attempt++) {
						try {
							return await insertNew(user.id, kind, parsed, now);
						} catch (error) {
							if (!isUniqueViolation(error) || attempt >= 3) throw error;
						}
					}
				}
			);
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
			const current = await findRow(db, kind, key);
			if (!current) throw new NotFound('Not found');
			const user = await requireEdit(ctx, unitOf(kind, current), now);
			const parsed = parseForm(kind, form, now);
			const allowed = await editableUnits(ctx, now);
			const errors = { ...parsed.errors };
			// Checked before the transaction: on SQLite, a read outside it would wait for it to end.
			await checkChoices(db, kind, parsed.columns, errors, allowed);
			if (KINDS[kind].image) {
				imageColumns(
					typeof current.image_file_id === 'string',
					form,
					upload,
					parsed.columns,
					errors
				);
			}
			if (Object.keys(errors).length > 0) return { ok: false, errors };
			// Moving a record to another unit needs the right to edit that unit's content too.
			if (kind !== 'units') await requireEdit(ctx, unitOf(kind, parsed.columns), now);
			const oldImage = typeof current.image_file_id === 'string' ? current.image_file_id : null;
			const saved = await withImage(
				deps.files,
				upload,
				{ ownerId: user.id, replaced: oldImage },
				parsed.columns,
				() =>
					versioned<Record<string, Row>, Row, Saved, Unsaved>(db, {
						table: TABLE[kind],
						key: { column: KEY_COLUMN[kind], value: key },
						version,
						read: (trx) => findRow(trx, kind, key),
						change: async (trx, before) => {
							const def = KINDS[kind];
							const changes: Row = {
								...parsed.columns,
								...publicationColumns(kind, parsed.publication, parsed.publishAt, before, now)
							};
							// The address: kept when left blank; a new one leaves a redirect from the old.
							if (def.key === 'slug') {
								const slugEditable = kind !== 'pages' || key.startsWith(POLICY);
								const oldSlug = String(before.slug);
								let wanted = typeof changes.slug === 'string' ? changes.slug : oldSlug;
								if (kind === 'pages' && wanted !== oldSlug) {
									wanted = `${POLICY}${wanted.replace(/^policies\//, '')}`;
								}
								if (!slugEditable || wanted === oldSlug) changes.slug = oldSlug;
								else if (await slugTaken(trx, kind, wanted, oldSlug)) errors.slug = 'slug_taken';
								else changes.slug = wanted;
							}
							if (Object.keys(errors).length > 0) return { refused: { ok: false, errors } };
							// Translated later: the English address comes with the English title.
							const english = await englishSlugFor(trx, kind, key, { ...before, ...changes });
							if (english) changes.slug_en = english;
							if (def.key === 'slug' && changes.slug !== before.slug) {
								await moveAddress(trx, kind, String(before.slug), String(changes.slug), now);
							}
							const newKey = kind === 'pages' ? String(changes.slug) : key;
							return { set: changes, done: { ok: true, key: newKey } };
						},
						audit: async (trx, before, done) =>
							recordChange(trx as unknown as Kysely<Database>, {
								actor: user.id,
								subjectType: SUBJECT[kind],
								subjectId: key,
								action: 'update',
								before: snapshot(kind, before),
								after: snapshot(kind, (await findRow(trx, kind, done.key)) ?? {}),
								at: now
							})
					})
			);
			return saved;
		},

		async remove(
			ctx: UserContext,
			kind: ContentKind,
			key: string,
			version: number,
			now = new Date()
		): Promise<{ ok: true } | { ok: false; reason: 'referenced' | 'fixed_page' }> {
			const current = await findRow(db, kind, key);
			if (!current) throw new NotFound('Not found');
			const user = await requireEdit(ctx, kind === 'units' ? null : unitOf(kind, current), now);
			if (kind === 'pages' && !key.startsWith(POLICY)) return { ok: false, reason: 'fixed_page' };
			const removed = await versioned<Record<string, Row>, Row, { ok: true }, Referenced>(db, {
				table: TABLE[kind],
				key: { column: KEY_COLUMN[kind], value: key },
				version,
				read: (trx) => findRow(trx, kind, key),
				change: async (trx) => {
					for (const ref of REFERENCES[kind] ?? []) {
						const used = await trx
							.selectFrom(ref.table)
							.select(ref.column)
							.where(ref.column, '=', key)
							.executeTakeFirst();
						if (used) return { refused: { ok: false, reason: 'referenced' } };
					}
					await trx
						.deleteFrom('slug_redirects')
						.where('kind', '=', kind)
						.where('target', '=', key)
						.execute();
					return { remove: true, done: { ok: true } };
				},
				audit: (trx, before) =>
					recordChange(trx as unknown as Kysely<Database>, {
						actor: user.id,
						subjectType: SUBJECT[kind],
						subjectId: key,
						action: 'delete',
						before: snapshot(kind, before),
						after: null,
						at: now
					})
			});
			if (removed.ok && typeof current.image_file_id === 'string') {
				await deps.files.delete(current.image_file_id);
			}
			return removed;
		}
	};
}

/**
 * A renamed record's old address leads to the new one, as do the addresses that led to the old;
 * an address taken back by its record stops redirecting.
 */
async function moveAddress(trx: AnyDb, kind: ContentKind, from: string, to: string, now: Date) {
	await trx.deleteFrom('slug_redirects').where('kind', '=', kind).where('slug', '=', to).execute();
	await trx
		.updateTable('slug_redirects')
		.set({ target: to })
		.where('kind', '=', kind)
		.where('target', '=', from)
		.execute();
	await trx
		.insertInto('slug_redirects')
		.values({ kind, slug: from, target: to, created_at: now.toISOString() })
		.execute();
}

export type ContentEditor = ReturnType<typeof contentEditor>;
