// An image posted with an admin form (content, products): kept through the files port (its bytes
// decide; variants made once), its alt text required in both languages, and gone again when the
// save it came with does not happen. One way for every record that has an image.
import type { Db } from '../db';
import { FileRefused, type FilesService } from '../files';
import { fullImagePath } from './sql';

/** An image file posted with a form. */
export interface ImageUpload {
	bytes: Buffer;
	name: string;
}

type Row = Record<string, unknown>;
type Errors = Record<string, string>;
type Saved = { ok: true } | { ok: false };

const ALT_MAX = 250;

/**
 * What the form asks of a record's image: a new one, the one it has (kept unless `image_remove`),
 * or none. Puts the alt-text columns (and, for none, `image_file_id: null`) into `columns`; an
 * image without alt text in a language is an error (`alt_required`). Keeps nothing yet.
 */
export function imageColumns(
	hadImage: boolean,
	form: Record<string, string>,
	upload: ImageUpload | null,
	columns: Row,
	errors: Errors
): { keeps: boolean } {
	const keeps = !!upload || (hadImage && form.image_remove !== 'on');
	for (const locale of ['no', 'en'] as const) {
		const name = `image_alt_${locale}`;
		const alt = (form[name] ?? '').trim();
		if (keeps && alt === '') errors[name] = 'alt_required';
		else if (alt.length > ALT_MAX) errors[name] = 'too_long';
		columns[name] = keeps ? alt : null;
	}
	if (!keeps) columns.image_file_id = null;
	return { keeps };
}

/**
 * Runs `save` with the posted image kept (its id in `columns.image_file_id`); a refused image is
 * the error `image: file_<code>` and no save. The image's files go again when the save refuses or
 * fails; once it succeeds, the record's earlier image (`replaced`) goes when it is no longer used.
 */
export async function withImage<T extends Saved>(
	files: Pick<FilesService, 'accept' | 'delete'>,
	upload: ImageUpload | null,
	owner: { ownerId: string; replaced: string | null },
	columns: Row,
	save: () => Promise<T>
): Promise<T | { ok: false; errors: Errors }> {
	let fileId: string | null = null;
	if (upload) {
		try {
			fileId = (await files.accept({ ownerId: owner.ownerId, purpose: 'image', ...upload })).id;
		} catch (refused) {
			if (!(refused instanceof FileRefused)) throw refused;
			return { ok: false, errors: { image: `file_${refused.code}` } };
		}
		columns.image_file_id = fileId;
	}
	let saved: T;
	try {
		saved = await save();
	} catch (error) {
		if (fileId) await files.delete(fileId);
		throw error;
	}
	if (!saved.ok) {
		if (fileId) await files.delete(fileId);
	} else if (
		owner.replaced &&
		'image_file_id' in columns &&
		columns.image_file_id !== owner.replaced
	) {
		await files.delete(owner.replaced);
	}
	return saved;
}

/** A record's image as its admin form shows it; null when it has none. */
export async function imageShown(db: Db, fileId: unknown) {
	if (typeof fileId !== 'string') return null;
	const file = await db
		.selectFrom('files')
		.select(['mime_type', 'width', 'height'])
		.where('id', '=', fileId)
		.executeTakeFirst();
	return file
		? { src: fullImagePath(fileId, file.mime_type), width: file.width, height: file.height }
		: null;
}
