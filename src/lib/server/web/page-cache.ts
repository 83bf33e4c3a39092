// Rendered pages kept for a few seconds for visitors whose request has no per-user part: no session
// (so no name, no cart, no member prices) and no cookie but the locale, theme and campus ones, which
// are part of the key. One rendering then serves every such visitor of the same address.
// Every write to the database clears it (the composition root wires that), and so does a change
// committed by another process, seen before each lookup; the time to live bounds what no write
// announces: time passing (an event starting, a reservation running out).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CAMPUS_COOKIE } from '$lib/campus';
import { LOCALE_COOKIE } from '$lib/i18n';
import { THEME_COOKIE } from '$lib/theme';

/** The cookies a cacheable request may carry: none of them is about who the visitor is. */
const NEUTRAL_COOKIES = new Set([LOCALE_COOKIE, THEME_COOKIE, CAMPUS_COOKIE]);
const MAX_PAGE_BYTES = 512 * 1024;

type Encoding = 'br' | 'gzip' | 'identity';

interface Entry {
	/** The page as rendered and compressed once, for every visitor who accepts that encoding. */
	bodies: Record<Encoding, Uint8Array<ArrayBuffer>>;
	headers: [string, string][];
	bytes: number;
	expiresAt: number;
}

/** The best encoding a client accepts: brotli, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | null): Encoding {
	const accepted = new Set<string>();
	for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
		const [name = '', ...params] = part.split(';').map((p) => p.trim());
		const q = params.find((p) => p.startsWith('q='));
		if (!q || Number(q.slice(2)) > 0) accepted.add(name);
	}
	if (accepted.has('br')) return 'br';
	return accepted.has('gzip') ? 'gzip' : 'identity';
}

// Fast settings: a kept page is compressed on the request that rendered it.
function compress(body: Uint8Array<ArrayBuffer>): Record<Encoding, Uint8Array<ArrayBuffer>> {
	const copy = (b: Buffer) => new Uint8Array(b); // an ArrayBuffer of its own, not the pool's
	return {
		identity: body,
		br: copy(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })),
		gzip: copy(gzipSync(body, { level: 6 }))
	};
}

function variant(entry: Entry, encoding: Encoding): Response {
	const body = entry.bodies[encoding];
	const headers = new Headers(entry.headers);
	headers.set('content-length', String(body.byteLength));
	headers.append('vary', 'Accept-Encoding');
	if (encoding !== 'identity') {
		headers.set('content-encoding', encoding);
		// Each encoding is its own representation, with its own validator.
		const etag = headers.get('etag');
		if (etag) headers.set('etag', etag.replace(/"$/, `-${encoding}"`));
	}
	return new Response(body, { status: 200, headers });
}

export interface PageCacheOptions {
	ttlMs: number;
	maxBytes: number;
	/** Asked before each lookup: whether someone else changed the data since it was last asked. */
	changedElsewhere?: () => boolean;
}

/**
 * The key of a page address as seen with these cookies, or null when the page may differ from
 * visitor to visitor (any cookie but the locale, theme and campus ones: a session above all).
 */
export function pageCacheKey(url: URL, cookieHeader: string | null): string | null {
	const cookies = new Map<string, string>();
	for (const part of (cookieHeader ?? '').split(';')) {
		const eq = part.indexOf('=');
		const name = (eq < 0 ? part : part.slice(0, eq)).trim();
		if (name === '') continue;
		if (!NEUTRAL_COOKIES.has(name)) return null;
		cookies.set(name, eq < 0 ? '' : part.slice(eq + 1).trim());
	}
	// The locale cookie changes no page (the path carries the locale); theme and campus do.
	const theme = cookies.get(THEME_COOKIE) ?? '';
	const campus = cookies.get(CAMPUS_COOKIE) ?? '';
	return `${url.origin}${url.pathname}${url.search}\n${theme}\n${campus}`;
}

/**
 * What browsers and proxies may do with a page: always ask again (the ETag makes that cheap), and
 * never share a page made for one visitor's cookies with another.
 */
