// Opens the embedded SQLite database (or PostgreSQL when DATABASE_URL is set: postgres.ts), runs the versioned migrations once and seeds demo content
// on first start. The rest of the server sees only a Kysely<Database>.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
	CompiledQuery,
	Kysely,
	Migrator,
	SqliteDialect,
	type Driver,
	type Migration,
	type SqliteDatabase,
	type SqliteStatement
} from 'kysely';
import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_payments';
import * as m003 from './migrations/003_content';
import * as m004 from './migrations/004_mail';
import * as m005 from './migrations/005_identity';
import * as m006 from './migrations/006_shop';
import * as m007 from './migrations/007_content_extras';
import * as m008 from './migrations/008_mail_reply_to';
import * as m009 from './migrations/009_indexes';
import * as m010 from './migrations/010_instances';
import * as m011 from './migrations/011_files';
import * as m012 from './migrations/012_expenses';
import * as m013 from './migrations/013_documents';
import * as m014 from './migrations/014_assistant_feedback';
import * as m015 from './migrations/015_admin';
import * as m016 from './migrations/016_shop_admin';
import * as m017 from './migrations/017_people';
import * as m018 from './migrations/018_applications';
import * as m019 from './migrations/019_safety_reports';
import * as m020 from './migrations/020_contact_inbox';
import * as m021 from './migrations/021_categories_slugs';
import * as m023 from './migrations/023_privacy_by_query';
import * as m024 from './migrations/024_mail_sealed';
import * as m025 from './migrations/025_team_titles';
import * as m027 from './migrations/027_page_keywords';
import * as m028 from './migrations/028_event_registration';
import * as m030 from './migrations/030_registration_refund';
import * as m031 from './migrations/031_calendar_feeds';
import * as m032 from './migrations/032_notification_preferences';
import * as m033 from './migrations/033_check_ins';
import * as m034 from './migrations/034_attendance_marks';
import * as m035 from './migrations/035_notification_senders';
import * as m036 from './migrations/036_event_feedback';
import type { Engine } from './dialect';
import { changesPublicPages } from './private-tables';
import type { PostgresDatabase } from './postgres';
import type { Database } from './schema';

export type { Database } from './schema';
export type Db = Kysely<Database>;

// Listed here, not read from disk, so the bundled server carries its migrations with it.
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
	'001_initial': m001,
	'002_payments': m002,
	'003_content': m003,
	'004_mail': m004,
	'005_identity': m005,
	'006_shop': m006,
	'007_content_extras': m007,
	'008_mail_reply_to': m008,
	'009_indexes': m009,
	'010_instances': m010,
	'011_files': m011,
	'012_expenses': m012,
	'013_documents': m013,
	'014_assistant_feedback': m014,
	'015_admin': m015,
	'016_shop_admin': m016,
	'017_people': m017,
	'018_applications': m018,
	'019_safety_reports': m019,
	'020_contact_inbox': m020,
	'021_categories_slugs': m021,
	'023_privacy_by_query': m023,
	'024_mail_sealed': m024,
	'025_team_titles': m025,
	'027_page_keywords': m027,
	'028_event_registration': m028,
	'030_registration_refund': m030,
	'031_calendar_feeds': m031,
	'032_notification_preferences': m032,
	'033_check_ins': m033,
	'034_attendance_marks': m034,
	'035_notification_senders': m035,
	'036_event_feedback': m036
};

/** The names of the migrations this version carries, in order. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort();

/** The table Kysely's migrator records applied migrations in. */
export const MIGRATION_TABLE = 'kysely_migration';

export interface OpenOptions {
	busyTimeoutMs?: number;
}

/** The database the configuration names, ready to migrate. */
export interface OpenedDatabase {
	engine: Engine;
	db: Db;
	changes: DbChanges;
	/** Runs `fn` while no other instance runs its own (startup: migrate and seed exactly once). */
	exclusively<T>(fn: () => Promise<T>): Promise<T>;
	/** Counters every instance shares (PostgreSQL); unset: one process counts in memory. */
	rateLimitStore?: PostgresDatabase['rateLimitStore'];
}

export async function openConfigured(config: {
	DATABASE_URL?: string;
	DATABASE_FILE: string;
	DATABASE_BUSY_TIMEOUT_MS: number;
	DATABASE_POOL_MAX: number;
}): Promise<OpenedDatabase> {
	if (config.DATABASE_URL) {
		// pg is loaded only for PostgreSQL: the embedded default never pays its memory.
		const { openPostgres } = await import('./postgres');
		const pg = await openPostgres(config.DATABASE_URL, {
			poolMax: config.DATABASE_POOL_MAX,
			waitMs: config.DATABASE_BUSY_TIMEOUT_MS
		});
		return { engine: 'postgres', ...pg };
	}
	// One process owns an SQLite file: there is nobody to exclude.
	const { db, changes } = openDatabase(config.DATABASE_FILE, {
		busyTimeoutMs: config.DATABASE_BUSY_TIMEOUT_MS
	});
	return { engine: 'sqlite', db, changes, exclusively: (fn) => fn() };
}

