// Malformed requests the fuzzing found answered 5xx, in plain text or logged as errors with a
// stack: each is now a clear 4xx (the error envelope on /api) and at most a warning in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
});
afterAll(() => server?.stop());

const post = (path: string, contentType: string, body: string, headers = {}) =>
	fetch(server.url + path, {
		method: 'POST',
		redirect: 'manual',
		headers: { origin: server.url, accept: 'text/html', 'content-type': contentType, ...headers },
		body
	});

const errorLog = () =>
	server
		.output()
		.split('\n')
		.filter((line) => line.includes('"level":"error"'));

describe('form posts whose body is not a form', () => {
	it('a broken multipart body answers 400, not 500', async () => {
		const res = await post('/en/contact', 'multipart/form-data; boundary=xx', 'garbage');
		expect(res.status).toBe(400);
		expect(await res.text()).toContain('Invalid request body');
	});

	it('multipart without a boundary, and an empty one, answer 400', async () => {
		expect((await post('/en/shop/cart?/remove', 'multipart/form-data', 'a=b')).status).toBe(400);
		expect((await post('/en/shop/cart?/remove', 'multipart/form-data; boundary=', '')).status).toBe(
			400
		);
	});

	it('text/plain (a form enctype no action reads) answers 400, also when empty', async () => {
		expect((await post('/en/theme', 'text/plain', 'theme=dark')).status).toBe(400);
		expect((await post('/en/membership?/buy', 'text/plain', '')).status).toBe(400);
	});

	it('an enhanced form gets the action result SvelteKit expects', async () => {
		const res = await post('/en/contact', 'multipart/form-data; boundary=xx', 'garbage', {
			accept: 'application/json',
			'x-sveltekit-action': 'true'
		});
		expect(res.status).toBe(400);
		expect(await res.json()).toEqual({ type: 'error', error: { message: 'Invalid request body' } });
	});

	it('a well-formed multipart form is still read', async () => {
		const form = new FormData();
		form.set('theme', 'dark');
		const res = await fetch(server.url + '/en/theme', {
			method: 'POST',
			redirect: 'manual',
			headers: { origin: server.url, accept: 'text/html' },
			body: form
		});
		expect(res.status).toBe(303);
		expect(res.headers.get('set-cookie')).toContain('theme=dark');
	});

	it('none of these is logged as an error', () => {
		expect(errorLog()).toEqual([]);
	});
});

describe('requests SvelteKit itself refuses', () => {
	it('an /api route asked with a method it does not answer: 405 in the envelope, with Allow', async () => {
		const res = await fetch(server.url + '/api/health', { method: 'PUT' });
		expect(res.status).toBe(405);
		expect(res.headers.get('allow')).toContain('GET');
		expect(await res.json()).toEqual({ error: 'Method not allowed' });
	});

	it('a page URL too long to echo in a redirect: 414, with headers a client can read', async () => {
		const long = 'x'.repeat(5000);
		for (const path of [`/?${long}`, `/en/profile?${long}`, `/en/${long}`]) {
			const res = await fetch(server.url + path, { redirect: 'manual' });
			expect([path.slice(0, 12), res.status]).toEqual([path.slice(0, 12), 414]);
			expect(res.headers.get('location')).toBeNull();
		}
		// Just under the limit the unprefixed page still redirects with its query kept.
		const kept = 'x'.repeat(4000);
		const res = await fetch(`${server.url}/?${kept}`, { redirect: 'manual' });
		expect([res.status, res.headers.get('location')]).toEqual([307, `/no?${kept}`]);
	});

	it('an unknown /api path: 404 in the envelope, not the HTML page', async () => {
		const res = await fetch(server.url + '/api/no-such-thing', {
			headers: { accept: 'text/html' }
		});
		expect(res.status).toBe(404);
		expect(await res.json()).toEqual({ error: 'Not found' });
	});

	it('a form-typed cross-site post to /api: 403 in the envelope', async () => {
		const res = await fetch(server.url + '/api/payment/psp/callback', {
			method: 'POST',
			headers: { 'content-type': 'text/plain' },
			body: '{}'
		});
		expect(res.status).toBe(403);
		expect(await res.json()).toEqual({ error: 'Forbidden', code: 'cross_origin' });
	});

	it('a cross-site form post to a page is still refused as SvelteKit words it', async () => {
		const res = await post('/en/contact', 'application/x-www-form-urlencoded', 'a=b', {
			origin: 'https://evil.example'
		});
		expect(res.status).toBe(403);
		expect(await res.text()).toBe('Cross-site POST form submissions are forbidden');
	});

	it('JSON to a form action (415) and a post to a page without actions (405): warnings, not errors', async () => {
		const json = await post('/en/contact', 'application/json', '{"name":"x"}', {
			accept: 'application/json',
			'x-sveltekit-action': 'true'
		});
		expect(json.status).toBe(415);
		expect((await json.json()).error.message).toBe('Unsupported Media Type');
		const noActions = await post('/en/events', 'application/x-www-form-urlencoded', 'a=b');
		expect(noActions.status).toBe(405);
		expect(server.output()).toContain('"level":"warn","msg":"request refused"');
		expect(errorLog()).toEqual([]);
	});
});
