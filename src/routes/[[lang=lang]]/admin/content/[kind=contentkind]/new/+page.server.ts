import { error } from '@sveltejs/kit';
import type { ContentKind } from '$lib/admin/nav';
import { services } from '$lib/server/app';
import { previewContent, saveContent } from '$lib/server/web/content-admin';
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
	save: (event) => saveContent(event, event.params.kind as ContentKind, null),
	preview: (event) => previewContent(event, event.params.kind as ContentKind)
};
