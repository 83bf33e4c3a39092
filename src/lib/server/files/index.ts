// The files port: the one place every upload goes through (receipts, admin images, job
// applications, assistant documents). accept() decides the type from the bytes, refuses what is
// not safe to keep, normalises images and stores the result; read() hands the bytes back only to
// a reader the caller allows, with the headers a route serves them with.
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db';
import type { FilesTable, FileVariantsTable } from '../db/schema';
import { contentDisposition, sanitiseFileName, withExtension } from './disposition';
import {
	DEFAULT_IMAGE_LIMITS,
	normaliseImage,
	responsiveVariants,
	type ImageLimits,
	type VariantFormat
} from './images';
import {
	DOCUMENT_EXTENSIONS,
	DOCUMENT_MIME_TYPES,
	sniffDocument,
	type DocumentType
} from './document-type';
import { checkDocxLimits } from './docx-limits';
import { rebuildPdf, type RebuildRefusal } from './pdf-rebuild';
import { checkPdf } from './pdf-safety';
import { sniff } from './sniff';
import type { FileStorage } from './storage';
import { FileRefused, type FilePurpose, type StoredFile } from './types';

export { FileRefused, REFUSAL_CODES, type RefusalCode, type StoredFile } from './types';
export { localDiskStorage, type FileStorage } from './storage';
export { DOCUMENT_MIME_TYPES, type DocumentType } from './document-type';
export { FILE_LIMITS } from './limits';

export interface FilesOptions {
	/** The largest upload accepted, in bytes (FILES_MAX_BYTES). */
	maxBytes: number;
	images?: ImageLimits;
}

export interface AcceptInput {
	ownerId: string;
	purpose: FilePurpose;
	bytes: Buffer;
	/** As the client sent it; kept sanitised for Content-Disposition only. */
	name?: string | null;
}

/** Who asks to read a file, and whether the caller lets anyone besides the owner read it. */
export interface ReadRequest {
	readerId: string | null;
	/**
	 * E.g. "an approver of the claim this receipt belongs to"; the owner may always read. Without
	 * a reader (a visitor), only what this allows is read (a document the assistant cites).
	 */
	mayRead?: (file: StoredFile) => boolean | Promise<boolean>;
	variant?: 'file' | 'thumbnail';
}

export interface ServedFile {
	file: StoredFile;
	body: Buffer;
	headers: Record<string, string>;
}

const EXTENSIONS: Record<string, string> = {
	'application/pdf': 'pdf',
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/webp': 'webp',
	...Object.fromEntries(
		(Object.keys(DOCUMENT_MIME_TYPES) as DocumentType[]).map((t) => [
			DOCUMENT_MIME_TYPES[t],
			DOCUMENT_EXTENSIONS[t]
		])
	)
};

