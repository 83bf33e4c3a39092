// The database as a test sees it from outside the server: every table's rows (to show that a
// failed request wrote nothing), and a second connection holding the write lock.
import Database from 'better-sqlite3';
import { withDb } from './fixtures';

/** Every user table's rows, in a stable order, as one comparable value. */
export function snapshot(file: string): Record<string, unknown[]> {
	return withDb(file, (db) => {
		const tables = db
			.prepare(
				"select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name"
			)
			.all() as { name: string }[];
		return Object.fromEntries(
			tables.map(({ name }) => [
				name,
				(db.prepare(`select * from "${name}"`).all() as unknown[])
					.map((row) => JSON.stringify(row))
					.sort()
			])
		);
	});
}

/** Holds the database's write lock (BEGIN IMMEDIATE) until release() is called. */
export function holdWriteLock(file: string): { release(): void } {
	const db = new Database(file);
	db.prepare('begin immediate').run();
	return {
		release() {
			db.prepare('rollback').run();
			db.close();
		}
	};
}

/** What a response body must never show: a stack or the driver's error. */
export const STACK_OR_DRIVER =
	/\bat .+:\d+:\d+|SqliteError|SQLITE_|node_modules|database is locked/i;
