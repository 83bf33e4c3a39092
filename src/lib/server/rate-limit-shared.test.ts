// The rate-limit counters several instances share on PostgreSQL (db/postgres.ts): two pools on
// one database stand for two instances.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDatabase } from './db/postgres';
import { createPgDatabase } from './db/test-db';
import { rateLimiter } from './rate-limit';

let drop: () => Promise<void>;
let a: PostgresDatabase;
let b: PostgresDatabase;

beforeEach(async () => {
	const created = await createPgDatabase();
	drop = created.drop;
	a = await openPostgres(created.url, { listen: false });
	b = await openPostgres(created.url, { listen: false });
});
afterEach(async () => {
	await a.db.destroy();
	await b.db.destroy();
	await drop();
});

const limit = { auth: { max: 5, windowMs: 60_000 } };
const now = 1_800_000_000_000;

describe('rate limits shared by instances on PostgreSQL', () => {
	it('a client spreading its requests over two instances gets the limit once, not twice', async () => {
		const onA = rateLimiter(a.rateLimitStore, limit);
		const onB = rateLimiter(b.rateLimitStore, limit);
		const decisions = [];
		for (let i = 0; i < 8; i++) decisions.push(await (i % 2 ? onB : onA)('auth', '10.0.0.1', now));
		expect(decisions.map((d) => d.allowed)).toEqual([
			true,
			true,
			true,
			true,
			true,
			false,
			false,
			false
		]);
		expect(decisions[5]).toEqual({ allowed: false, retryAfterSeconds: 60 });
		expect((await onA('auth', '10.0.0.2', now)).allowed).toBe(true);
	});

	it('50 requests at once through both instances count to exactly 50', async () => {
		const counts = await Promise.all(
			Array.from({ length: 50 }, (_, i) =>
				(i % 2 ? b : a).rateLimitStore.hit('auth:10.0.0.3', 60_000, now)
			)
		);
		expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
			Array.from({ length: 50 }, (_, i) => i + 1)
		);
	});

	it('a new window starts when the old one has passed', async () => {
		const onA = rateLimiter(a.rateLimitStore, limit);
		for (let i = 0; i < 6; i++) await onA('auth', '10.0.0.4', now);
		expect((await onA('auth', '10.0.0.4', now + 59_000)).allowed).toBe(false);
		expect((await onA('auth', '10.0.0.4', now + 60_000)).allowed).toBe(true);
	});

	// An instance counts the hits of one turn of the event loop in one statement (db/coalesce.ts).
	it('hits made at once count each, per client, told in the order they were made', async () => {
		const keys = ['auth:x', 'auth:y', 'auth:x', 'auth:x', 'auth:y', 'auth:z'];
		const counts = await Promise.all(keys.map((key) => a.rateLimitStore.hit(key, 60_000, now)));
		expect(counts.map((c) => c.count)).toEqual([1, 1, 2, 3, 2, 1]);
		const onA = rateLimiter(a.rateLimitStore, limit);
		const burst = await Promise.all(Array.from({ length: 4 }, () => onA('auth', 'x', now + 1000)));
		expect(burst.map((d) => d.allowed)).toEqual([true, true, false, false]);
		expect(await b.rateLimitStore.hit('auth:x', 60_000, now + 2000)).toEqual({
			count: 8,
			resetAt: now + 60_000
		});
	});
});
