import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageCache, pageCacheKey } from './page-cache';

const url = new URL('https://org.example/en/events?page=2');

function page(body: string, headers: Record<string, string> = {}, status = 200) {
	return new Response(body, { status, headers: { 'content-type': 'text/html', ...headers } });
}

async function keepPage(
	cache: ReturnType<typeof pageCache>,
	key: string,
	body: string,
	now = 0
): Promise<string> {
	return (await cache.keep(key, page(body), cache.generation(), null, now)).text();
}

describe('which requests share a kept page', () => {
	it('a session cookie or any cookie not about language, theme or campus makes a page private', () => {
		expect(pageCacheKey(url, 'session=abc')).toBeNull();
		expect(pageCacheKey(url, 'locale=en; session=abc')).toBeNull();
		expect(pageCacheKey(url, '_tracker=1')).toBeNull();
	});

	it('theme and campus are part of the key, the locale cookie is not', () => {
		const plain = pageCacheKey(url, null);
		expect(pageCacheKey(url, 'locale=no')).toBe(plain);
		expect(pageCacheKey(url, 'theme=dark')).not.toBe(plain);
		expect(pageCacheKey(url, 'campus=oslo')).not.toBe(plain);
		expect(pageCacheKey(url, 'campus=oslo; theme=dark')).toBe(
			pageCacheKey(url, 'theme=dark;campus=oslo')
		);
	});

	it('the query string and the origin are part of the key', () => {
		expect(pageCacheKey(new URL('https://org.example/en/events'), null)).not.toBe(
			pageCacheKey(url, null)
		);
		expect(pageCacheKey(new URL('http://other.example/en/events?page=2'), null)).not.toBe(
			pageCacheKey(url, null)
		);
	});
});

describe('the kept pages', () => {
	it('serves a kept page until its time to live runs out', async () => {
		const cache = pageCache({ ttlMs: 1000, maxBytes: 1e6 });
		expect(await keepPage(cache, 'k', '<p>hi</p>', 0)).toBe('<p>hi</p>');
		expect(await cache.get('k', null, 999)?.text()).toBe('<p>hi</p>');
		expect(cache.get('k', null, 1000)).toBeUndefined();
	});

	it('keeps a page that says until when it holds (Expires) no longer than that', async () => {
		const cache = pageCache({ ttlMs: 10_000, maxBytes: 1e6 });
		const until = (ms: number) => ({ expires: new Date(ms).toUTCString() });
		const since = cache.generation();
		await cache.keep('held', page('back at 12:34', until(4000)), since, null, 0);
		expect(await cache.get('held', null, 3999)?.text()).toBe('back at 12:34');
		expect(cache.get('held', null, 4000)).toBeUndefined();
		await cache.keep('later', page('fine', until(60_000)), since, null, 0);
		expect(cache.get('later', null, 10_000)).toBeUndefined();
		await cache.keep('past', page('gone', until(0)), since, null, 5000);
		expect(cache.get('past', null, 5000)).toBeUndefined();
	});

	it('keeps no error page, no page that sets a session cookie and nothing but HTML', async () => {
		const cache = pageCache({ ttlMs: 1000, maxBytes: 1e6 });
		const since = cache.generation();
		await cache.keep('a', page('gone', {}, 404), since, null, 0);
		await cache.keep('b', page('hi', { 'set-cookie': 'session=s; Path=/' }), since, null, 0);
		await cache.keep(
			'c',
			new Response('{}', { headers: { 'content-type': 'application/json' } }),
			since,
			null,
			0
		);
		expect([cache.get('a', null, 1), cache.get('b', null, 1), cache.get('c', null, 1)]).toEqual([
			undefined,
			undefined,
			undefined
		]);
	});

	it('keeps the locale cookie out of the kept copy', async () => {
		const cache = pageCache({ ttlMs: 1000, maxBytes: 1e6 });
		const sent = await cache.keep(
			'k',
			page('hi', { 'set-cookie': 'locale=en; Path=/' }),
			0,
			null,
			0
		);
		expect(sent.headers.getSetCookie()).toEqual(['locale=en; Path=/']);
		expect(cache.get('k', null, 1)?.headers.getSetCookie()).toEqual([]);
	});

	it('a page rendered while the data changed is sent but not kept', async () => {
		const cache = pageCache({ ttlMs: 1000, maxBytes: 1e6 });
		const since = cache.generation();
		cache.clear();
		const sent = await cache.keep('k', page('old'), since, null, 0);
		expect(await sent.text()).toBe('old');
		expect(cache.get('k', null, 1)).toBeUndefined();
	});

	it('a change made elsewhere empties it before the next lookup', async () => {
		let changed = false;
		const cache = pageCache({ ttlMs: 1000, maxBytes: 1e6, changedElsewhere: () => changed });
		await keepPage(cache, 'k', 'hi');
		expect(cache.get('k', null, 1)).toBeDefined();
		changed = true;
		expect(cache.get('k', null, 1)).toBeUndefined();
	});

	it('stays within its memory bound, dropping the least recently used first', async () => {
		const probe = pageCache({ ttlMs: 1000, maxBytes: 1e6 });
		await keepPage(probe, 'a', 'a'.repeat(100));
		const one = probe.stats().bytes;
		const cache = pageCache({ ttlMs: 1000, maxBytes: Math.floor(2.5 * one) });
		await keepPage(cache, 'a', 'a'.repeat(100));
		await keepPage(cache, 'b', 'b'.repeat(100));
		cache.get('a', null, 1);
		await keepPage(cache, 'c', 'c'.repeat(100));
		expect(cache.stats()).toEqual({ entries: 2, bytes: 2 * one });
		expect(cache.get('b', null, 1)).toBeUndefined();
		expect(cache.get('a', null, 1)).toBeDefined();
	});

	it('answers in the best encoding the client accepts, each with its own validator', async () => {
		const cache = pageCache({ ttlMs: 1000, maxBytes: 1e6 });
		const html = '<p>' + 'hello '.repeat(200) + '</p>';
		const since = cache.generation();
		await cache.keep('k', page(html, { etag: '"abc"' }), since, null, 0);
		const br = cache.get('k', 'gzip, deflate, br', 1)!;
		const gzip = cache.get('k', 'gzip;q=1, br;q=0', 1)!;
		const plain = cache.get('k', null, 1)!;
		expect([br, gzip, plain].map((r) => r.headers.get('content-encoding'))).toEqual([
			'br',
			'gzip',
			null
		]);
		expect([br, gzip, plain].map((r) => r.headers.get('etag'))).toEqual([
			'"abc-br"',
			'"abc-gzip"',
			'"abc"'
		]);
		expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
		expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);
		expect(await plain.text()).toBe(html);
		expect(br.headers.get('vary')).toContain('Accept-Encoding');
	});

	it('a time to live of 0 keeps nothing', async () => {
		const cache = pageCache({ ttlMs: 0, maxBytes: 1e6 });
		expect(cache.enabled).toBe(false);
		await keepPage(cache, 'k', 'hi');
		expect(cache.get('k', null, 0)).toBeUndefined();
	});
});
