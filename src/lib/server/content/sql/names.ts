// What several kinds' rows share on the public side: their addresses per language and their
// categories' names.
import type { Locale } from '$lib/i18n';
import { pickLocalized } from '../localize';
import type { Category } from '../types';

/** An event's or news item's address in each language: the id (from the Norwegian title), else its own. */
export const slugsOf = (r: { id: string; slug_en: string | null }): Record<Locale, string> => ({
	no: r.id,
	en: r.slug_en ?? r.id
});

/** Categories as the filters show them: code and name in the locale. */
export function asCategories(
	rows: { id: string; name_no: string; name_en: string }[],
	locale: Locale
): Category[] {
	return rows.map((r) => ({ code: r.id, name: pickLocalized(r, 'name', locale).text }));
}

/** A category's name from a row joined with its entry (`category_name_*`), else its code. */
export function categoryNameOf(
	r: { category: string; category_name_no: string | null; category_name_en: string | null },
	locale: Locale
): string {
	return r.category_name_no === null ? r.category : pickLocalized(r, 'category_name', locale).text;
}
