import type { ContentKind } from '$lib/admin/nav';
import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { trailTexts } from '$lib/server/audit/trail-entry';
import { allowedOr404 } from '$lib/server/web/admin-route';
import { deleteContent, previewContent, saveContent } from '$lib/server/web/content-admin';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// One record: its form, its audit trail, and its removal. A save made on an older version than
// the one stored is refused (someone else saved meanwhile) and keeps what was typed.
const kindOf = (event: RequestEvent) => event.params.kind as ContentKind;

export const load: PageServerLoad = async (event) => {
	const { contentEditor } = services();
	const record = await allowedOr404(
		contentEditor.read(event.locals.caller, kindOf(event), event.params.key)
	);
	return {
		record,
		options: await contentEditor.options(event.locals.caller, event.locals.locale),
		saved: event.url.searchParams.has('saved'),
		trailTexts: trailTexts(m.admin_content_changes(), m.admin_content_no_changes())
	};
};

export const actions: Actions = {
	save: (event) => saveContent(event, kindOf(event), event.params.key),
	preview: (event) => previewContent(event, kindOf(event)),
	delete: (event) => deleteContent(event, kindOf(event), event.params.key)
};
