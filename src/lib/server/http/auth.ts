// What the sign-in pages share: absolute links for e-mails, turning an issued session into the
// cookie and the request's user, and the landing page after signing in.
import type { RequestEvent } from '@sveltejs/kit';
import { LOCALE_COOKIE, localizePath, type Locale } from '$lib/i18n';
import { services } from '../app';
import type { IssuedSession } from '../identity';
import { setSessionCookie } from './cookies';

export function originOf(event: RequestEvent): string {
	return services().config.PUBLIC_ORIGIN ?? event.url.origin;
}

/** An absolute link to a page of the locale with a token in its query. */
export function tokenLink(event: RequestEvent, path: string, locale: Locale) {
	return (token: string) =>
		`${originOf(event)}${localizePath(path, locale)}?token=${encodeURIComponent(token)}`;
}

export function startSession(event: RequestEvent, session: IssuedSession): void {
	setSessionCookie(event.cookies, session.secret, session.expiresAt);
	event.locals.user = session.user;
	event.locals.sessionId = session.sessionId;
}

/** The user's remembered language becomes the locale cookie that unprefixed links follow. */
export function rememberLocale(event: RequestEvent, locale: Locale): void {
	event.cookies.set(LOCALE_COOKIE, locale, {
		path: '/',
		maxAge: 365 * 86_400,
		httpOnly: true,
		secure: true,
		sameSite: 'lax'
	});
}

export const userAgentOf = (event: RequestEvent) => event.request.headers.get('user-agent');
