// PostgreSQL behind the same Kysely<Database> as SQLite (DATABASE_URL=postgres://…): a bounded
// pool, type parsers that hand the application the same values SQLite does, and the change feed
// that keeps every instance's caches honest (LISTEN/NOTIFY).
import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { RateLimitStore } from '../rate-limit';
import { coalesced } from './coalesce';
import { errorFields, log } from '../log';
import type { Db, DbChanges } from './index';
import { changesPublicPages } from './private-tables';

const INT8 = 20;
const NUMERIC = 1700;
const TIMESTAMPTZ = 1184;
const CHANNEL = 'orgweb_changes';
/** The advisory lock under which an instance migrates and seeds, and db:copy copies. */
export const STARTUP_LOCK = 'orgweb:startup';

const defaultParser = (oid: number) =>
	pg.types.getTypeParser(oid, 'text') as (v: string) => unknown;
const parseTimestamp = defaultParser(TIMESTAMPTZ) as (value: string) => Date;

function toNumber(value: string): number {
	const n = Number(value);
	if (Number.isInteger(n) && !Number.isSafeInteger(n)) {
		throw new RangeError(`${value} does not fit a JavaScript number`);
	}
	return n;
}

/**
 * count() and sum() are bigint or numeric on PostgreSQL (strings in pg); timestamptz would be a
 * Date. The application counts in numbers and keeps time as ISO-8601 UTC strings, as on SQLite.
 */
export const pgTypes: pg.CustomTypesConfig = {
	getTypeParser: ((oid: number, format?: string) => {
		if (format === 'binary') return pg.types.getTypeParser(oid, 'binary');
		if (oid === INT8 || oid === NUMERIC) return toNumber;
		if (oid === TIMESTAMPTZ) return (value: string) => parseTimestamp(value).toISOString();
		return defaultParser(oid);
	}) as pg.CustomTypesConfig['getTypeParser']
};

export interface PostgresOptions {
	/** The most connections this instance opens. */
	poolMax?: number;
	/** How long a request waits for a free connection or a row lock before it fails (503). */
	waitMs?: number;
	/** A statement running longer than this is cancelled (503); 0 for none. */
	statementTimeoutMs?: number;
	/** Listen for other instances' changes (off for one-off tools such as db:copy). */
	listen?: boolean;
}

export interface PostgresDatabase {
	db: Db;
	changes: DbChanges;
	/** Rate-limit counters every instance shares. */
	rateLimitStore: RateLimitStore;
	/** Runs `fn` while holding a lock that one instance at a time can hold (e.g. migrating). */
	exclusively<T>(fn: () => Promise<T>, name?: string): Promise<T>;
}

/** `waitForFlush: false`: its commits return before their WAL is on disk (see counters below). */
function postgresPool(url: string, options: PostgresOptions, waitForFlush = true): pg.Pool {
	const pool = new pg.Pool({
		connectionString: url,
		...(waitForFlush ? {} : { options: '-c synchronous_commit=off' }),
		max: options.poolMax ?? 10,
		connectionTimeoutMillis: options.waitMs ?? 5000,
		lock_timeout: options.waitMs ?? 5000,
		idleTimeoutMillis: 30_000,
		application_name: 'orgweb',
		types: pgTypes,
		...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {})
	});
	// An idle connection the server drops (restart, failover) must not take the process down;
	// the pool replaces it on the next checkout.
	pool.on('error', (error) => log.warn('postgres idle connection lost', errorFields(error)));
	return pool;
}

export async function openPostgres(
	url: string,
	options: PostgresOptions = {}
): Promise<PostgresDatabase> {
	const pool = postgresPool(url, options);
	// Rate-limit counters have connections of their own whose commits do not wait for the disk:
	// a count lost in a crash is harmless, and each counted request would otherwise wait for a
	// flush (and, from one address, for the flush of the request before it).
	const counters = postgresPool(url, { ...options, poolMax: 4 }, false);
	const feed = changeFeed(pool, url, options.listen ?? true);
	const db = new Kysely({
		dialect: new PostgresDialect({
			pool: reportingPool(pool, feed.wrote, async () => {
				await feed.stop();
				await counters.end();
			})
		})
	}) as Db;
	// Fails at start with the server's own message rather than on the first request; and Kysely
	// takes the pool only at its first query, without which db.destroy() would leave it open.
	try {
		await sql`select 1`.execute(db);
		await feed.started;
	} catch (error) {
		await db.destroy();
		throw error;
	}
	return {
		db,
		changes: feed.changes,
		rateLimitStore: rateLimitStore(counters),
		exclusively: (fn, name = STARTUP_LOCK) => exclusively(url, name, fn)
	};
}

