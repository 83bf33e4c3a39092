// Backups of the live database and the files next to it, and restoring one. The database is copied
// with SQLite's online backup API (a consistent snapshot while the site keeps writing; a file copy
// of a WAL database can catch a half-checkpointed state), the other files of its folder as files.
import {
	copyFileSync,
	cpSync,
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { MIGRATION_NAMES, MIGRATION_TABLE } from './index';

/** Inside a backup folder: the database copy, the other files, and what was backed up. */
export const BACKUP_DATABASE = 'database.db';
export const BACKUP_FILES = 'files';
export const BACKUP_MANIFEST = 'manifest.json';

export interface BackupManifest {
	createdAt: string;
	/** The database file it was taken from. */
	source: string;
	migrations: string[];
	/** The other files of the database's folder, relative to it. */
	files: string[];
	/** Keys in the folder that were left out on purpose (see `isSecret`). */
	secretsLeftOut?: string[];
}

/**
 * Keys next to the database (`expense-account.key`, which decrypts the payout accounts) stay out
 * of backups: a backup that holds the data and its key gives both to whoever finds it. The
 * operator keeps a copy of each key apart from the backups; restore leaves the key in place.
 */
export const isSecret = (rel: string) => !rel.includes('/') && rel.endsWith('.key');

export class BackupError extends Error {
	override name = 'BackupError';
}

/** Where backups go when nothing else is said: backups/ in the database's folder. */
export function defaultBackupDir(databaseFile: string): string {
	return join(dirname(resolve(databaseFile)), 'backups');
}

/** A folder name that sorts by time and is valid on every file system: 2026-11-23T14-20-05-123Z. */
export function backupName(now: Date): string {
	return now.toISOString().replace(/[:.]/g, '-');
}

// The database's own files, and the backups folder when it lives inside the data folder, are
// not "the data folder's files".
function dataFiles(databaseFile: string, backupRoot: string): string[] {
	const folder = dirname(resolve(databaseFile));
	const db = basename(databaseFile);
	const own = new Set([db, `${db}-wal`, `${db}-shm`, `${db}-journal`]);
	const root = resolve(backupRoot);
	const found: string[] = [];
	const walk = (dir: string, prefix: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const full = join(dir, entry.name);
			const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
			if (full === root || (prefix === '' && own.has(entry.name))) continue;
			if (prefix === '' && /\.before-restore-/.test(entry.name)) continue;
			if (entry.isDirectory()) walk(full, rel);
			else if (entry.isFile()) found.push(rel);
		}
	};
	walk(folder, '');
	return found.sort();
}

function appliedMigrations(db: SQLite.Database): string[] {
	const table = db
		.prepare("select 1 from sqlite_master where type = 'table' and name = ?")
		.get(MIGRATION_TABLE);
	if (!table) return [];
	return (
		db.prepare(`select name from ${MIGRATION_TABLE} order by name`).all() as { name: string }[]
	).map((r) => r.name);
}

/**
 * Copies the database (online backup API) and the other files of its folder into a new
 * timestamped folder under `backupRoot`; returns that folder.
 */
export async function backupDatabase(
	databaseFile: string,
	options: { backupRoot?: string; now?: Date } = {}
): Promise<{ dir: string; manifest: BackupManifest }> {
	if (!existsSync(databaseFile)) throw new BackupError(`no database at ${databaseFile}`);
	const root = resolve(options.backupRoot ?? defaultBackupDir(databaseFile));
	const now = options.now ?? new Date();
	let dir = join(root, backupName(now));
	for (let n = 2; existsSync(dir); n++) dir = join(root, `${backupName(now)}-${n}`);
	mkdirSync(dir, { recursive: true });

	const source = new SQLite(databaseFile, { fileMustExist: true });
	try {
		// The site keeps running: wait for its write lock rather than fail, as its requests do.
		source.pragma('busy_timeout = 5000');
		// All pages in one step: a write by the site between steps would restart the copy, so
		// under steady load a paced copy might never finish. One step is one read transaction.
		await source.backup(join(dir, BACKUP_DATABASE), { progress: () => 0x7fffffff });
	} finally {
		source.close();
	}
	const copy = new SQLite(join(dir, BACKUP_DATABASE), { fileMustExist: true });
	let migrations: string[];
	try {
		// A standalone file: the copy must not need a -wal next to it.
		copy.pragma('journal_mode = DELETE');
		migrations = appliedMigrations(copy);
	} finally {
		copy.close();
	}

	const found = dataFiles(databaseFile, root);
	const files = found.filter((rel) => !isSecret(rel));
	const secretsLeftOut = found.filter(isSecret);
	for (const rel of files) {
		const target = join(dir, BACKUP_FILES, rel);
		mkdirSync(dirname(target), { recursive: true });
		copyFileSync(join(dirname(resolve(databaseFile)), rel), target);
	}
	const manifest: BackupManifest = {
		createdAt: now.toISOString(),
		source: resolve(databaseFile),
		migrations,
		files,
		secretsLeftOut
	};
	writeFileSync(join(dir, BACKUP_MANIFEST), JSON.stringify(manifest, null, '\t') + '\n');
	return { dir, manifest };
}

