// The content domain's words: what the editor's change trail calls a changed column. The form's own
// labels are $lib/admin/content-texts (the form shows them too); this names a column from them.
import { fieldLabel } from '$lib/admin/content-texts';
import { m } from '$lib/paraglide/messages';

/** A changed column in words: its field's label, with the language of a localized one. */
export function trailField(column: string): string {
	const localized = /^(.*)_(no|en)$/.exec(column);
	if (column === 'draft' || column === 'published_at') return m.admin_content_publication();
	if (localized) {
		const language = localized[2] === 'no' ? m.admin_language_no() : m.admin_language_en();
		return `${fieldLabel(localized[1]!)} (${language})`;
	}
	return fieldLabel(column);
}
