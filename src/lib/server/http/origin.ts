// CSRF for the API: SvelteKit checks the origin of form posts only. A state-changing /api request
// that carries the session cookie must come from our own pages too; calls without a cookie (the
// payment provider, scripts) carry no ambient authority and are left alone.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isCrossSiteApiWrite(request: Request, url: URL, hasSessionCookie: boolean) {
	if (!url.pathname.startsWith('/api/') || SAFE_METHODS.has(request.method)) return false;
	if (!hasSessionCookie) return false;
	const origin = request.headers.get('origin');
	if (origin) return origin !== url.origin;
	// Browsers that omit Origin still say where the request came from.
	return request.headers.get('sec-fetch-site') === 'cross-site';
}
