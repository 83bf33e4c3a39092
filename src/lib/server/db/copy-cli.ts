// `npm run db:copy -- [--from <sqlite file>] [--to <postgres url>]`: scripts/db-copy.js loads this
// module and passes its arguments. The defaults are the configured DATABASE_FILE and DATABASE_URL.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { z } from 'zod';
import { ConfigError, ConfigSchema, parseConfig } from '../config';
import { databaseInUse } from './backup';
import { CopyError, copyDatabase } from './copy';
import type { Db } from './index';
import { openPostgres } from './postgres';

interface Io {
	out: (line: string) => void;
	err: (line: string) => void;
}

const consoleIo: Io = { out: (l) => console.log(l), err: (l) => console.error(l) };

const USAGE = `usage: npm run db:copy -- [--from <SQLite file>] [--to <postgres://user:password@host/database>]

Copies the whole site from its SQLite file into a new, empty PostgreSQL database (migrated first).
Stop the site first; take a backup (npm run backup). PostgreSQL keeps no row unless
every row arrives unchanged. The SQLite file is left as it is.

  --from   the SQLite database (default: DATABASE_FILE, data/orgweb.db)
  --to     the PostgreSQL database (default: DATABASE_URL)
  --help   this text`;

const ArgsSchema = z.object({
	from: ConfigSchema.shape.DATABASE_FILE.refine(existsSync, 'no SQLite database at this path'),
	to: ConfigSchema.shape.DATABASE_URL.unwrap()
});

/** Returns the exit code: 0 copied, 1 the copy failed, 2 bad usage. */
export async function dbCopyCommand(
	args: string[],
	env: Record<string, string | undefined>,
	io: Io = consoleIo
): Promise<number> {
	let parsed: z.infer<typeof ArgsSchema>;
	try {
		const { values } = parseArgs({
			args,
			options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } },
			strict: true,
			allowPositionals: false
		});
		if (values.help) {
			io.out(USAGE);
			return 0;
		}
		const config = parseConfig(env);
		const result = ArgsSchema.safeParse({
			from: values.from ?? config.DATABASE_FILE,
			to: values.to ?? config.DATABASE_URL
		});
		if (!result.success) {
			const problems = result.error.issues.map((i) =>
				i.path[0] === 'to' && (values.to ?? config.DATABASE_URL) === undefined
					? '--to: no PostgreSQL database given (pass --to postgres://… or set DATABASE_URL)'
					: `--${i.path.join('.')}: ${i.message}`
			);
			io.err(`db:copy: ${problems.join('; ')} (see --help)`);
			return 2;
		}
		parsed = result.data;
	} catch (error) {
		io.err(`db:copy: ${error instanceof Error ? error.message : String(error)} (see --help)`);
		return 2;
	}

	const target = redacted(parsed.to);
	try {
		const mode = journalMode(parsed.from);
		if (databaseInUse(parsed.from)) {
			throw new CopyError(`${parsed.from} is open in another process: stop the site first`);
		}
		// The check leaves a free file in rollback mode; the site keeps it in WAL mode.
		if (mode === 'wal') setJournalMode(parsed.from, 'WAL');
		const started = performance.now();
		const { db: to } = await openPostgres(parsed.to, { listen: false, poolMax: 2 }).catch(
			(error: unknown) => {
				throw new CopyError(`cannot connect to ${target}: ${messageOf(error)}`);
			}
		);
		const source = openReadOnly(parsed.from);
		try {
			io.out(`copying ${parsed.from} to ${target}`);
			const result = await copyDatabase(source.db, to, {
				sourceChanged: source.changedElsewhere,
				onTable: ({ table, rows }) => io.out(`  ${table.padEnd(24)} ${String(rows).padStart(8)}`)
			});
			if (result.migrated.length > 0) io.out(`migrated the target: ${result.migrated.join(', ')}`);
			const ms = Math.round(performance.now() - started);
			io.out(
				`copied ${result.rows} rows in ${result.tables.length} tables in ${ms} ms; row counts checked`
			);
			return 0;
		} finally {
			await source.db.destroy();
			await to.destroy();
		}
	} catch (error) {
		if (error instanceof CopyError || error instanceof ConfigError) {
			io.err(`db:copy: ${error.message}`);
		} else io.err(`db:copy failed: ${messageOf(error)}`);
		return 1;
	}
}

/**
 * The SQLite file, opened read-only: the copy cannot change it. `changedElsewhere` says whether
 * another process committed since it was last asked (SQLite's data_version).
 */
function openReadOnly(file: string): { db: Db; changedElsewhere: () => boolean } {
	const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
	sqlite.pragma('busy_timeout = 5000');
	const version = sqlite.prepare('PRAGMA data_version').pluck();
	let seen = version.get();
	return {
		db: new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }) as Db,
		changedElsewhere() {
			const now = version.get();
			const changed = now !== seen;
			seen = now;
			return changed;
		}
	};
}

/** The file's journal mode; refuses a file that is not an SQLite database. */
function journalMode(file: string): string {
	const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
	try {
		sqlite.prepare('select count(*) from sqlite_master').get();
		return String(sqlite.pragma('journal_mode', { simple: true }));
	} catch (error) {
		throw new CopyError(`${file} is not an SQLite database (${messageOf(error)})`);
	} finally {
		sqlite.close();
	}
}

function setJournalMode(file: string, mode: 'WAL'): void {
	const sqlite = new SQLite(file, { fileMustExist: true });
	try {
		sqlite.pragma(`journal_mode = ${mode}`);
	} finally {
		sqlite.close();
	}
}

/** The URL without its password: it goes to the terminal and into logs. */
function redacted(url: string): string {
	const u = new URL(url);
	if (u.password) u.password = '***';
	return u.toString();
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
