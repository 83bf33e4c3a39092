// The content admin's forms in the one form shape (form-action.ts): the posted form as text
// values, one editor call, and the answer — saved (to the record's page), each field's problem,
// "someone else saved meanwhile" (409), or 404 for anyone who may not edit the record.
import { fail, redirect, type RequestEvent } from '@sveltejs/kit';
import { formNames } from '$lib/admin/content-fields';
import { KINDS } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import { localizePath } from '$lib/i18n';
import { services } from '../app';
import { Conflict } from '../errors';
import type { FormValues, ImageUpload, SaveResult } from '../content/editor';
import { accepted, formAction } from './form-action';

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

type Posted = { values: FormValues; upload: ImageUpload | null };

/** Saves a new record (`key` null) or a stored one, as the form posted it. */
export function saveContent(event: RequestEvent, kind: ContentKind, key: string | null) {
	return formAction(event, {
		read: async () => accepted(await postedForm(event.request, kind)),
		async run({ values, upload }: Posted, caller) {
			const { contentEditor } = services();
			if (key === null) return contentEditor.create(caller, kind, values, new Date(), upload);
			return contentEditor
				.update(caller, kind, key, Number(values.version), values, new Date(), upload)
				.catch((failure: unknown): SaveResult | 'conflict' => {
					if (failure instanceof Conflict) return 'conflict';
					throw failure;
				});
		},
		answer(saved, _typed, { values }) {
			if (saved === 'conflict') return fail(409, { values, conflict: true });
			if (!saved.ok) return fail(400, { values, errors: saved.errors });
			redirect(
				303,
				localizePath(`/admin/content/${kind}/${saved.key}?saved=1`, event.locals.locale)
			);
		}
	});
}

/** The record as the form would show it once saved; nothing is stored. */
export async function previewContent(event: RequestEvent, kind: ContentKind) {
	const { values } = await postedForm(event.request, kind);
	return { values, preview: services().contentEditor.preview(kind, values) };
}

/** Deletes a record, unless something still refers to it or someone else saved it meanwhile. */
export function deleteContent(event: RequestEvent, kind: ContentKind, key: string) {
	return formAction(event, {
		read: async () => accepted(Number((await event.request.formData()).get('version'))),
		run: (version: number, caller) =>
			services()
				.contentEditor.remove(caller, kind, key, version)
				.catch((failure: unknown) => {
					if (failure instanceof Conflict) return { ok: false as const, reason: 'stale' as const };
					throw failure;
				}),
		answer(removed) {
			if (!removed.ok) return fail(409, { deleteRefused: removed.reason });
			redirect(303, localizePath(`/admin/content/${kind}?deleted=1`, event.locals.locale));
		}
	});
}
