// Saving a record from its form: a new one (its address made from its title, the next free one
// when two are made at once) or a change under the version its form was made on (a new address
// leaves a redirect from the old); with its image, its audit entry, in one transaction.
import type { Kysely } from 'kysely';
import { KINDS } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import { firstFreeSlug, slugify } from '$lib/slug';
import { recordChange } from '../../audit';
import type { UserContext } from '../../context';
import type { Database, Db } from '../../db';
import { isUniqueViolation } from '../../db/dialect';
import { versioned } from '../../db/versioned';
import type { FilesService } from '../../files';
import type { RolesService } from '../../identity/roles';
import { eventChanged, type EventRow } from '../../notifications/senders';
import { imageColumns, withImage, type ImageUpload } from '../images';
import { publicationState } from '../visibility';
import { checkChoices } from './choices';
import { englishSlugFor, moveAddress, slugTaken } from './addresses';
import type { FormErrors, FormValues } from './form-values';
import { parseForm, publicationColumns, type ParsedForm } from './parse-form';
import { unitOf, type EditorScope } from './scope';
import {
	KEY_COLUMN,
	POLICY,
	SUBJECT,
	TABLE,
	findRow,
	storedRow,
	snapshot,
	type Columns,
	type ContentRow,
	type LooseDb
} from './tables';

export interface EditorDeps {
	db: Db;
	roles: Pick<RolesService, 'require' | 'rolesOf'>;
	files: Pick<FilesService, 'accept' | 'delete'>;
}

export type SaveResult = { ok: true; key: string } | { ok: false; errors: FormErrors };
type Saved = Extract<SaveResult, { ok: true }>;
type Unsaved = Extract<SaveResult, { ok: false }>;

async function insertNew(
	db: LooseDb,
	actor: string,
	kind: ContentKind,
	parsed: ParsedForm,
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
		const row: Columns = {
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

export async function createRecord(
	deps: EditorDeps,
	scope: EditorScope,
	ctx: UserContext,
	kind: ContentKind,
	form: FormValues,
	now: Date,
	upload: ImageUpload | null
): Promise<SaveResult> {
	const db = deps.db as unknown as LooseDb;
	const parsed = parseForm(kind, form, now);
	// Units are added by admins; a leader adds to their own unit (a wrong one is a form error).
	let allowed: string[] | null = null;
	if (kind === 'units') await scope.requireEdit(ctx, null, now);
	else allowed = await scope.listScope(ctx, kind, now);
	// Checked before the transaction: on SQLite, a read outside it would wait for it to end.
	const errors = { ...parsed.errors };
	await checkChoices(db, kind, parsed.columns, errors, allowed);
	if (KINDS[kind].image) imageColumns(false, form, upload, parsed.columns, errors);
	if (Object.keys(errors).length > 0) return { ok: false, errors };
	const user = await scope.requireEdit(
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
					return await insertNew(db, user.id, kind, parsed, now);
				} catch (error) {
					if (!isUniqueViolation(error) || attempt >= 3) throw error;
				}
			}
		}
	);
}

/**
 * Those registered for an event hear of a new time or place, or of its cancellation when the change
 * takes it off the public site; written in the change's transaction (notifications/senders.ts).
 */
async function noticeEventChange(trx: LooseDb, before: ContentRow, changes: Columns, now: Date) {
	const after = { ...before, ...changes };
	const shown = (row: ContentRow) =>
		publicationState(row as { draft: number; published_at: string | null }, now) === 'published';
	const cancelled = shown(before) && !shown(after);
	await eventChanged(
		trx as unknown as Kysely<Database>,
		before as unknown as EventRow,
		cancelled ? null : (after as unknown as EventRow),
		Number(before.version) + 1,
		now
	);
}

export async function updateRecord(
	deps: EditorDeps,
	scope: EditorScope,
	ctx: UserContext,
	kind: ContentKind,
	key: string,
	version: number,
	form: FormValues,
	now: Date,
	upload: ImageUpload | null
): Promise<SaveResult> {
	const db = deps.db as unknown as LooseDb;
	const current = await storedRow(db, kind, key);
	const user = await scope.requireEdit(ctx, unitOf(kind, current), now);
	const parsed = parseForm(kind, form, now);
	const allowed = await scope.editableUnits(ctx, now);
	const errors = { ...parsed.errors };
	// Checked before the transaction: on SQLite, a read outside it would wait for it to end.
	await checkChoices(db, kind, parsed.columns, errors, allowed);
	if (KINDS[kind].image) {
		imageColumns(typeof current.image_file_id === 'string', form, upload, parsed.columns, errors);
	}
	if (Object.keys(errors).length > 0) return { ok: false, errors };
	// Moving a record to another unit needs the right to edit that unit's content too.
	if (kind !== 'units') await scope.requireEdit(ctx, unitOf(kind, parsed.columns), now);
	const oldImage = typeof current.image_file_id === 'string' ? current.image_file_id : null;
	const saved = await withImage(
		deps.files,
		upload,
		{ ownerId: user.id, replaced: oldImage },
		parsed.columns,
		() =>
			versioned<Record<string, ContentRow>, ContentRow, Saved, Unsaved>(db, {
				table: TABLE[kind],
				key: { column: KEY_COLUMN[kind], value: key },
				version,
				read: (trx) => findRow(trx, kind, key),
				change: async (trx, before) => {
					const def = KINDS[kind];
					const changes: Columns = {
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
					if (kind === 'events') await noticeEventChange(trx, before, changes, now);
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
}
