// Uploaded images as the public pages show them: their addresses (routes/media) and a record's
// image with its variants and alt text.
import type { Locale } from '$lib/i18n';
import type { Db } from '../../db';
import { pickLocalized } from '../localize';
import type { ContentImage } from '../types';

const IMAGE_EXTENSIONS: Record<string, string> = {
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/webp': 'webp'
};

/** The address of an uploaded image's variant (routes/media): public and cached for good. */
export const mediaPath = (fileId: string, name: string) => `/media/${fileId}/${name}`;

/** The address of an uploaded image as it was kept (normalised, not resized). */
export const fullImagePath = (fileId: string, mimeType: string) =>
	mediaPath(fileId, `full.${IMAGE_EXTENSIONS[mimeType] ?? 'jpg'}`);

/** A row's uploaded image with its variants and its alt text in the locale. */
export async function imageOf(
	db: Db,
	row: Record<string, unknown>,
	locale: Locale
): Promise<ContentImage | null> {
	const fileId = row.image_file_id;
	if (typeof fileId !== 'string') return null;
	const [file, variants] = await Promise.all([
		db
			.selectFrom('files')
			.select(['mime_type', 'width', 'height'])
			.where('id', '=', fileId)
			.executeTakeFirst(),
		db
			.selectFrom('file_variants')
			.select(['format', 'width'])
			.where('file_id', '=', fileId)
			.orderBy('width')
			.execute()
	]);
	if (!file?.width || !file.height) return null;
	const srcset = (format: string) =>
		variants
			.filter((v) => v.format === format)
			.map((v) => `${mediaPath(fileId, `${v.width}.${format}`)} ${v.width}w`)
			.join(', ');
	return {
		src: fullImagePath(fileId, file.mime_type),
		width: file.width,
		height: file.height,
		alt: pickLocalized(row, 'image_alt', locale),
		sources: (['avif', 'webp'] as const)
			.map((format) => ({ type: `image/${format}`, srcset: srcset(format) }))
			.filter((source) => source.srcset !== '')
	};
}
