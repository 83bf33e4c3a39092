// What the content admin's routes share: the posted form as text values, and the answer to a
// refusal (anyone who may not edit a record learns nothing of it: 404).
import { error } from '@sveltejs/kit';
import { formNames } from '$lib/admin/content-fields';
import { KINDS } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import { NotSignedIn } from '../identity/roles';
import { Forbidden, NotFound } from '../http/errors';
import type { FormValues, ImageUpload } from './editor';

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
	const file = KINDS[kind].image ? data.get('image') : null;
	const upload =
		file instanceof File && file.size > 0
			? { bytes: Buffer.from(await file.arrayBuffer()), name: file.name }
			: null;
	return { values, upload };
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