export function filesService(
	db: Db,
	storage: FileStorage & { sweepTemporary?(): Promise<void> },
	options: FilesOptions
) {
	const images = options.images ?? DEFAULT_IMAGE_LIMITS;

	async function find(id: string): Promise<StoredFile | null> {
		const row = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
		return row ? fromRow(row) : null;
	}

	return {
		/**
		 * Checks, normalises and keeps an upload. Throws FileRefused (with a code a route localizes)
		 * before anything is written; a failure while writing removes what was written.
		 */
		async accept(input: AcceptInput): Promise<StoredFile> {
			const { bytes } = input;
			if (bytes.length === 0) throw new FileRefused('empty', 'an empty file');
			if (bytes.length > options.maxBytes) {
				throw new FileRefused('too_large', `${bytes.length} bytes, at most ${options.maxBytes}`);
			}
			let kept: { bytes: Buffer; thumbnail: Buffer | null; mimeType: string };
			let size: { width: number; height: number } | null = null;
			// Assistant documents are PDF, Word or text; job applications PDF or Word; every other
			// purpose takes PDF or images.
			const type =
				input.purpose === 'document' || input.purpose === 'application'
					? sniffDocument(bytes, input.name)
					: sniff(bytes);
			if (input.purpose === 'application' && type !== 'pdf' && type !== 'docx') {
				throw new FileRefused('unsupported_type', 'an application takes PDF or DOCX');
			}
			// A content image is shown on public pages; a PDF there would be kept as one.
			if (input.purpose === 'image' && type === 'pdf') {
				throw new FileRefused('unsupported_type', 'a content image is a photo or picture');
			}
			if (type === 'docx') await checkDocxLimits(bytes);
			if (type === 'docx' || type === 'text' || type === 'markdown') {
				kept = { bytes, thumbnail: null, mimeType: DOCUMENT_MIME_TYPES[type] };
			} else if (type === 'pdf') {
				checkPdf(bytes);
				// What is kept is the rebuild, never the upload's own bytes (pdf-rebuild.ts).
				const rebuilt = await rebuildPdf(bytes);
				if (!rebuilt.ok) throw pdfRefused(rebuilt.reason);
				kept = { bytes: Buffer.from(rebuilt.bytes), thumbnail: null, mimeType: 'application/pdf' };
			} else {
				const image = await normaliseImage(type, bytes, images);
				kept = image;
				size = { width: image.width, height: image.height };
			}
			const name = withExtension(
				sanitiseFileName(input.name, input.purpose),
				EXTENSIONS[kept.mimeType] ?? 'bin'
			);
			const written: string[] = [];
			try {
				const storageKey = await storage.put(kept.bytes);
				written.push(storageKey);
				const thumbnailKey = kept.thumbnail ? await storage.put(kept.thumbnail) : null;
				if (thumbnailKey) written.push(thumbnailKey);
				const row: FilesTable = {
					id: randomUUID(),
					owner_id: input.ownerId,
					purpose: input.purpose,
					mime_type: kept.mimeType,
					size: kept.bytes.length,
					sha256: createHash('sha256').update(bytes).digest('hex'),
					original_name: name,
					storage_key: storageKey,
					width: size?.width ?? null,
					height: size?.height ?? null,
					thumbnail_key: thumbnailKey,
					created_at: new Date().toISOString()
				};
				// A content image is offered in sizes and formats a page's srcset picks from.
				const variants =
					input.purpose === 'image' && size ? await responsiveVariants(kept.bytes, size.width) : [];
				const variantRows: FileVariantsTable[] = [];
				for (const v of variants) {
					const key = await storage.put(v.bytes);
					written.push(key);
					variantRows.push({
						file_id: row.id,
						format: v.format,
						width: v.width,
						height: v.height,
						size: v.bytes.length,
						storage_key: key
					});
				}
				await db.transaction().execute(async (trx) => {
					await trx.insertInto('files').values(row).execute();
					if (variantRows.length)
						await trx.insertInto('file_variants').values(variantRows).execute();
				});
				return fromRow(row);
			} catch (error) {
				await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
				throw error;
			}
		},

		/**
		 * The file and the headers to serve it with, or null when it does not exist or `request`
		 * may not read it (a route answers both with the same 404).
		 */
		async read(id: string, request: ReadRequest): Promise<ServedFile | null> {
			const file = await find(id);
			if (!file) return null;
			const owner = request.readerId !== null && file.ownerId === request.readerId;
			const allowed = owner || (await request.mayRead?.(file));
			if (!allowed) return null;
			const thumbnail = request.variant === 'thumbnail' && file.thumbnailKey !== null;
			const body = await storage.get(thumbnail ? file.thumbnailKey! : file.storageKey);
			if (!body) return null;
			const image = file.mimeType.startsWith('image/');
			return {
				file,
				body,
				headers: {
					'content-type': file.mimeType,
					'content-length': String(body.length),
					// A PDF, Word or text file opens only on the user's say-so; images show inline.
					'content-disposition': contentDisposition(
						image ? 'inline' : 'attachment',
						file.originalName
					),
					'x-content-type-options': 'nosniff',
					'cache-control': 'private, no-store'
				}
			};
		},

		/** What is known of a file, for its owner's domain (no permission check: no bytes). */
		find,

		/** Who uploaded each of `ids` that exists (a claim may name its claimant's uploads only). */
		async uploaders(ids: string[]): Promise<Map<string, string>> {
			if (ids.length === 0) return new Map();
			const rows = await db
				.selectFrom('files')
				.select(['id', 'owner_id'])
				.where('id', 'in', ids)
				.execute();
			return new Map(rows.map((r) => [r.id, r.owner_id]));
		},

		/** What is known of every file `ownerId` uploaded, oldest first (their data export). */
		async ownedBy(ownerId: string): Promise<StoredFile[]> {
			const rows = await db
				.selectFrom('files')
				.selectAll()
				.where('owner_id', '=', ownerId)
				.orderBy('created_at')
				.orderBy('id')
				.execute();
			return rows.map(fromRow);
		},

		/** Removes what a crash left half-written (the cleanup job; see storage.ts). */
		async sweepTemporary(): Promise<void> {
			await storage.sweepTemporary?.();
		},

		/** A content image's sizes and formats (empty for other files), smallest first. */
		async variants(
			id: string
		): Promise<{ format: VariantFormat; width: number; height: number }[]> {
			const rows = await db
				.selectFrom('file_variants')
				.select(['format', 'width', 'height'])
				.where('file_id', '=', id)
				.orderBy('width')
				.orderBy('format')
				.execute();
			return rows.map((r) => ({
				format: r.format as VariantFormat,
				width: r.width,
				height: r.height
			}));
		},

		/** The bytes of one of a content image's variants, or null when it has none such. */
		async readVariant(id: string, format: VariantFormat, width: number): Promise<Buffer | null> {
			const row = await db
				.selectFrom('file_variants')
				.select('storage_key')
				.where('file_id', '=', id)
				.where('format', '=', format)
				.where('width', '=', width)
				.executeTakeFirst();
			return row ? storage.get(row.storage_key) : null;
		},

		/** The bytes of a file, without a permission check (for its owner's domain to serve). */
		async bytes(id: string): Promise<{ file: StoredFile; body: Buffer } | null> {
			const file = await find(id);
			const body = file && (await storage.get(file.storageKey));
			return file && body ? { file, body } : null;
		},

		/** Removes the file's row and bytes (a discarded draft, the end of retention). */
		async delete(id: string): Promise<void> {
			const file = await find(id);
			if (!file) return;
			const variants = await db
				.selectFrom('file_variants')
				.select('storage_key')
				.where('file_id', '=', id)
				.execute();
			await db.deleteFrom('file_variants').where('file_id', '=', id).execute();
			await db.deleteFrom('files').where('id', '=', id).execute();
			await storage.delete(file.storageKey);
			if (file.thumbnailKey) await storage.delete(file.thumbnailKey);
			for (const v of variants) await storage.delete(v.storage_key);
		}
	};
}

export type FilesService = ReturnType<typeof filesService>;

function pdfRefused(reason: RebuildRefusal): FileRefused {
	switch (reason) {
		case 'encrypted':
			return new FileRefused('unsafe_pdf', 'an encrypted PDF cannot be rebuilt');
		case 'too_many_pages':
		case 'unreadable':
			return new FileRefused('unreadable', 'a PDF whose pages cannot be copied');
		default:
			return new FileRefused(reason, `a PDF past a parsing limit: ${reason}`);
	}
}

function fromRow(row: FilesTable): StoredFile {
	return {
		id: row.id,
		ownerId: row.owner_id,
		purpose: row.purpose as FilePurpose,
		mimeType: row.mime_type,
		size: row.size,
		sha256: row.sha256,
		originalName: row.original_name,
		storageKey: row.storage_key,
		width: row.width,
		height: row.height,
		thumbnailKey: row.thumbnail_key,
		createdAt: row.created_at
	};
}
