// `npm run backup [folder]` and `npm run restore <backup>`: the scripts in scripts/ load this
// module and pass their arguments; the database and the default folder come from the config.
import { resolve } from 'node:path';
import { ConfigError, parseConfig } from '../config';
import { BackupError, backupDatabase, defaultBackupDir, restoreBackup } from './backup';

interface Io {
	out: (line: string) => void;
	err: (line: string) => void;
}

const consoleIo: Io = { out: (l) => console.log(l), err: (l) => console.error(l) };

const ON_POSTGRES =
	'DATABASE_URL is set: this site keeps its data in PostgreSQL; back it up with pg_dump and ' +
	'restore with pg_restore (README, "Running on PostgreSQL with several instances"). ' +
	'Unset DATABASE_URL to use this command on the SQLite file.';

/** Returns the exit code. */
export async function backupCommand(
	args: string[],
	env: Record<string, string | undefined>,
	io: Io = consoleIo
): Promise<number> {
	try {
		const config = parseConfig(env);
		if (config.DATABASE_URL) {
			io.err(ON_POSTGRES);
			return 2;
		}
		const root = args[0] ?? config.BACKUP_DIR ?? defaultBackupDir(config.DATABASE_FILE);
		const { dir, manifest } = await backupDatabase(config.DATABASE_FILE, { backupRoot: root });
		io.out(`backup of ${config.DATABASE_FILE} (${manifest.files.length} other files) in ${dir}`);
		for (const key of manifest.secretsLeftOut ?? []) {
			io.out(`not in the backup: ${key} (a key; keep a copy of it apart from the backups)`);
		}
		return 0;
	} catch (error) {
		io.err(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
		return 1;
	}
}

/** Returns the exit code. */
export async function restoreCommand(
	args: string[],
	env: Record<string, string | undefined>,
	io: Io = consoleIo
): Promise<number> {
	const dir = args[0];
	if (!dir) {
		io.err('usage: npm run restore -- <backup folder>   (restores into DATABASE_FILE)');
		return 2;
	}
	try {
		const config = parseConfig(env);
		if (config.DATABASE_URL) {
			io.err(ON_POSTGRES);
			return 2;
		}
		const { replaced } = restoreBackup(resolve(dir), config.DATABASE_FILE);
		io.out(`restored ${dir} into ${config.DATABASE_FILE}`);
		if (replaced) io.out(`the database it replaced is kept as ${replaced}`);
		return 0;
	} catch (error) {
		if (error instanceof BackupError || error instanceof ConfigError) io.err(error.message);
		else io.err(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
		return 1;
	}
}