/** Why a backup folder cannot be restored, or null when it can. */
export function checkBackup(dir: string): string | null {
	const file = join(dir, BACKUP_DATABASE);
	if (!existsSync(file) || !statSync(file).isFile()) return `no ${BACKUP_DATABASE} in ${dir}`;
	let db: SQLite.Database | undefined;
	try {
		db = new SQLite(file, { readonly: true, fileMustExist: true });
		const result = db.pragma('integrity_check') as { integrity_check: string }[];
		const problems = result.map((r) => r.integrity_check).filter((r) => r !== 'ok');
		if (problems.length > 0) return `integrity check failed: ${problems.slice(0, 3).join('; ')}`;
		const applied = appliedMigrations(db);
		if (applied.length === 0) return 'not an orgweb database (no migrations recorded)';
		const unknown = applied.filter((name) => !MIGRATION_NAMES.includes(name));
		if (unknown.length > 0) {
			return `made by a newer version (unknown migrations: ${unknown.join(', ')})`;
		}
		return null;
	} catch (error) {
		return `not a readable SQLite database: ${error instanceof Error ? error.message : error}`;
	} finally {
		db?.close();
	}
}

/**
 * Whether another process has the database open. A WAL database cannot leave WAL mode while
 * another connection is open, so trying to is the test; a free database is left in rollback
 * mode, which is fine as it is about to be replaced.
 */
export function databaseInUse(databaseFile: string): boolean {
	if (!existsSync(databaseFile)) return false;
	const db = new SQLite(databaseFile, { fileMustExist: true });
	try {
		db.pragma('busy_timeout = 0');
		const mode = db.pragma('journal_mode = DELETE', { simple: true });
		return mode !== 'delete';
	} catch {
		return true;
	} finally {
		db.close();
	}
}

/**
 * Puts a backup in place of `databaseFile` (and its files back into the database's folder). The
 * database it replaces is kept next to it as <name>.before-restore-<time>. Refuses a backup that
 * fails its check and a database another process has open.
 */
export function restoreBackup(
	dir: string,
	databaseFile: string,
	now = new Date()
): { replaced: string | null } {
	const problem = checkBackup(dir);
	if (problem) throw new BackupError(`refusing to restore ${dir}: ${problem}`);
	if (databaseInUse(databaseFile)) {
		throw new BackupError(
			`refusing to restore: ${databaseFile} is open in another process (stop the site first)`
		);
	}
	const folder = dirname(resolve(databaseFile));
	mkdirSync(folder, { recursive: true });
	let replaced: string | null = null;
	if (existsSync(databaseFile)) {
		replaced = `${databaseFile}.before-restore-${backupName(now)}`;
		renameSync(databaseFile, replaced);
	}
	for (const suffix of ['-wal', '-shm', '-journal']) rmSync(databaseFile + suffix, { force: true });
	// Copied beside the target, then renamed: a crash mid-copy never leaves a partial database.
	const partial = `${databaseFile}.restoring`;
	copyFileSync(join(dir, BACKUP_DATABASE), partial);
	renameSync(partial, databaseFile);
	if (existsSync(join(dir, BACKUP_FILES))) {
		cpSync(join(dir, BACKUP_FILES), folder, { recursive: true });
	}
	return { replaced };
}

/** The manifest of a backup folder, when it has a readable one. */
export function readManifest(dir: string): BackupManifest | null {
	try {
		return JSON.parse(readFileSync(join(dir, BACKUP_MANIFEST), 'utf8')) as BackupManifest;
	} catch {
		return null;
	}
}
