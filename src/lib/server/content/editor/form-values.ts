// A stored record as its form shows it: the form's text per field, which locales are missing, and
// the title a list shows.
import { KINDS, type FieldDef, type KindDef } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import type { Locale } from '$lib/i18n';
import { pickLocalized, type LocalizedText } from '../localize';
import { toOsloInput } from '../oslo-time';
import { publicationState } from '../visibility';
import { POLICY, type ContentRow } from './tables';

/** Form values as the form holds them: text, one per form field. */
export type FormValues = Record<string, string>;
/** What was wrong, per form field: a code the page words (admin_error_<code>). */
export type FormErrors = Record<string, string>;

const localizedKeys = (def: KindDef) => def.fields.filter((f) => f.localized).map((f) => f.name);

/** The locales a localized field is filled in for one locale and not the other. */
export function missingLocales(def: KindDef, row: ContentRow): Locale[] {
	const missing = new Set<Locale>();
	for (const name of localizedKeys(def)) {
		const no = String(row[`${name}_no`] ?? '').trim();
		const en = String(row[`${name}_en`] ?? '').trim();
		if (no && !en) missing.add('en');
		if (en && !no) missing.add('no');
	}
	return [...missing];
}

export function titleOf(def: KindDef, row: ContentRow, locale: Locale): LocalizedText {
	const field = def.fields.find((f) => f.name === def.titleField);
	if (field?.localized) return pickLocalized(row, def.titleField, locale);
	return { text: String(row[def.titleField] ?? ''), locale, isFallback: false };
}

/** A record's publication state; its kind must be publishable (its table has the columns). */
export function stateOf(row: ContentRow, now: Date) {
	return publicationState(row as { draft: number; published_at: string | null }, now);
}

/** A stored value as the form shows it. */
function toForm(field: FieldDef, value: unknown): string {
	if (value === null || value === undefined) return '';
	switch (field.type) {
		case 'datetime':
			return toOsloInput(String(value));
		case 'date':
			return String(value).slice(0, 10);
		case 'money': {
			const ore = Number(value);
			return ore % 100 === 0 ? String(ore / 100) : (ore / 100).toFixed(2);
		}
		default:
			return String(value);
	}
}

export function formValuesOf(kind: ContentKind, row: ContentRow): FormValues {
	const def = KINDS[kind];
	const values: FormValues = {};
	for (const field of def.fields) {
		if (field.localized) {
			values[`${field.name}_no`] = toForm(field, row[`${field.name}_no`]);
			values[`${field.name}_en`] = toForm(field, row[`${field.name}_en`]);
		} else {
			values[field.name] = toForm(field, row[field.name]);
		}
	}
	if (def.image) {
		values.image_alt_no = String(row.image_alt_no ?? '');
		values.image_alt_en = String(row.image_alt_en ?? '');
	}
	if (kind === 'pages') {
		// A policy's address is shown without its folder; other pages' addresses are fixed.
		const path = String(row.slug);
		values.slug = path.startsWith(POLICY) ? path.slice(POLICY.length) : '';
	}
	if (def.publishable) {
		const state = stateOf(row, new Date());
		values.publication = state;
		values.publish_at =
			state === 'scheduled' && row.published_at ? toOsloInput(String(row.published_at)) : '';
	}
	return values;
}
