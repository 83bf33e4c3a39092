// The rate-limit store cannot be grown without bound by many client addresses: with a trusted
// proxy, 100,000 requests from distinct X-Forwarded-For addresses (in bounded batches over
// loopback) leave the server's resident memory bounded, and it keeps answering and limiting.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

const ADDRESSES = 100_000;
const BATCH = 100;
const MB = 1024 * 1024;

let server: TestServer;

beforeAll(async () => {
	server = await startServer({ TRUST_PROXY: 'true', RATE_LIMIT_PUBLIC: '2/600' });
});
afterAll(() => server?.stop());

/** The server's resident set (VmRSS of /proc/<pid>/status), in bytes. */
function rss(): number {
	const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
	const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
	return kb * 1024;
}

/** The i-th distinct address, 10.x.y.z. */
const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function checkFrom(ip: string): Promise<number> {
	const res = await fetch(server.url + '/api/auth/check', { headers: { 'x-forwarded-for': ip } });
	await res.arrayBuffer();
	return res.status;
}

async function sweep(from: number, to: number) {
	for (let i = from; i < to; i += BATCH) {
		const batch = Array.from({ length: Math.min(BATCH, to - i) }, (_, k) =>
			checkFrom(address(i + k))
		);
		const statuses = await Promise.all(batch);
		expect(statuses.every((s) => s === 200)).toBe(true);
	}
}

describe('many client addresses', () => {
	it(`${ADDRESSES.toLocaleString('en')} distinct addresses: memory stays bounded, the server keeps answering and limiting`, async () => {
		// Warm up (JIT, caches, the first windows), then measure from there.
		await sweep(0, 5_000);
		const warm = rss();
		await sweep(5_000, ADDRESSES / 2);
		const half = rss();
		await sweep(ADDRESSES / 2, ADDRESSES);
		const full = rss();
		console.log(
			`RSS: warm ${(warm / MB).toFixed(0)} MB, after ${ADDRESSES / 2} addresses ${(half / MB).toFixed(0)} MB, after ${ADDRESSES} ${(full / MB).toFixed(0)} MB`
		);
		// The store holds at most 50,000 windows (about 10 MB); the rest is the heap's slack.
		expect(full - warm).toBeLessThan(150 * MB);
		// Past the cap, twice the addresses cost no more than noise.
		expect(full - half).toBeLessThan(50 * MB);

		expect((await fetch(server.url + '/api/health')).status).toBe(200);
		// Still limiting: a fresh address gets its 2, then 429.
		const fresh = '192.0.2.77';
		expect([await checkFrom(fresh), await checkFrom(fresh), await checkFrom(fresh)]).toEqual([
			200, 200, 429
		]);
	}, 600_000);
});
