// Where to send a browser after signing in. Only a path on this site is accepted: anything that a
// browser could read as another host (`//evil`, `/\evil`, `https://…`, control characters)
// falls back, so redirectTo cannot be turned into an open redirect.
import { localizePath, type Locale } from '$lib/i18n';

const BASE = 'http://same-site.invalid';

const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

export function safeRedirect(value: string | null | undefined, fallback: string): string {
	if (!value || value.length > 2000) return fallback;
	if (!value.startsWith('/') || value.startsWith('//')) return fallback;
	if (value.includes('\\') || [...value].some(isControl)) return fallback;
	let url: URL;
	try {
		url = new URL(value, BASE);
	} catch {
		return fallback;
	}
	if (url.origin !== BASE) return fallback;
	return url.pathname + url.search + url.hash;
}

/**
 * Where signing in (or confirming an address) on the site of `locale` leads: the page asked for,
 * in the language of the site the person used, whatever language the path was asked in; else
 * their profile. Unprefixed paths (the API) stay as they are.
 */
export function signInLanding(value: string | null | undefined, locale: Locale): string {
	const path = safeRedirect(value, localizePath('/profile', locale));
	const prefix = /^\/(?:no|en)(?=[/?#]|$)/.exec(path);
	return prefix ? `/${locale}${path.slice(prefix[0].length)}` : path;
}
