// Text fields are stored once per locale. A reader gets the requested locale, or the other one
// marked as a fallback so the page can say so (lang attribute, notice).
import type { Locale } from '$lib/i18n';

export interface LocalizedText {
	text: string;
	/** The locale the text is really in; differs from the requested one on fallback. */
	locale: Locale;
	isFallback: boolean;
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
