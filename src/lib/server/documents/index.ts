// Documents given to the assistant: an uploaded file (files port, purpose 'document') read into
// text, cut into passages and kept in the database, so that the assistant's index is rebuilt from
// rows after a restart. Admins manage every document, a unit's leaders their unit's (roles.ts,
// manage-documents); every addition and removal is in the audit log. These tables are not in
// db/private-tables.ts on purpose: a write to them tells the site its content changed, which is
// what refreshes the assistant's index.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { record } from '../audit';
import type { UserContext } from '../context';
import { unitExists } from '../content/sql/units';
import type { Db } from '../db';
import type { DocumentsTable } from '../db/schema';
import { DOCUMENT_MIME_TYPES, type DocumentType, type FilesService } from '../files';
import { Forbidden } from '../errors';
import { signedIn, type RolesService } from '../identity/roles';
import { extractText } from './extract';
import { DEFAULT_PASSAGE_SIZES, splitPassages, type PassageSizes } from './passages';
import {
	DEFAULT_EXTRACT_LIMITS,
	ExtractRefused,
	type ExtractLimits,
	type ExtractRefusalCode
} from './types';

export { extractText } from './extract';
export { splitPassages, type Passage } from './passages';
export { ExtractRefused, EXTRACT_REFUSALS, type ExtractRefusalCode } from './types';

const SUBJECT = 'document';
const MAX_TITLE = 200;
/** Rows per INSERT: PostgreSQL takes at most 65 535 parameters in one statement. */
const INSERT_CHUNK = 500;

export const AddDocumentSchema = z.object({
	fileId: z.string().min(1),
	title: z.string().trim().max(MAX_TITLE).optional(),
	unitId: z.string().min(1).nullish(),
	/** The language the document answers in; null or absent: both. */
	locale: z.enum(['no', 'en']).nullish()
});
export type AddDocumentInput = z.input<typeof AddDocumentSchema>;

export type DocumentRefusal =
	| ExtractRefusalCode
	| 'invalid'
	/** No such file, not a document upload, or not the caller's own upload. */
	| 'file_not_found'
	| 'unit_not_found';

export interface DocumentSummary {
	id: string;
	fileId: string;
	title: string;
	locale: 'no' | 'en' | null;
	unitId: string | null;
	uploadedBy: string;
	characters: number;
	passages: number;
	createdAt: string;
	/** Where the document's file is downloaded (a route the lead serves through the files port). */
	url: string;
}

/** One passage as the assistant's index takes it (IndexDoc of assistant/). */
export interface DocumentIndexDoc {
	id: string;
	kind: 'document';
	locale: 'no' | 'en';
	title: string;
	url: string;
	text: string;
	date?: string;
}

/** The download address of a document, the same for every passage of it. */
export const documentUrl = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

export interface DocumentsDeps {
	db: Db;
	files: FilesService;
	roles: RolesService;
	limits?: ExtractLimits;
	passageSizes?: PassageSizes;
	now?: () => Date;
}

const TYPE_OF_MIME = Object.fromEntries(
	Object.entries(DOCUMENT_MIME_TYPES).map(([type, mime]) => [mime, type])
) as Record<string, DocumentType>;

