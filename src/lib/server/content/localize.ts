// Text fields are stored once per locale. A reader gets the requested locale, or the other one
// marked as a fallback so the page can say so (lang attribute, notice).
import type { Locale } from '$lib/i18n';
import { renderMarkdown } from './markdown';

export interface LocalizedText {
	text: string;
	/** The locale the text is really in; differs from the requested one on fallback. */
	locale: Locale;
	isFallback: boolean;
}

/** A body: its Markdown and the HTML the one renderer made of it (markdown.ts). */
export interface RichLocalizedText extends LocalizedText {
	html: string;
}

type Row = Record<string, unknown>;

export function pickLocalized(row: Row, field: string, locale: Locale): LocalizedText {
	const wanted = row[`${field}_${locale}`];
	if (typeof wanted === 'string' && wanted.trim() !== '') {
		return { text: wanted, locale, isFallback: false };
	}
	const other: Locale = locale === 'no' ? 'en' : 'no';
	const fallback = row[`${field}_${other}`];
	return { text: typeof fallback === 'string' ? fallback : '', locale: other, isFallback: true };
}

/** A Markdown field in the locale (or the other, marked), rendered. */
export function pickRich(row: Row, field: string, locale: Locale): RichLocalizedText {
	const text = pickLocalized(row, field, locale);
	return { ...text, html: renderMarkdown(text.text) };
}

/** A title kept per language that may be missing in both: null then, else as pickLocalized. */
export function titleOf(title: { no: string | null; en: string | null }, locale: Locale) {
	if (!title.no?.trim() && !title.en?.trim()) return null;
	return pickLocalized({ title_no: title.no, title_en: title.en }, 'title', locale);
}
