// A product's picture: uploaded through the files port with alt text in both languages, its alt
// texts changed, or removed, like the content images (content/images.ts), and audited like every
// change to a product. The caller's right to do it is checked by products-admin.ts.
import type { Db } from '../db';
import { imageColumns, imageShown, withImage, type ImageUpload } from '../content/images';
import type { FilesService } from '../files';
import type { CatalogueRecords, SaveResult } from './catalogue';

export function productImages(
	db: Db,
	files: Pick<FilesService, 'accept' | 'delete'>,
	records: Pick<CatalogueRecords, 'guarded' | 'audit'>
) {
	const { guarded, audit } = records;
	return {
		/** The product's picture as its admin page shows it, and its alt texts. */
		async picture(id: string) {
			const row = await db
				.selectFrom('products')
				.select(['image', 'image_file_id', 'image_alt_no', 'image_alt_en'])
				.where('id', '=', id)
				.executeTakeFirst();
			// A demo product's drawing is its picture until one is uploaded or it is removed.
			const drawing = row?.image ? { src: row.image, width: null, height: null } : null;
			return {
				image: (await imageShown(db, row?.image_file_id)) ?? drawing,
				values: { image_alt_no: row?.image_alt_no ?? '', image_alt_en: row?.image_alt_en ?? '' }
			};
		},

		/** A new picture, its alt texts changed, or removed (`image_remove`), by `actor`. */
		async setImage(
			actor: string,
			id: string,
			version: number,
			form: Record<string, string>,
			upload: ImageUpload | null,
			now: Date
		): Promise<SaveResult> {
			const current = await db
				.selectFrom('products')
				.select(['image', 'image_file_id', 'image_alt_no', 'image_alt_en'])
				.where('id', '=', id)
				.executeTakeFirst();
			if (!current) return { ok: false, reason: 'not_found' };
			const columns: Record<string, unknown> = {};
			const errors: Record<string, string> = {};
			const hadImage = current.image_file_id !== null || current.image !== null;
			const { keeps } = imageColumns(hadImage, form, upload, columns, errors);
			// An upload replaces the demo's drawing; removing the picture removes the drawing too.
			if (upload || !keeps) columns.image = null;
			if (Object.keys(errors).length > 0) return { ok: false, reason: 'invalid', errors };
			const saved = await withImage(
				files,
				upload,
				{ ownerId: actor, replaced: current.image_file_id },
				columns,
				() =>
					guarded(
						id,
						version,
						now,
						async (_trx, before) => ({
							set: columns,
							done: { ok: true as const, id, slug: before.slug, version: before.version + 1 }
						}),
						(trx) =>
							audit(trx, { actor, id, action: 'image', at: now }, current, {
								...current,
								...columns
							})
					)
			);
			return 'reason' in saved || saved.ok
				? saved
				: { ok: false, reason: 'invalid', errors: saved.errors };
		}
	};
}
