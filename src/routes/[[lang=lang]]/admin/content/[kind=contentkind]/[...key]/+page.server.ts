import { fail, redirect } from '@sveltejs/kit';
import type { ContentKind } from '$lib/admin/nav';
import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { trailTexts } from '$lib/server/audit/trail-entry';
import { notFoundWhenDenied, postedForm } from '$lib/server/web/content-admin';
import { Conflict } from '$lib/server/errors';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// One record: its form, its audit trail, and its removal. A save made on an older version than
// the one stored is refused (someone else saved meanwhile) and keeps what was typed.
const kindOf = (event: RequestEvent) => event.params.kind as ContentKind;

export const load: PageServerLoad = async (event) => {
	const { contentEditor } = services();
	const record = await contentEditor
		.read(event.locals.caller, kindOf(event), event.params.key)
		.catch(notFoundWhenDenied);
	return {
		record,
		options: await contentEditor.options(event.locals.caller, event.locals.locale),
		saved: event.url.searchParams.has('saved'),
		trailTexts: trailTexts(m.admin_content_changes(), m.admin_content_no_changes())
	};
};

export const actions: Actions = {
	save: async (event) => {
		const kind = kindOf(event);
		const { values, upload } = await postedForm(event.request, kind);
		try {
			const saved = await services().contentEditor.update(
				event.locals.caller,
				kind,
				event.params.key,
				Number(values.version),
				values,
				new Date(),
				upload
			);
			if (!saved.ok) return fail(400, { values, errors: saved.errors });
			redirect(
				303,
				localizePath(`/admin/content/${kind}/${saved.key}?saved=1`, event.locals.locale)
			);
		} catch (failure) {
			if (failure instanceof Conflict) return fail(409, { values, conflict: true });
			return notFoundWhenDenied(failure);
		}
	},
	preview: async (event) => {
		const kind = kindOf(event);
		const { values } = await postedForm(event.request, kind);
		return { values, preview: services().contentEditor.preview(kind, values) };
	},
	delete: async (event) => {
		const kind = kindOf(event);
		const version = Number((await event.request.formData()).get('version'));
		try {
			const removed = await services().contentEditor.remove(
				event.locals.caller,
				kind,
				event.params.key,
				version
			);
			if (!removed.ok) return fail(409, { deleteRefused: removed.reason });
		} catch (failure) {
			if (failure instanceof Conflict) return fail(409, { deleteRefused: 'stale' as const });
			return notFoundWhenDenied(failure);
		}
		redirect(303, localizePath(`/admin/content/${kind}?deleted=1`, event.locals.locale));
	}
};
