// Which requests are localized pages, which pages need a signed-in user, and the redirects
// that follow from both.
import { localizePath, stripLocale, type Locale } from '$lib/i18n';

export { isPagePath } from '$lib/paths';

const PROTECTED = /^\/(profile|fs|admin|units\/[^/]+\/invitations|events\/[^/]+\/feedback)(\/|$)/;

// The reporter's side of safety reports: pages that must not know who is asking, so the hook does
// not look a session up for them (nor renew, nor touch it), whoever is signed in.
const WITHOUT_SESSION = /^\/safety\/(report|follow-up)(\/|$)/;

export function isApiPath(pathname: string): boolean {
	return pathname === '/api' || pathname.startsWith('/api/');
}

const ADMIN = /^\/admin(\/|$)/;

export function isAdminPath(pathname: string): boolean {
	return ADMIN.test(stripLocale(pathname));
}

export function isProtectedPath(pathname: string): boolean {
	return PROTECTED.test(stripLocale(pathname));
}

export function isSessionlessPath(pathname: string): boolean {
	return WITHOUT_SESSION.test(stripLocale(pathname));
}

/** 307 to the negotiated prefix, keeping the query string. It varies with cookie and header. */
export function localeRedirect(pathname: string, search: string, locale: Locale): Response {
	return new Response(null, {
		status: 307,
		headers: {
			location: localizePath(pathname, locale) + search,
			vary: 'Cookie, Accept-Language',
			'cache-control': 'no-store'
		}
	});
}

/** 303 to the login page of the locale, with the page to come back to. */
export function loginRedirect(pathname: string, search: string, locale: Locale): Response {
	const back = encodeURIComponent(pathname + search);
	return new Response(null, {
		status: 303,
		headers: {
			location: `${localizePath('/auth/login', locale)}?redirectTo=${back}`,
			'cache-control': 'no-store'
		}
	});
}

/**
 * A path on this site to return to after a form post (with its query string), or `fallback`.
 * Never another origin: `//evil.example` and absolute URLs are refused.
 */
export function safeReturnPath(value: unknown, base: URL, fallback: string): string {
	const back = typeof value === 'string' ? value : '';
	if (!back.startsWith('/') || back.startsWith('//') || back.startsWith('/\\')) return fallback;
	const target = new URL(back, base);
	return target.origin === base.origin ? target.pathname + target.search : fallback;
}
