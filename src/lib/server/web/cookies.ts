import type { Cookies } from '@sveltejs/kit';
import { SESSION_COOKIE } from '../identity';

/** The session cookie, exactly as the spec has it: HttpOnly, Secure, SameSite=Lax, Path=/. */
export function setSessionCookie(cookies: Cookies, secret: string, expiresAt: Date): void {
	cookies.set(SESSION_COOKIE, secret, {
		path: '/',
		httpOnly: true,
		secure: true,
		sameSite: 'lax',
		expires: expiresAt
	});
}

/** Removes the session cookie; the deletion carries the same attributes as the cookie. */
export function clearSessionCookie(cookies: Cookies): void {
	cookies.delete(SESSION_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'lax' });
}
