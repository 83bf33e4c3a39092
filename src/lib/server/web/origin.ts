// CSRF. Form posts: SvelteKit's own rule (Origin must be ours), applied here instead of by
// SvelteKit (svelte.config.js turns its check off) so that /api answers it in the error envelope.
// For the API besides: A state-changing /api request
// that carries the session cookie must come from our own pages too; calls without a cookie (the
// payment provider, scripts) carry no ambient authority and are left alone.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One-click unsubscribe (RFC 8058): a mail client POSTs the form `List-Unsubscribe=One-Click` from
 * its own servers, from any origin or none. The token in the URL is the only authority there (a
 * session is never read), so a post from elsewhere can do nothing a holder of the link cannot.
 */
const ONE_CLICK_UNSUBSCRIBE = '/api/notifications/unsubscribe';

export function isCrossSiteApiWrite(request: Request, url: URL, hasSessionCookie: boolean) {
	if (!url.pathname.startsWith('/api/') || SAFE_METHODS.has(request.method)) return false;
	if (url.pathname === ONE_CLICK_UNSUBSCRIBE) return false;
	if (!hasSessionCookie) return false;
	const origin = request.headers.get('origin');
	if (origin) return origin !== url.origin;
	// Browsers that omit Origin still say where the request came from.
	return request.headers.get('sec-fetch-site') === 'cross-site';
}

const FORM_TYPES = [
	'application/x-www-form-urlencoded',
	'multipart/form-data',
	'text/plain',
	// SvelteKit's own binary form encoding (remote form functions), which its check covers too.
	'application/x-sveltekit-formdata'
];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** SvelteKit's csrf.checkOrigin: a form-typed write whose Origin is not this site's. */
export function isCrossSiteFormPost(request: Request, url: URL): boolean {
	if (!WRITE_METHODS.has(request.method) || url.pathname === ONE_CLICK_UNSUBSCRIBE) return false;
	const type = request.headers.get('content-type')?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
	return FORM_TYPES.includes(type) && request.headers.get('origin') !== url.origin;
}

/** SvelteKit's answer to a cross-site form post on a page, word for word. */
export function crossSiteFormRefused(request: Request): Response {
	const message = `Cross-site ${request.method} form submissions are forbidden`;
	if (request.headers.get('accept') === 'application/json') {
		return Response.json({ message }, { status: 403 });
	}
	return new Response(message, { status: 403, headers: { 'content-type': 'text/plain' } });
}
