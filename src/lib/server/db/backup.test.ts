import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	BACKUP_DATABASE,
	backupDatabase,
	checkBackup,
	databaseInUse,
	readManifest,
	restoreBackup
} from './backup';
import { backupCommand, restoreCommand } from './backup-cli';
import { MIGRATION_NAMES, migrate, openSqlite, pendingOnExisting } from './index';
import * as m001 from './migrations/001_initial';

// Real files in a temporary folder: a migrated database in WAL mode, as the site keeps it.
let dir: string;
let dbFile: string;

beforeEach(async () => {
	dir = mkdtempSync(join(tmpdir(), 'orgweb-backup-'));
	dbFile = join(dir, 'data', 'orgweb.db');
	const db = openSqlite(dbFile);
	await migrate(db);
	await db.insertInto('app_meta').values({ key: 'marker', value: 'before-backup' }).execute();
	await db.destroy();
	mkdirSync(join(dir, 'data', 'uploads'));
	writeFileSync(join(dir, 'data', 'uploads', 'poster.txt'), 'a poster');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const marker = (file: string) => {
	const db = new SQLite(file, { readonly: true });
	try {
		return (
			db.prepare("select value from app_meta where key = 'marker'").get() as
				{ value: string } | undefined
		)?.value;
	} finally {
		db.close();
	}
};

const setMarker = (file: string, value: string) => {
	const db = new SQLite(file);
	db.prepare("update app_meta set value = ? where key = 'marker'").run(value);
	db.close();
};

describe('backup', () => {
	it('copies the database and the data folder into a timestamped folder under data/backups', async () => {
		const now = new Date('2026-11-23T14:20:05.123Z');
		const { dir: backup, manifest } = await backupDatabase(dbFile, { now });

		expect(backup).toBe(join(dir, 'data', 'backups', '2026-11-23T14-20-05-123Z'));
		expect(marker(join(backup, BACKUP_DATABASE))).toBe('before-backup');
		expect(readFileSync(join(backup, 'files', 'uploads', 'poster.txt'), 'utf8')).toBe('a poster');
		expect(manifest.files).toEqual(['uploads/poster.txt']);
		expect(manifest.migrations).toEqual(MIGRATION_NAMES);
		expect(readManifest(backup)).toEqual(manifest);
		// Standalone: no WAL file is needed next to the copy.
		expect(existsSync(join(backup, `${BACKUP_DATABASE}-wal`))).toBe(false);
		expect(checkBackup(backup)).toBeNull();
	});

	it('leaves the payout-account key out of the backup, and a restore keeps the key in place', async () => {
		const key = join(dir, 'data', 'expense-account.key');
		writeFileSync(key, 'the key');
		const { dir: backup, manifest } = await backupDatabase(dbFile);
		expect(manifest.secretsLeftOut).toEqual(['expense-account.key']);
		expect(manifest.files).not.toContain('expense-account.key');
		expect(existsSync(join(backup, 'files', 'expense-account.key'))).toBe(false);
		restoreBackup(backup, dbFile);
		expect(readFileSync(key, 'utf8')).toBe('the key');
	});

	it('a second backup in the same millisecond gets its own folder, and backups are not backed up', async () => {
		const now = new Date('2026-11-23T14:20:05.123Z');
		const first = await backupDatabase(dbFile, { now });
		const second = await backupDatabase(dbFile, { now });

		expect(second.dir).not.toBe(first.dir);
		expect(second.manifest.files).toEqual(['uploads/poster.txt']);
	});

	it('takes a consistent copy while another connection keeps writing', async () => {
		const writer = new SQLite(dbFile);
		writer.pragma('busy_timeout = 5000');
		writer.exec('create table pairs (n integer, side text)');
		const insert = writer.prepare('insert into pairs values (?, ?)');
		const pair = writer.transaction((n: number) => {
			insert.run(n, 'left');
			insert.run(n, 'right');
		});
		let n = 0;
		let writing = true;
		const writes = (async () => {
			while (writing) {
				pair(n++);
				await new Promise((r) => setImmediate(r));
			}
		})();
		await new Promise((r) => setTimeout(r, 20));
		const { dir: backup } = await backupDatabase(dbFile, { backupRoot: join(dir, 'b') });
		writing = false;
		await writes;
		writer.close();

		const copy = new SQLite(join(backup, BACKUP_DATABASE), { readonly: true });
		const sides = copy.prepare('select n, count(*) as c from pairs group by n having c != 2').all();
		const copied = (copy.prepare('select count(*) as c from pairs').get() as { c: number }).c;
		copy.close();
		expect(copied).toBeGreaterThan(0);
		expect(sides).toEqual([]);
	});

	it('the command writes into the folder it is given and says where', async () => {
		const out: string[] = [];
		const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(`ERR ${l}`) };
		const code = await backupCommand([join(dir, 'elsewhere')], { DATABASE_FILE: dbFile }, io);

		expect(code).toBe(0);
		expect(out.join('\n')).toContain(join(dir, 'elsewhere'));
		expect(await backupCommand([], { DATABASE_FILE: join(dir, 'missing.db') }, io)).toBe(1);
		expect(out.at(-1)).toMatch(/^ERR backup failed: no database at/);
		expect(
			await backupCommand(
				[],
				{ DATABASE_FILE: dbFile, BACKUP_DIR: '', DATABASE_BUSY_TIMEOUT_MS: 'soon' },
				io
			)
		).toBe(1);
		expect(out.at(-1)).toMatch(
			/^ERR backup failed: Invalid configuration: DATABASE_BUSY_TIMEOUT_MS/
		);
	});

	it('on a PostgreSQL site both commands refuse and point to pg_dump, touching no file', async () => {
		const out: string[] = [];
		const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(`ERR ${l}`) };
		const env = { DATABASE_FILE: dbFile, DATABASE_URL: 'postgres://orgweb@127.0.0.1:5432/orgweb' };
		expect(await backupCommand([join(dir, 'pg-backups')], env, io)).toBe(2);
		expect(out.at(-1)).toMatch(/^ERR DATABASE_URL is set: .*pg_dump/);
		expect(existsSync(join(dir, 'pg-backups'))).toBe(false);
		expect(await restoreCommand([join(dir, 'pg-backups')], env, io)).toBe(2);
		expect(out.at(-1)).toMatch(/pg_restore/);
	});
});