/**
 * Says that what a page shows holds only until the earliest of `instants` (a time it names, such
 * as when reserved units may come back): the page cache keeps it no longer. `Expires` is the
 * standard word for it; browsers still revalidate, as the page's `no-cache` tells them.
 */
export function keepUntil(
	setHeaders: (headers: Record<string, string>) => void,
	instants: (string | null)[]
): void {
	const times = instants.filter((t) => t !== null).map((t) => Date.parse(t));
	if (times.length > 0) setHeaders({ expires: new Date(Math.min(...times)).toUTCString() });
}

export function setPageCaching(response: Response, isShared: boolean): void {
	if (!response.headers.get('content-type')?.startsWith('text/html')) return;
	if (!response.headers.has('cache-control')) {
		response.headers.set('cache-control', isShared ? 'no-cache' : 'private, no-cache');
	}
	response.headers.append('vary', 'Cookie');
}

export function pageCache({ ttlMs, maxBytes, changedElsewhere }: PageCacheOptions) {
	const entries = new Map<string, Entry>();
	let bytes = 0;
	// Bumped by clear(): a page whose rendering began before a change is not kept after it.
	let generation = 0;

	function remove(key: string) {
		const entry = entries.get(key);
		if (!entry) return;
		entries.delete(key);
		bytes -= entry.bytes;
	}

	return {
		get enabled() {
			return ttlMs > 0 && maxBytes > 0;
		},

		/** Where the cache stands now; pass it to keep() with the page rendered from now on. */
		generation: () => generation,

		/** A fresh copy of the kept page in the best encoding the client accepts, or undefined. */
		get(key: string, acceptEncoding: string | null, now = Date.now()): Response | undefined {
			if (changedElsewhere?.()) this.clear();
			const entry = entries.get(key);
			if (!entry) return undefined;
			if (entry.expiresAt <= now) {
				remove(key);
				return undefined;
			}
			// Least recently used goes first: a hit moves the entry to the end.
			entries.delete(key);
			entries.set(key, entry);
			return variant(entry, chooseEncoding(acceptEncoding));
		},

		/**
		 * Keeps a rendered page when it is a whole 200 HTML page that sets no cookie but the locale
		 * one, and answers a response to send in its place (the original's body has been read), in
		 * the best encoding the client accepts.
		 */
		async keep(
			key: string,
			response: Response,
			since: number,
			acceptEncoding: string | null,
			now = Date.now()
		): Promise<Response> {
			if (!this.enabled || response.status !== 200) return response;
			if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
			const cookies = response.headers.getSetCookie();
			if (cookies.some((c) => !c.startsWith(`${LOCALE_COOKIE}=`))) return response;
			const length = Number(response.headers.get('content-length') ?? 0);
			if (length > MAX_PAGE_BYTES) return response;

			const body = new Uint8Array(await response.arrayBuffer());
			if (since !== generation || body.byteLength > MAX_PAGE_BYTES) {
				return new Response(body, response);
			}

			// A page that says until when it holds (keepUntil) is not kept past that.
			const expires = Date.parse(response.headers.get('expires') ?? '');
			const expiresAt = Number.isNaN(expires) ? now + ttlMs : Math.min(now + ttlMs, expires);
			if (expiresAt <= now) return new Response(body, response);
			const bodies = compress(body);
			const entry: Entry = {
				bodies,
				headers: [...response.headers].filter(([name]) => name !== 'set-cookie'),
				bytes: body.byteLength + bodies.br.byteLength + bodies.gzip.byteLength,
				expiresAt
			};
			remove(key);
			entries.set(key, entry);
			bytes += entry.bytes;
			for (const oldest of entries.keys()) {
				if (bytes <= maxBytes) break;
				remove(oldest);
			}
			const sent = variant(entry, chooseEncoding(acceptEncoding));
			for (const cookie of cookies) sent.headers.append('set-cookie', cookie);
			return sent;
		},

		/** Something a page shows has changed: forget every kept page. */
		clear(): void {
			entries.clear();
			bytes = 0;
			generation += 1;
		},

		stats: () => ({ entries: entries.size, bytes })
	};
}

export type PageCache = ReturnType<typeof pageCache>;
