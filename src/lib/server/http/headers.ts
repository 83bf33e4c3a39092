// Security headers on every response. Pages already carry SvelteKit's CSP (svelte.config.js);
// everything else gets a CSP that allows nothing, which is right for JSON and redirects.
const COMMON: [string, string][] = Object.entries({
	'x-content-type-options': 'nosniff',
	'referrer-policy': 'strict-origin-when-cross-origin',
	'x-frame-options': 'DENY',
	'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
	'cross-origin-opener-policy': 'same-origin'
});

export function withSecurityHeaders(response: Response, requestId: string): Response {
	let out = response;
	try {
		out.headers.set('x-request-id', requestId);
	} catch {
		// Some responses (e.g. from fetch) have immutable headers; copy them.
		out = new Response(response.body, response);
		out.headers.set('x-request-id', requestId);
	}
	for (const [name, value] of COMMON) out.headers.set(name, value);
	if (!out.headers.has('content-security-policy')) {
		out.headers.set('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
	}
	return out;
}
