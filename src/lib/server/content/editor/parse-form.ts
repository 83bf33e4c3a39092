// The form's values checked and turned into columns (form-schema.ts per field, the rules that span
// fields here), and the publication columns a save writes.
import { KINDS } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import { fieldSchema, issueCode, publicationSchema } from '../form-schema';
import type { FormErrors, FormValues } from './form-values';
import type { Columns, ContentRow } from './tables';

export type Publication = 'draft' | 'published' | 'scheduled';

export interface ParsedForm {
	columns: Columns;
	publication: Publication | null;
	publishAt: string | null;
	errors: FormErrors;
}

/** The form's values checked and turned into columns, or what is wrong with them. */
export function parseForm(kind: ContentKind, form: FormValues, now: Date): ParsedForm {
	const def = KINDS[kind];
	const errors: FormErrors = {};
	const columns: Columns = {};
	for (const field of def.fields) {
		const names = field.localized ? [`${field.name}_no`, `${field.name}_en`] : [field.name];
		const schema = fieldSchema(field);
		for (const name of names) {
			const parsed = schema.safeParse(form[name]);
			if (parsed.success) columns[name] = parsed.data;
			else errors[name] = issueCode(parsed.error).code;
		}
		if (field.localized && field.required && field.bothLocales) {
			for (const name of names) if (columns[name] === '') errors[name] ??= 'required';
		} else if (field.localized && field.required && names.every((n) => columns[n] === '')) {
			errors[names[0]!] ??= 'required_one_locale';
		}
	}
	if (
		kind === 'events' &&
		typeof columns.starts_at === 'string' &&
		typeof columns.ends_at === 'string' &&
		columns.ends_at < columns.starts_at
	) {
		errors.ends_at = 'ends_before_start';
	}

	let publication: Publication | null = null;
	let publishAt: string | null = null;
	if (def.publishable) {
		const parsed = publicationSchema(now).safeParse(form);
		if (parsed.success) ({ publication, publishAt } = parsed.data);
		else {
			const { path, code } = issueCode(parsed.error);
			errors[path ?? 'publication'] = code;
		}
	}
	return { columns, publication, publishAt, errors };
}

/** The draft flag and publication time a save writes; none for kinds that are not published. */
export function publicationColumns(
	kind: ContentKind,
	publication: Publication | null,
	publishAt: string | null,
	before: ContentRow | undefined,
	now: Date
): Columns {
	if (!KINDS[kind].publishable || !publication) return {};
	const nowIso = now.toISOString();
	if (kind === 'news') {
		// A news item's publication time is also the date it shows.
		const kept = typeof before?.published_at === 'string' ? before.published_at : null;
		const at =
			publication === 'scheduled'
				? publishAt
				: kept && (publication === 'draft' || kept <= nowIso)
					? kept
					: nowIso;
		return { draft: publication === 'draft' ? 1 : 0, published_at: at };
	}
	return {
		draft: publication === 'draft' ? 1 : 0,
		published_at: publication === 'scheduled' ? publishAt : null
	};
}
