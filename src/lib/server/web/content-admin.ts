// What the content admin's routes share: the posted form as text values, and the answer to a
// refusal (anyone who may not edit a record learns nothing of it: 404).
import { error } from '@sveltejs/kit';
import { formNames } from '$lib/admin/content-fields';
import { KINDS } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import { Forbidden, NotFound, NotSignedIn } from '../errors';
import type { FormValues, ImageUpload } from '../content/editor';

const EXTRA = ['publication', 'publish_at', 'image_remove'];

/**
 * The form's fields of a kind, as posted (anything else posted is ignored), and the image file
 * when one was picked (an empty file input posts an empty file: none).
 */
export async function postedForm(
	request: Request,
	kind: ContentKind
): Promise<{ values: FormValues; upload: ImageUpload | null }> {
	const data = await request.formData();
	const values: FormValues = {};
	for (const name of [...formNames(KINDS[kind]), ...EXTRA]) {
		const value = data.get(name);
		values[name] = typeof value === 'string' ? value : '';
	}
	values.version = String(data.get('version') ?? '');
	return { values, upload: KINDS[kind].image ? await postedImage(data) : null };
}

/** The image file a form posted; an empty file input posts an empty file: none. */
export async function postedImage(data: FormData): Promise<ImageUpload | null> {
	const file = data.get('image');
	return file instanceof File && file.size > 0
		? { bytes: Buffer.from(await file.arrayBuffer()), name: file.name }
		: null;
}

/** A picture form's fields (ImageFields.svelte) and its file. */
export async function postedPicture(request: Request) {
	const data = await request.formData();
	const text = (name: string) => {
		const value = data.get(name);
		return typeof value === 'string' ? value : '';
	};
	return {
		version: text('version'),
		values: {
			image_alt_no: text('image_alt_no'),
			image_alt_en: text('image_alt_en'),
			image_remove: text('image_remove')
		},
		upload: await postedImage(data)
	};
}

/** Refusals and a record that is not there become 404; anything else is thrown on. */
export function notFoundWhenDenied(failure: unknown): never {
	if (
		failure instanceof NotSignedIn ||
		failure instanceof Forbidden ||
		failure instanceof NotFound
	) {
		error(404, 'Not found');
	}
	throw failure;
}
