// Search-engine and link-preview metadata every page head uses: the preview image, Open Graph
// locales and the JSON-LD script text. The JSON-LD objects are in structured-data.ts, loaded
// only by the pages that show them.
import type { Locale } from '$lib/i18n';

/** The default preview image (1200×630), a static file. */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

export const OG_LOCALE: Record<Locale, string> = { no: 'nb_NO', en: 'en_GB' };

export type JsonLd = Record<string, unknown>;

/**
 * The object as the text of a `<script type="application/ld+json">`. `<` is escaped so that
 * stored text can never close the script element.
 */
export function jsonLdText(value: JsonLd): string {
	return JSON.stringify(value).replace(/</g, '\\u003c');
}