export function documentsService(deps: DocumentsDeps) {
	const { db, files, roles } = deps;
	const now = deps.now ?? (() => new Date());

	async function documentOf(fileId: string): Promise<boolean> {
		const row = await db
			.selectFrom('documents')
			.select('id')
			.where('file_id', '=', fileId)
			.executeTakeFirst();
		return row !== undefined;
	}

	async function refuse(fileId: string, reason: DocumentRefusal) {
		// The upload was made for this document only; without the document it is kept for nothing.
		await files.delete(fileId);
		return { ok: false as const, reason };
	}

	return {
		/**
		 * Reads the caller's uploaded document `fileId`, cuts it into passages and keeps all of it
		 * in one transaction. NotSignedIn/Forbidden when the caller may not manage the unit's (or
		 * the organisation's) documents; a refusal (the upload is then deleted) when its text
		 * cannot be taken.
		 */
		async add(
			ctx: UserContext,
			input: AddDocumentInput
		): Promise<{ ok: true; document: DocumentSummary } | { ok: false; reason: DocumentRefusal }> {
			const parsed = AddDocumentSchema.safeParse(input);
			if (!parsed.success) return { ok: false, reason: 'invalid' };
			const { fileId, unitId = null, locale = null } = parsed.data;
			const user = await roles.require(ctx, { action: 'manage-documents', unitId });
			if (unitId && !(await unitExists(db, unitId))) return { ok: false, reason: 'unit_not_found' };
			const served = await files.read(fileId, { readerId: user.id });
			const type = served ? TYPE_OF_MIME[served.file.mimeType] : undefined;
			if (!served || !type || served.file.purpose !== 'document' || (await documentOf(fileId))) {
				return { ok: false, reason: 'file_not_found' };
			}
			let extracted;
			try {
				extracted = await extractText(type, served.body, deps.limits ?? DEFAULT_EXTRACT_LIMITS);
			} catch (error) {
				if (error instanceof ExtractRefused) return refuse(fileId, error.code);
				throw error;
			}
			const passages = splitPassages(extracted.blocks, deps.passageSizes ?? DEFAULT_PASSAGE_SIZES);
			const title = [parsed.data.title, extracted.title, stem(served.file.originalName)]
				.find((t) => t && t.trim())!
				.trim()
				.slice(0, MAX_TITLE);
			const id = randomUUID();
			const createdAt = now().toISOString();
			try {
				await db.transaction().execute(async (trx) => {
					await trx
						.insertInto('documents')
						.values({
							id,
							file_id: fileId,
							title,
							locale,
							unit_id: unitId,
							uploaded_by: user.id,
							characters: extracted.characters,
							passage_count: passages.length,
							created_at: createdAt
						})
						.execute();
					for (let at = 0; at < passages.length; at += INSERT_CHUNK) {
						await trx
							.insertInto('document_passages')
							.values(
								passages.slice(at, at + INSERT_CHUNK).map((p) => ({
									document_id: id,
									position: p.position,
									heading: p.heading,
									text: p.text
								}))
							)
							.execute();
					}
					await record(trx, {
						actor: user.id,
						subjectType: SUBJECT,
						subjectId: id,
						action: 'add',
						details: { title, fileId, unitId, locale, passages: passages.length }
					});
				});
			} catch (error) {
				// Unless the same upload became a document meanwhile (a second add of it), the
				// upload is of no use without its document.
				if (!(await documentOf(fileId).catch(() => true)))
					await files.delete(fileId).catch(() => {});
				throw error;
			}
			return {
				ok: true,
				document: {
					id,
					fileId,
					title,
					locale,
					unitId,
					uploadedBy: user.id,
					characters: extracted.characters,
					passages: passages.length,
					createdAt,
					url: documentUrl(id)
				}
			};
		},

		/** The documents the caller manages: all for an admin, their units' for a leader. */
		async list(ctx: UserContext): Promise<DocumentSummary[]> {
			signedIn(ctx);
			const mine = await roles.rolesOf(ctx);
			const led = mine.units.filter((u) => u.role === 'leader').map((u) => u.unitId);
			if (!mine.admin && led.length === 0) throw new Forbidden('Forbidden', 'forbidden');
			let query = db
				.selectFrom('documents')
				.selectAll()
				.orderBy('created_at', 'desc')
				.orderBy('id');
			if (!mine.admin) query = query.where('unit_id', 'in', led);
			return (await query.execute()).map(summary);
		},

		/** A document by id, for the download route (which decides who may read it), or null. */
		async find(id: string): Promise<DocumentSummary | null> {
			const row = await db
				.selectFrom('documents')
				.selectAll()
				.where('id', '=', id)
				.executeTakeFirst();
			return row ? summary(row) : null;
		},

		/**
		 * Takes a document out of the index at once (its rows) and deletes its file. False when
		 * there is no such document; Forbidden when the caller may not manage it.
		 */
		async remove(ctx: UserContext, id: string): Promise<boolean> {
			const user = signedIn(ctx);
			const row = await db
				.selectFrom('documents')
				.selectAll()
				.where('id', '=', id)
				.executeTakeFirst();
			if (!row) return false;
			await roles.require(ctx, { action: 'manage-documents', unitId: row.unit_id });
			const removed = await db.transaction().execute(async (trx) => {
				await trx.deleteFrom('document_passages').where('document_id', '=', id).execute();
				const gone = await trx.deleteFrom('documents').where('id', '=', id).executeTakeFirst();
				// Two removals at once: only the one that deleted the row records it.
				if (Number(gone.numDeletedRows) === 0) return false;
				await record(trx, {
					actor: user.id,
					subjectType: SUBJECT,
					subjectId: id,
					action: 'remove',
					details: { title: row.title, fileId: row.file_id, unitId: row.unit_id }
				});
				return true;
			});
			if (removed) await files.delete(row.file_id);
			return removed;
		},

		/** Every passage the assistant may use when answering in `locale`, in document order. */
		async passages(locale: 'no' | 'en'): Promise<DocumentIndexDoc[]> {
			const rows = await db
				.selectFrom('document_passages as p')
				.innerJoin('documents as d', 'd.id', 'p.document_id')
				.select(['d.id', 'd.title', 'd.created_at', 'p.position', 'p.heading', 'p.text'])
				.where((eb) => eb.or([eb('d.locale', 'is', null), eb('d.locale', '=', locale)]))
				.orderBy('d.id')
				.orderBy('p.position')
				.execute();
			return rows.map((r) => ({
				id: `document:${r.id}:${r.position}`,
				kind: 'document' as const,
				locale,
				title: r.heading && r.heading !== r.title ? `${r.title} – ${r.heading}` : r.title,
				url: documentUrl(r.id),
				text: r.text,
				date: r.created_at.slice(0, 10)
			}));
		}
	};
}

export type DocumentsService = ReturnType<typeof documentsService>;

/**
 * Document uploads that never became a document (the request that made them failed between the
 * upload and add), older than `hours`: the cleanup job deletes them as it does abandoned receipts.
 */
export async function abandonedDocumentUploads(db: Db, now: Date, hours = 24): Promise<string[]> {
	const cutoff = new Date(now.getTime() - hours * 3_600_000).toISOString();
	const rows = await db
		.selectFrom('files')
		.select('id')
		.where('purpose', '=', 'document')
		.where('created_at', '<', cutoff)
		.where(({ not, exists, selectFrom }) =>
			not(
				exists(
					selectFrom('documents')
						.select('documents.id')
						.whereRef('documents.file_id', '=', 'files.id')
				)
			)
		)
		.orderBy('id')
		.execute();
	return rows.map((r) => r.id);
}

function stem(name: string): string {
	const dot = name.lastIndexOf('.');
	return dot > 0 ? name.slice(0, dot) : name;
}

function summary(row: DocumentsTable): DocumentSummary {
	return {
		id: row.id,
		fileId: row.file_id,
		title: row.title,
		locale: row.locale === 'no' || row.locale === 'en' ? row.locale : null,
		unitId: row.unit_id,
		uploadedBy: row.uploaded_by,
		characters: row.characters,
		passages: row.passage_count,
		createdAt: row.created_at,
		url: documentUrl(row.id)
	};
}
