// Locale rules shared by the server hooks and the browser: which locales exist, how a path
// carries one, and how an Accept-Language header is matched. Message lookup is paraglide's job.
import { baseLocale, locales, type Locale } from '$lib/paraglide/runtime';

export { baseLocale, locales, type Locale };

export const LOCALE_COOKIE = 'locale';

export function isLocale(value: unknown): value is Locale {
	return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The locale named by the first path segment, if any. */
export function localeOfPath(pathname: string): Locale | undefined {
	const first = pathname.split('/')[1];
	return isLocale(first) ? first : undefined;
}

/** `/en/events?x=1` → `/events?x=1`; a path without a prefix is returned as it is. */
export function stripLocale(pathname: string): string {
	const locale = localeOfPath(pathname);
	if (!locale) return pathname;
	const rest = pathname.slice(locale.length + 1);
	return rest === '' ? '/' : rest;
}

/** Prefix an unlocalized path (`/events`) with a locale (`/no/events`). */
export function localizePath(path: string, locale: Locale): string {
	const bare = stripLocale(path);
	return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
}

// Norwegian speakers send nb or nn (Bokmål, Nynorsk) more often than no.
const ALIASES: Record<string, Locale> = { nb: 'no', nn: 'no', no: 'no', en: 'en' };

/** Best supported locale of an Accept-Language header by q-value, or undefined. */
export function matchAcceptLanguage(header: string | null | undefined): Locale | undefined {
	if (!header) return undefined;
	const ranked = header
		.split(',')
		.map((part, index) => {
			const [tag = '', ...params] = part.trim().split(';');
			const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
			const weight = q ? Number(q.slice(2)) : 1;
			return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
		})
		.filter((entry) => entry.tag !== '' && entry.weight > 0)
		.sort((a, b) => b.weight - a.weight || a.index - b.index);
	for (const { tag } of ranked) {
		const primary = tag.split('-')[0] ?? '';
		const locale = ALIASES[primary];
		if (locale) return locale;
	}
	return undefined;
}

/** Locale order: URL prefix, then cookie, then Accept-Language, then the default. */
export function negotiateLocale(input: {
	pathname: string;
	cookie?: string | null;
	acceptLanguage?: string | null;
}): Locale {
	return (
		localeOfPath(input.pathname) ??
		(isLocale(input.cookie) ? input.cookie : undefined) ??
		matchAcceptLanguage(input.acceptLanguage) ??
		baseLocale
	);
}