export function openSqlite(file: string, options: OpenOptions = {}): Db {
	return openDatabase(file, options).db;
}

/** The database and what tells of changes to its content. */
export function openDatabase(
	file: string,
	options: OpenOptions = {}
): { db: Db; changes: DbChanges } {
	if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
	const sqlite = new SQLite(file);
	sqlite.pragma('journal_mode = WAL');
	sqlite.pragma('synchronous = NORMAL');
	sqlite.pragma('foreign_keys = ON');
	sqlite.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
	const changes = dbChanges(sqlite);
	const db = new Kysely<Database>({ dialect: new RollbackSafeDialect(sqlite, changes.wrote) });
	return { db, changes };
}

// On a full disk (and a few other errors) SQLite rolls the transaction back itself; Kysely's
// ROLLBACK then fails with "no transaction is active" and that error replaces the real one, so
// the request could not tell a full disk from a bug. Rolling back only what is still open keeps
// the original error.
class RollbackSafeDialect extends SqliteDialect {
	constructor(
		private readonly sqlite: SQLite.Database,
		wrote: () => void
	) {
		super({ database: withStatementCache(sqlite, wrote) });
	}

	override createDriver(): Driver {
		const driver = super.createDriver();
		const rollback = driver.rollbackTransaction.bind(driver);
		driver.rollbackTransaction = async (connection) => {
			if (this.sqlite.inTransaction) await rollback(connection);
		};
		// BEGIN IMMEDIATE takes the write lock at the start (waiting up to the busy timeout). A
		// deferred BEGIN reads first and asks for the lock at its first write; if another connection
		// (a script, the sqlite3 shell, a test) committed in between, SQLite refuses
		// the upgrade at once with SQLITE_BUSY, without waiting, and the request answered 503. This
		// process has one connection, so taking the lock early costs its own requests nothing.
		driver.beginTransaction = async (connection) => {
			await connection.executeQuery(CompiledQuery.raw('begin immediate'));
		};
		return driver;
	}
}

export interface DbChanges {
	/** `listener` runs after every statement of this process that changed rows a page may show. */
	onWrite(listener: () => void): void;
	/** Whether another process committed a change since the last time this was asked. */
	changedElsewhere(): boolean;
	/** Called by the connection after a statement changed rows. */
	wrote(): void;
}

function dbChanges(sqlite: SQLite.Database): DbChanges {
	// SQLite's data_version moves when another connection commits, never for this one's own writes.
	const version = sqlite.prepare('PRAGMA data_version').pluck();
	let seen = version.get();
	const listeners: (() => void)[] = [];
	return {
		onWrite: (listener) => void listeners.push(listener),
		changedElsewhere() {
			const now = version.get();
			if (now === seen) return false;
			seen = now;
			return true;
		},
		wrote() {
			for (const listener of listeners) listener();
		}
	};
}

/**
 * Kysely prepares every query it runs; preparing costs more than running the small queries a page
 * makes. The same SQL text gets the same prepared statement back (Kysely runs them synchronously,
 * so one statement is never in use twice at once). Bounded: the least recently used goes first.
 */
export function withStatementCache(
	sqlite: SQLite.Database,
	wrote: () => void,
	max = 500
): SqliteDatabase {
	const statements = new Map<string, SqliteStatement>();
	return {
		prepare(sql) {
			let statement = statements.get(sql);
			if (statement) {
				statements.delete(sql);
			} else {
				statement = reporting(sqlite.prepare(sql), changesPublicPages(sql) ? wrote : ignore);
				if (statements.size >= max) statements.delete(statements.keys().next().value!);
			}
			statements.set(sql, statement);
			return statement;
		},
		close: () => sqlite.close()
	};
}

const ignore = () => {};

/** A statement that says when running it changed rows. */
function reporting(statement: SQLite.Statement, wrote: () => void): SqliteStatement {
	if (statement.reader) return statement;
	return {
		reader: false,
		all: (parameters) => statement.all(parameters),
		iterate: (parameters) => statement.iterate(parameters),
		run(parameters) {
			const result = statement.run(parameters);
			if (result.changes > 0) wrote();
			return result;
		}
	};
}

// Unordered: 002_payments landed after 003_content was applied on existing databases; each
// migration stands alone, so one missing in the middle is applied rather than refused.
function migratorOf(db: Db): Migrator {
	return new Migrator({
		db,
		provider: { getMigrations: async () => MIGRATIONS },
		allowUnorderedMigrations: true
	});
}

/**
 * The migrations not yet applied to a database that already has some applied; an empty list for
 * a new database (nothing to roll back to) and for an up-to-date one.
 */
export async function pendingOnExisting(db: Db): Promise<string[]> {
	const known = await migratorOf(db).getMigrations();
	if (!known.some((m) => m.executedAt)) return [];
	return known.filter((m) => !m.executedAt).map((m) => m.name);
}

/** Applies every migration not yet applied; returns the names it applied. */
export async function migrate(db: Db): Promise<string[]> {
	const { error, results = [] } = await migratorOf(db).migrateToLatest();
	if (error) throw error instanceof Error ? error : new Error(String(error));
	return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
