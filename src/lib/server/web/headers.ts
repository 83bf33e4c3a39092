import { SECURITY_HEADERS } from '../../../../scripts/response-headers.js';

const ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * What serve.js puts on every response (scripts/response-headers.js), for the dev server, which
 * has no serve.js. What the response already names (a page's CSP) is kept.
 */
export function withResponseHeaders(response: Response, requestId: string): Response {
	let out = response;
	try {
		out.headers.set('x-request-id', requestId);
	} catch {
		// Some responses (e.g. from fetch) have immutable headers; copy them.
		out = new Response(response.body, response);
		out.headers.set('x-request-id', requestId);
	}
	for (const [name, value] of ENTRIES) {
		// A 304's headers replace the stored page's: no CSP there (see serve.js).
		if (name === 'content-security-policy' && out.status === 304) continue;
		if (!out.headers.has(name)) out.headers.set(name, value);
	}
	return out;
}
