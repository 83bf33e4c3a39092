// Opens the embedded SQLite database, runs the versioned migrations once and seeds demo content
// on first start. The rest of the server sees only a Kysely<Database>.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely';
import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_payments';
import * as m003 from './migrations/003_content';
import * as m004 from './migrations/004_mail';
import * as m005 from './migrations/005_identity';
import * as m006 from './migrations/006_shop';
import * as m007 from './migrations/007_content_extras';
import * as m008 from './migrations/008_mail_reply_to';
import * as m009 from './migrations/009_indexes';
import type { Database } from './schema';

export type { Database } from './schema';
export type Db = Kysely<Database>;

// Listed here, not read from disk, so the bundled server carries its migrations with it.
const migrations: Record<string, Migration> = {
	'001_initial': m001,
	'002_payments': m002,
	'003_content': m003,
	'004_mail': m004,
	'005_identity': m005,
	'006_shop': m006,
	'007_content_extras': m007,
	'008_mail_reply_to': m008,
	'009_indexes': m009
};

export function openSqlite(file: string): Db {
	if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
	const sqlite = new SQLite(file);
	sqlite.pragma('journal_mode = WAL');
	sqlite.pragma('synchronous = NORMAL');
	sqlite.pragma('foreign_keys = ON');
	sqlite.pragma('busy_timeout = 5000');
	return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Applies every migration not yet applied; returns the names it applied. */
export async function migrate(db: Db): Promise<string[]> {
	// Unordered: 002_payments landed after 003_content was applied on existing databases; each
	// migration stands alone, so one missing in the middle is applied rather than refused.
	const migrator = new Migrator({
		db,
		provider: { getMigrations: async () => migrations },
		allowUnorderedMigrations: true
	});
	const { error, results = [] } = await migrator.migrateToLatest();
	if (error) throw error instanceof Error ? error : new Error(String(error));
	return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
