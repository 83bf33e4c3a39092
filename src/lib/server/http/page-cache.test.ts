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
	return (await cache.keep(key, page(body), cache.generation(), now)).text();
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
		expect(await cache.get('k', 999)?.text()).toBe('<p>hi</p>');
		expect(cache.get('k', 1000)).toBeUndefined();
	});

	it('keeps no error page, no page that sets a session cookie and nothing but HTML', async () => {
		const cache = pageCache({ ttlMs: 1000, maxBytes: 1e6 });
		const since = cache.generation();
		await cache.keep('a', page('gone', {}, 404), since, 0);
		await cache.keep('b', page('hi', { 'set-cookie': 'session=s; Path=/' }), since, 0);
		await cache.keep(
			'c',
			new Response('{}', { headers: { 'content-type': 'application/json' } }),
			since,
			0
		);
		expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([
			undefined,
			undefined,
			undefined
		]);
	});

	it('keeps the locale cookie out of the kept copy', async () => {
		const cache = pageCache({ ttlMs: 1000, maxBytes: 1e6 });
		const sent = await cache.keep('k', page('hi', { 'set-cookie': 'locale=en; Path=/' }), 0, 0);
		expect(sent.headers.getSetCookie()).toEqual(['locale=en; Path=/']);
		expect(cache.get('k', 1)?.headers.getSetCookie()).toEqual([]);
	});

	it('a page rendered while the data changed is sent but not kept', async () => {
		const cache = pageCache({ ttlMs: 1000, maxBytes: 1e6 });
		const since = cache.generation();
		cache.clear();
		const sent = await cache.keep('k', page('old'), since, 0);
		expect(await sent.text()).toBe('old');
		expect(cache.get('k', 1)).toBeUndefined();
	});

	it('a change made elsewhere empties it before the next lookup', async () => {
		let changed = false;
		const cache = pageCache({ ttlMs: 1000, maxBytes: 1e6, changedElsewhere: () => changed });
		await keepPage(cache, 'k', 'hi');
		expect(cache.get('k', 1)).toBeDefined();
		changed = true;
		expect(cache.get('k', 1)).toBeUndefined();
	});

	it('stays within its memory bound, dropping the least recently used first', async () => {
		const cache = pageCache({ ttlMs: 1000, maxBytes: 250 });
		await keepPage(cache, 'a', 'a'.repeat(100));
		await keepPage(cache, 'b', 'b'.repeat(100));
		cache.get('a', 1);
		await keepPage(cache, 'c', 'c'.repeat(100));
		expect(cache.stats()).toEqual({ entries: 2, bytes: 200 });
		expect(cache.get('b', 1)).toBeUndefined();
		expect(cache.get('a', 1)).toBeDefined();
	});

	it('a time to live of 0 keeps nothing', async () => {
		const cache = pageCache({ ttlMs: 0, maxBytes: 1e6 });
		expect(cache.enabled).toBe(false);
		await keepPage(cache, 'k', 'hi');
		expect(cache.get('k', 0)).toBeUndefined();
	});
});
