import { describe, expect, it } from 'vitest';
import { clientAddress, memoryRateLimitStore, parseLimit, rateLimiter } from './rate-limit';

describe('limit values', () => {
	it('reads "requests/seconds"', () => {
		expect(parseLimit('10/60')).toEqual({ max: 10, windowMs: 60_000 });
		expect(parseLimit(' 3/1 ')).toEqual({ max: 3, windowMs: 1000 });
	});

	it('refuses anything else', () => {
		for (const bad of ['10', '10/0', '0/60', 'ten/60', '10/60s', '-1/60', '']) {
			expect(parseLimit(bad), bad).toBeUndefined();
		}
	});
});

describe('rate limiter', () => {
	const limit = rateLimiter(memoryRateLimitStore(), { api: { max: 2, windowMs: 10_000 } });

	it('allows the limit, refuses the next with the seconds until the window resets', async () => {
		expect(await limit('api', 'a', 0)).toEqual({ allowed: true });
		expect(await limit('api', 'a', 1000)).toEqual({ allowed: true });
		expect(await limit('api', 'a', 2500)).toEqual({ allowed: false, retryAfterSeconds: 8 });
	});

	it('counts each client on its own', async () => {
		expect(await limit('api', 'b', 2600)).toEqual({ allowed: true });
	});

	it('allows again once the window has passed', async () => {
		expect(await limit('api', 'a', 10_000)).toEqual({ allowed: true });
	});

	it('keeps memory bounded when many clients pass by', async () => {
		const store = memoryRateLimitStore(100);
		const small = rateLimiter(store, { api: { max: 1, windowMs: 60_000 } });
		for (let i = 0; i < 1000; i++) await small('api', `client-${i}`, 0);
		// The newest client is still counted: a second hit is refused.
		expect((await small('api', 'client-999', 1)).allowed).toBe(false);
	});
});

describe('client address', () => {
	it('uses the first x-forwarded-for hop only behind a trusted proxy', () => {
		expect(clientAddress('203.0.113.7, 10.0.0.1', '127.0.0.1', true)).toBe('203.0.113.7');
		expect(clientAddress('203.0.113.7', '127.0.0.1', false)).toBe('127.0.0.1');
		expect(clientAddress(null, '127.0.0.1', true)).toBe('127.0.0.1');
		expect(clientAddress(' , x', '127.0.0.1', true)).toBe('127.0.0.1');
	});
});
