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
