// What every response carries: the security headers and the request id. The server (serve.js)
// sets them on the Node response before the app runs, where they cost a few property writes
// instead of a Headers object's validated copies (about a tenth of a small API request); the
// app's own headers (SvelteKit's CSP on pages, a download's) replace them where both name one.
// The dev server (vite dev) has no serve.js, so hooks.server.ts adds them there.
import { randomUUID } from 'node:crypto';

/** @type {Readonly<Record<string, string>>} */
export const SECURITY_HEADERS = Object.freeze({
	'x-content-type-options': 'nosniff',
	'referrer-policy': 'strict-origin-when-cross-origin',
	'x-frame-options': 'DENY',
	'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
	'cross-origin-opener-policy': 'same-origin',
	// Right for JSON, redirects and files; pages carry SvelteKit's own (svelte.config.js).
	'content-security-policy': "default-src 'none'; frame-ancestors 'none'"
});

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id: the caller's `x-request-id` when it is a plain token (a proxy's, to follow a
 * request across both logs), else a new one.
 * @param {string | string[] | null | undefined} incoming
 */
export function requestIdOf(incoming) {
	return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
