import { error, fail, redirect } from '@sveltejs/kit';
import type { ContentKind } from '$lib/admin/nav';
import { localizePath } from '$lib/i18n';
import { services } from '$lib/server/app';
import { notFoundWhenDenied, postedForm } from '$lib/server/web/content-admin';
import { unlessDenied } from '$lib/server/identity/roles';
import type { Actions, PageServerLoad } from './$types';

// A new record of a kind: an empty form, saved as a draft or published at once or later.

export const load: PageServerLoad = async (event) => {
	const kind = event.params.kind as ContentKind;
	const { contentEditor } = services();
	if (!(await unlessDenied(contentEditor.mayAdd(event.locals.caller, kind))))
		error(404, 'Not found');
	return { kind, options: await contentEditor.options(event.locals.caller, event.locals.locale) };
};

export const actions: Actions = {
	save: async (event) => {
		const kind = event.params.kind as ContentKind;
		const { values, upload } = await postedForm(event.request, kind);
		const saved = await services()
			.contentEditor.create(event.locals.caller, kind, values, new Date(), upload)
			.catch(notFoundWhenDenied);
		if (!saved.ok) return fail(400, { values, errors: saved.errors });
		redirect(303, localizePath(`/admin/content/${kind}/${saved.key}?saved=1`, event.locals.locale));
	},
	preview: async (event) => {
		const kind = event.params.kind as ContentKind;
		const { values } = await postedForm(event.request, kind);
		return { values, preview: services().contentEditor.preview(kind, values) };
	}
};