describe('restore', () => {
	it('puts the backup and its files back and keeps the database it replaced', async () => {
		const { dir: backup } = await backupDatabase(dbFile);
		setMarker(dbFile, 'after-backup');
		rmSync(join(dir, 'data', 'uploads'), { recursive: true });

		const { replaced } = restoreBackup(backup, dbFile);

		expect(marker(dbFile)).toBe('before-backup');
		expect(readFileSync(join(dir, 'data', 'uploads', 'poster.txt'), 'utf8')).toBe('a poster');
		expect(marker(replaced!)).toBe('after-backup');
	});

	it('restores into a fresh folder', async () => {
		const { dir: backup } = await backupDatabase(dbFile);
		const fresh = join(dir, 'fresh', 'orgweb.db');

		expect(restoreBackup(backup, fresh).replaced).toBeNull();
		expect(marker(fresh)).toBe('before-backup');
	});

	it('refuses while another process has the database open', async () => {
		const { dir: backup } = await backupDatabase(dbFile);
		const site = new SQLite(dbFile);
		site.pragma('journal_mode = WAL');
		setMarker(dbFile, 'live');
		try {
			expect(databaseInUse(dbFile)).toBe(true);
			expect(() => restoreBackup(backup, dbFile)).toThrow(/is open in another process/);
			expect(marker(dbFile)).toBe('live');
		} finally {
			site.close();
		}
		expect(databaseInUse(dbFile)).toBe(false);
	});

	it('refuses a damaged file, a database that is not orgweb and one from a newer version', async () => {
		const { dir: backup } = await backupDatabase(dbFile);
		const copy = join(backup, BACKUP_DATABASE);
		const good = readFileSync(copy);

		// Damage the middle of the file: pages the integrity check reads.
		const damaged = Buffer.from(good);
		damaged.fill(0x5a, 8192, 16384);
		writeFileSync(copy, damaged);
		expect(checkBackup(backup)).toMatch(/integrity check failed|not a readable SQLite database/);
		expect(() => restoreBackup(backup, dbFile)).toThrow(/refusing to restore/);
		expect(marker(dbFile)).toBe('before-backup');

		writeFileSync(copy, good);
		const other = new SQLite(copy);
		other.exec("insert into kysely_migration (name, timestamp) values ('999_future', 'x')");
		other.close();
		expect(checkBackup(backup)).toBe('made by a newer version (unknown migrations: 999_future)');

		rmSync(copy);
		const plain = new SQLite(copy);
		plain.exec('create table notes (text)');
		plain.close();
		expect(checkBackup(backup)).toBe('not an orgweb database (no migrations recorded)');
		expect(checkBackup(join(dir, 'nothing-here'))).toMatch(/^no database.db in /);
	});

	it('the command needs a folder and exits non-zero with the reason when it refuses', async () => {
		const lines: string[] = [];
		const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };
		expect(await restoreCommand([], { DATABASE_FILE: dbFile }, io)).toBe(2);
		expect(await restoreCommand([dir], { DATABASE_FILE: dbFile }, io)).toBe(1);
		expect(lines.at(-1)).toMatch(/^ERR refusing to restore .*: no database.db in/);
	});
});

describe('pending migrations on an existing database', () => {
	it('are none for a new database and for an up-to-date one, and named for an older one', async () => {
		const fresh = openSqlite(':memory:');
		expect(await pendingOnExisting(fresh)).toEqual([]);
		await migrate(fresh);
		expect(await pendingOnExisting(fresh)).toEqual([]);
		await fresh.destroy();

		const older = openSqlite(':memory:');
		await new Migrator({
			db: older,
			provider: { getMigrations: async () => ({ '001_initial': m001 }) }
		}).migrateToLatest();
		expect(await pendingOnExisting(older)).toEqual(MIGRATION_NAMES.slice(1));
		await older.destroy();
	});
});
