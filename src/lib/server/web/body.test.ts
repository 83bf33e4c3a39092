import { describe, expect, it } from 'vitest';
import { bodyLimitOf, checkBody, isUploadPath } from './body';

const LIMITS = { BODY_SIZE_LIMIT: 1000, uploadBodyLimit: 5000 };

/** The text in chunks of 256 bytes, as a client streaming without a Content-Length sends it. */
function chunked(text: string): ReadableStream<Uint8Array> {
	const bytes = new TextEncoder().encode(text);
	return new ReadableStream({
		start(controller) {
			for (let at = 0; at < bytes.length; at += 256) controller.enqueue(bytes.slice(at, at + 256));
			controller.close();
		}
	});
}

function post(body: string, options: { type?: string; stream?: boolean; length?: number } = {}) {
	const headers: Record<string, string> = {
		'content-type': options.type ?? 'application/x-www-form-urlencoded'
	};
	if (options.length !== undefined) headers['content-length'] = String(options.length);
	return new Request('http://localhost/en/contact', {
		method: 'POST',
		headers,
		body: options.stream ? chunked(body) : body,
		duplex: 'half'
	} as RequestInit);
}

describe('which posts may carry uploads', () => {
	it('is the claim form, new and edit, with or without the locale', () => {
		for (const path of ['/fs/new', '/en/fs/new', '/no/fs/new', '/no/fs/c-1/edit', '/fs/c-1/edit']) {
			expect(isUploadPath(path), path).toBe(true);
			expect(bodyLimitOf(path, LIMITS), path).toBe(5000);
		}
		for (const path of ['/en/fs', '/en/fs/c-1', '/en/fs/new/x', '/en/fs/a/b/edit', '/api/fs/new']) {
			expect(isUploadPath(path), path).toBe(false);
			expect(bodyLimitOf(path, LIMITS), path).toBe(1000);
		}
	});

	it('is the admin’s form of content with an image, new and edit; not of other content', () => {
		for (const path of [
			'/en/admin/content/events/new',
			'/no/admin/content/news/some-news',
			'/admin/content/units/board-oslo'
		]) {
			expect(isUploadPath(path), path).toBe(true);
		}
		for (const path of [
			'/en/admin/content/pages/new',
			'/en/admin/content/jobs/kasserer',
			'/en/admin/content/events',
			'/en/admin/assistant'
		]) {
			expect(isUploadPath(path), path).toBe(false);
		}
	});

	it('is a job’s page, which takes applications with files; not the list of jobs', () => {
		for (const path of ['/en/jobs/treasurer-oslo', '/no/jobs/designer', '/jobs/designer']) {
			expect(isUploadPath(path), path).toBe(true);
		}
		for (const path of ['/en/jobs', '/en/jobs/designer/x', '/en/applications/a/withdraw']) {
			expect(isUploadPath(path), path).toBe(false);
		}
	});

	it('is the receipt description as multipart only: its JSON form keeps the small limit', () => {
		const path = '/api/expense/generate-description';
		const multipart = 'multipart/form-data; boundary=----x';
		expect(bodyLimitOf(path, LIMITS, multipart)).toBe(5000);
		expect(bodyLimitOf(path, LIMITS, 'application/json')).toBe(1000);
		expect(bodyLimitOf(path, LIMITS, null)).toBe(1000);
		expect(bodyLimitOf('/api/public-assistant', LIMITS, multipart)).toBe(1000);
	});
});

describe('checking a body against its limit', () => {
	it('lets a form up to the limit through, and the route still reads all of it', async () => {
		const form = `message=${'a'.repeat(990)}`;
		const request = post(form, { stream: true });
		expect(await checkBody(request, { forms: true, limit: 1000 })).toBe('fits');
		expect((await request.formData()).get('message')).toHaveLength(990);
	});

	it('refuses an announced or a streamed body over the limit', async () => {
		const form = `message=${'a'.repeat(1000)}`;
		expect(await checkBody(post(form, { stream: true }), { forms: true, limit: 1000 })).toBe(
			'too-large'
		);
		expect(await checkBody(post(form), { forms: false, limit: 1000 })).toBe('too-large');
		// Refused on its Content-Length alone, before a byte of it is read.
		const lying = post('message=short', { stream: true, length: 10_000 });
		expect(await checkBody(lying, { forms: true, limit: 1000 })).toBe('too-large');
	});

	it('refuses a page form that does not parse, and leaves API bodies to their routes', async () => {
		const broken = { type: 'multipart/form-data; boundary=x', stream: true };
		expect(await checkBody(post('--x\r\nnot a part', broken), { forms: true, limit: 1000 })).toBe(
			'unreadable'
		);
		expect(await checkBody(post('--x\r\nnot a part', broken), { forms: false, limit: 1000 })).toBe(
			'fits'
		);
	});
});
