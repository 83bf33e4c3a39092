import { describe, expect, it } from 'vitest';
import { withResponseHeaders } from './headers';

// The dev server's copy of what serve.js sets (tests/integration/skeleton.test.ts covers serve.js).
describe('withResponseHeaders (the dev server)', () => {
	it('adds the request id and the security headers, keeping what the response names', () => {
		const page = new Response('<p>hi</p>', {
			headers: { 'content-security-policy': "default-src 'self'" }
		});
		const out = withResponseHeaders(page, 'r-1');
		expect(out.headers.get('x-request-id')).toBe('r-1');
		expect(out.headers.get('x-content-type-options')).toBe('nosniff');
		expect(out.headers.get('content-security-policy')).toBe("default-src 'self'");
	});

	it('copies a response whose headers cannot change', async () => {
		const fetched = Response.redirect('http://localhost/elsewhere', 302);
		const out = withResponseHeaders(fetched, 'r-2');
		expect(out.status).toBe(302);
		expect(out.headers.get('location')).toBe('http://localhost/elsewhere');
		expect(out.headers.get('content-security-policy')).toBe(
			"default-src 'none'; frame-ancestors 'none'"
		);
	});

	it("puts no CSP on a 304, whose headers a browser stores over the page's", () => {
		const out = withResponseHeaders(new Response(null, { status: 304 }), 'r-3');
		expect(out.headers.get('x-content-type-options')).toBe('nosniff');
		expect(out.headers.has('content-security-policy')).toBe(false);
	});
});