async function exclusively<T>(url: string, name: string, fn: () => Promise<T>): Promise<T> {
	// A session lock on a connection of its own, without the pool's lock_timeout: an instance
	// waits as long as another takes to migrate, and the work inside uses the pool.
	const client = new pg.Client({ connectionString: url, application_name: 'orgweb-lock' });
	await client.connect();
	try {
		await client.query('select pg_advisory_lock(hashtext($1))', [name]);
		return await fn();
	} finally {
		// Ending the session releases its locks, whatever happened inside.
		await client.end();
	}
}

/**
 * Atomic under concurrency (the upsert locks each key's row, in key order, so two instances'
 * statements never wait on each other in a circle). The hits of one turn of the event loop go as
 * one statement (coalesce.ts): a key hit n times in it counts n, and its hits are told the counts
 * in their order. The windows are judged at the earliest hit's time (they last seconds; the hits
 * of a turn are a millisecond apart). It goes to the pool directly, past the change feed: a
 * counter is not content, and reporting it would clear every instance's page cache on every
 * counted request.
 */
function rateLimitStore(pool: pg.Pool): RateLimitStore {
	let hits = 0;
	const counted = coalesced(async (calls: { key: string; windowMs: number; now: number }[]) => {
		const now = Math.min(...calls.map((c) => c.now));
		// Now and then, forget windows that ended (a few rows per client address and bucket).
		if (Math.floor(hits / 1000) < Math.floor((hits + calls.length) / 1000)) {
			pool.query('delete from rate_limits where reset_at_ms <= $1', [now]).catch(() => {});
		}
		hits += calls.length;
		const keys = new Map<string, { n: number; resetAt: number }>();
		for (const c of calls) {
			const key = keys.get(c.key);
			if (key) key.n++;
			else keys.set(c.key, { n: 1, resetAt: c.now + c.windowMs });
		}
		const { rows } = await pool.query<{ key: string; count: number; reset_at_ms: number }>(
			`insert into rate_limits (key, count, reset_at_ms)
			 select key, n, reset_at_ms from unnest($1::text[], $2::int[], $3::bigint[])
			   as hits (key, n, reset_at_ms) order by key
			 on conflict (key) do update set
			   count = case when rate_limits.reset_at_ms <= $4 then excluded.count
			     else rate_limits.count + excluded.count end,
			   reset_at_ms = case when rate_limits.reset_at_ms <= $4 then excluded.reset_at_ms
			     else rate_limits.reset_at_ms end
			 returning key, count, reset_at_ms`,
			[
				[...keys.keys()],
				[...keys.values()].map((k) => k.n),
				[...keys.values()].map((k) => k.resetAt),
				now
			]
		);
		const after = new Map(rows.map((r) => [r.key, r]));
		// The first of a key's n hits is told count - n + 1, the last the count.
		const told = new Map<string, number>();
		return calls.map((c) => {
			const row = after.get(c.key)!;
			const before = told.get(c.key) ?? row.count - keys.get(c.key)!.n;
			told.set(c.key, before + 1);
			return { count: before + 1, resetAt: row.reset_at_ms };
		});
	});
	return { hit: (key, windowMs, now) => counted({ key, windowMs, now }) };
}

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE']);

type Client = Pick<pg.PoolClient, 'query' | 'release'>;

/**
 * The pool as Kysely sees it: each connection reports committed writes. A write outside a
 * transaction is reported at once; one inside is reported at COMMIT (reporting it earlier would
 * let another connection cache what it reads before the commit) and forgotten at ROLLBACK.
 */
