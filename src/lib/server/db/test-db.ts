// A fresh, migrated database on either engine, for the domain tests that run on both
// (`describe.each(ENGINES)`). PostgreSQL databases are copies of the template the global setup
// (tests/setup/postgres.ts) migrated once; SQLite ones are files in a temporary folder.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, inject } from 'vitest';
import type { Engine } from './dialect';
import { migrate, openDatabase, type Db, type DbChanges } from './index';
import { openPostgres } from './postgres';

export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

export interface TestDatabase {
	engine: Engine;
	db: Db;
	changes: DbChanges;
	/** PostgreSQL: the database's URL (for a second connection or a server process). */
	url?: string;
	/** SQLite: the database's file. */
	file?: string;
	destroy(): Promise<void>;
}

/**
 * For each test of a suite: a fresh migrated database of `engine`, destroyed after the test. Read
 * it through the returned object (`on.db`) inside the tests.
 */
export function eachTestDatabase(engine: Engine): { test: TestDatabase; db: Db } {
	const on = {} as { test: TestDatabase; db: Db };
	beforeEach(async () => {
		on.test = await testDatabase(engine);
		on.db = on.test.db;
	});
	afterEach(() => on.test.destroy());
	return on;
}

/**
 * `migrated: false` gives an empty database (for tests of the migrations themselves); `poolMax`
 * widens the PostgreSQL pool for tests that need many requests in flight at once.
 */
export async function testDatabase(
	engine: Engine,
	options: { migrated?: boolean; poolMax?: number } = {}
): Promise<TestDatabase> {
	const migrated = options.migrated ?? true;
	if (engine === 'sqlite') {
		const dir = mkdtempSync(join(tmpdir(), 'orgweb-db-'));
		const file = join(dir, 'test.db');
		const { db, changes } = openDatabase(file);
		if (migrated) await migrate(db);
		return {
			engine,
			db,
			changes,
			file,
			async destroy() {
				await db.destroy();
				rmSync(dir, { recursive: true, force: true });
			}
		};
	}
	const { url, drop } = await createPgDatabase(migrated);
	const { db, changes } = await openPostgres(url, {
		listen: false,
		poolMax: options.poolMax ?? 5,
		// A domain test asserts what happens, not how long a queue for a connection may wait: 200
		// buyers of one product queue on its row lock, and on a loaded machine the production wait
		// (5 s, then 503) ran out before the last of them got a connection. That wait and its 503
		// are tested on their own (db/errors.test.ts, the PostgreSQL outage test).
		waitMs: 60_000
	});
	return {
		engine,
		db,
		changes,
		url,
		async destroy() {
			await db.destroy();
			await drop();
		}
	};
}

/** A new database on the test run's PostgreSQL server, migrated unless told otherwise. */
export async function createPgDatabase(
	migrated = true
): Promise<{ url: string; drop(): Promise<void> }> {
	const adminUrl = inject('pgAdminUrl');
	const name = `t_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
	await adminQuery(
		adminUrl,
		`create database ${name} template ${migrated ? 'orgweb_template' : 'template0'}`
	);
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	return {
		url: url.toString(),
		drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
	};
}

async function adminQuery(url: string, text: string): Promise<void> {
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		await client.query(text);
	} finally {
		await client.end();
	}
}
