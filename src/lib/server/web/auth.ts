// What the sign-in pages share: absolute links for e-mails, turning an issued session into the
// cookie and the request's user, and the landing page after signing in.
import type { RequestEvent } from '@sveltejs/kit';
import { fail, message, type SuperValidated } from 'sveltekit-superforms';
import { LOCALE_COOKIE, localizePath, type Locale } from '$lib/i18n';
import { services } from '../app';
import type { IssuedSession } from '../identity';
import { setCaller } from './caller';
import { setSessionCookie } from './cookies';
import { accepted, refused } from './form-action';
import { clientOf } from './guard';

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
	setCaller(event.locals, session.user, session.sessionId);
}

/** The user's remembered language becomes the locale cookie that unprefixed links follow. */
export function rememberLocale(event: RequestEvent, locale: Locale): void {
	event.cookies.set(LOCALE_COOKIE, locale, LOCALE_COOKIE_OPTIONS);
}

/** The same cookie as a Set-Cookie value, for a response made without resolve (a kept page). */
export function localeCookieHeader(event: RequestEvent, locale: Locale): string {
	return event.cookies.serialize(LOCALE_COOKIE, locale, LOCALE_COOKIE_OPTIONS);
}

const LOCALE_COOKIE_OPTIONS = {
	path: '/',
	maxAge: 365 * 86_400,
	httpOnly: true,
	secure: true,
	sameSite: 'lax'
} as const;

/** The registering browser's proof (identity/index.ts, signupProofOf), kept as long as its link. */
const SIGNUP_COOKIE = 'signup';
const SIGNUP_COOKIE_OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'lax' } as const;

export function keepSignupProof(event: RequestEvent, proof: string): void {
	event.cookies.set(SIGNUP_COOKIE, proof, { ...SIGNUP_COOKIE_OPTIONS, maxAge: 86_400 });
}

export const signupProofIn = (event: RequestEvent) => event.cookies.get(SIGNUP_COOKIE);

/** A link is confirmed once: its proof has done its work. */
export function forgetSignupProof(event: RequestEvent): void {
	event.cookies.delete(SIGNUP_COOKIE, SIGNUP_COOKIE_OPTIONS);
}

export const userAgentOf = (event: RequestEvent) => event.request.headers.get('user-agent');

/**
 * How every sign-in form action starts, as the reader of the one form shape: the password is taken
 * out so that no answer sends it back, invalid input answers 400 and a client over the auth rate
 * limit 429; else the form and its password.
 */
export async function readAuthForm<T extends Record<string, unknown>>(
	event: RequestEvent,
	form: SuperValidated<T>
) {
	const password = typeof form.data.password === 'string' ? form.data.password : '';
	if ('password' in form.data) Object.assign(form.data, { password: '' });
	if (!form.valid) return refused(fail(400, { form }));
	if (!(await services().rateLimit('auth', clientOf(event))).allowed) {
		return refused(message(form, { kind: 'rate_limited' }, { status: 429 }));
	}
	return accepted({ form, password });
}