function reportingPool(pool: pg.Pool, wrote: () => void, stop: () => Promise<void>) {
	const wrapped = new WeakMap<pg.PoolClient, Client>();
	return {
		async connect(): Promise<Client> {
			const client = await pool.connect();
			let connection = wrapped.get(client);
			if (!connection) {
				connection = reporting(client, wrote);
				wrapped.set(client, connection);
			}
			return connection;
		},
		async end() {
			await stop();
			await pool.end();
		}
	};
}

function reporting(client: pg.PoolClient, wrote: () => void): Client {
	let inTransaction = false;
	let dirty = false;
	const query = async (text: string, values?: unknown[]) => {
		let result: pg.QueryResult;
		try {
			result = await client.query(text, values);
		} catch (error) {
			if (/^\s*(commit|rollback)\b/i.test(text)) inTransaction = dirty = false;
			throw error;
		}
		const command = result.command;
		if (command === 'BEGIN' || command === 'START') {
			inTransaction = true;
			dirty = false;
		} else if (command === 'COMMIT' || command === 'ROLLBACK') {
			const committed = command === 'COMMIT' && dirty;
			inTransaction = dirty = false;
			if (committed) wrote();
		} else if (WRITES.has(command) && (result.rowCount ?? 0) > 0 && changesPublicPages(text)) {
			if (inTransaction) dirty = true;
			else wrote();
		}
		return result;
	};
	return {
		query: query as pg.PoolClient['query'],
		release: (error?: Error | boolean) => {
			inTransaction = dirty = false;
			client.release(error);
		}
	};
}

/**
 * Every instance LISTENs on one channel; a commit here clears this instance's caches at once and
 * NOTIFYs the others, which clear theirs. While the listening connection is down another
 * instance's change could go unheard, so changedElsewhere() says yes until it is back.
 */
function changeFeed(pool: pg.Pool, url: string, listen: boolean) {
	const instance = randomUUID();
	const listeners: (() => void)[] = [];
	let listening = false;
	let stopped = false;
	let client: pg.Client | null = null;
	let retryMs = 500;
	let retryTimer: NodeJS.Timeout | undefined;
	let notifyPending = false;

	const heard = () => {
		for (const listener of listeners) listener();
	};

	async function connect(): Promise<void> {
		const next = new pg.Client({ connectionString: url, application_name: 'orgweb-listen' });
		next.on('notification', (message) => {
			if (message.payload !== instance) heard();
		});
		next.on('error', (error) => {
			log.warn('postgres change feed lost', errorFields(error));
			lost(next);
		});
		next.on('end', () => lost(next));
		try {
			await next.connect();
			await next.query(`listen ${CHANNEL}`);
		} catch (error) {
			log.warn('postgres change feed not connected', errorFields(error));
			lost(next);
			return;
		}
		if (stopped) return void next.end().catch(() => {});
		client = next;
		listening = true;
		retryMs = 500;
		// What changed while nobody listened is unknown: forget everything kept.
		heard();
	}

	function lost(which: pg.Client) {
		if (client && client !== which) return;
		client = null;
		listening = false;
		void which.end().catch(() => {});
		if (stopped || retryTimer) return;
		retryTimer = setTimeout(() => {
			retryTimer = undefined;
			void connect();
		}, retryMs);
		retryTimer.unref();
		retryMs = Math.min(retryMs * 2, 30_000);
	}

	const changes: DbChanges = {
		onWrite: (listener) => void listeners.push(listener),
		changedElsewhere: () => listen && !listening,
		wrote() {
			heard();
			if (!listen || notifyPending || stopped) return;
			// One NOTIFY for a burst of commits; the others only need to know that something changed.
			notifyPending = true;
			setImmediate(() => {
				notifyPending = false;
				if (stopped) return;
				pool.query('select pg_notify($1, $2)', [CHANNEL, instance]).catch((error: unknown) => {
					log.warn('postgres change not announced', errorFields(error));
				});
			});
		}
	};

	return {
		changes,
		wrote: changes.wrote,
		started: listen ? connect() : Promise.resolve(),
		async stop() {
			stopped = true;
			clearTimeout(retryTimer);
			const current = client;
			client = null;
			listening = false;
			await current?.end().catch(() => {});
		}
	};
}
