// What differs between the two engines, in one place. Everything else is written once with
// Kysely's builder and runs on both: ids are text, money is integer øre, flags are integer 0/1
// (better-sqlite3 cannot bind booleans), timestamps are ISO-8601 UTC strings in the application
// (text on SQLite, where they compare as strings; timestamptz on PostgreSQL, read back as the
// same strings by the type parsers in postgres.ts).
import { PostgresAdapter, sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Any Kysely instance or transaction, whatever its tables. */
type AnyDb = QueryExecutorProvider;

export function engineOf(db: AnyDb): Engine {
	return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** The column type of a point in time, for migrations. */
export function timestampType(db: AnyDb): 'timestamptz' | 'text' {
	return engineOf(db) === 'postgres' ? 'timestamptz' : 'text';
}

/**
 * A parameter in a SELECT list that feeds an INSERT: PostgreSQL types an unmarked parameter
 * there as text and then refuses it for an integer or timestamptz column; SQLite needs no cast.
 */
export function typedValue(
	db: AnyDb,
	value: string | number,
	type: 'integer' | 'timestamp'
): RawBuilder<unknown> {
	if (engineOf(db) === 'sqlite') return sql`${value}`;
	return type === 'integer' ? sql`cast(${value} as integer)` : sql`cast(${value} as timestamptz)`;
}

/**
 * Runs `query` as SELECT … FOR UPDATE: its rows stay locked until the transaction ends. SQLite has
 * one writer at a time and no row locks; there a writing transaction already excludes the others.
 */
export async function lockRows(
	db: AnyDb,
	query: { forUpdate(): { execute(): Promise<unknown> } }
): Promise<void> {
	if (engineOf(db) === 'postgres') await query.forUpdate().execute();
}

/**
 * Lets this transaction's COMMIT return before its WAL reaches the disk (PostgreSQL's
 * synchronous_commit, for this transaction only). A crash may lose the last such commits but never
 * corrupts anything. Only for short-lived holds: a stock reservation lost in a crash costs the
 * buyer one click, and a reservation commits while it holds the product's lock, so every other
 * buyer of that product waits for its disk flush too. SQLite (synchronous=NORMAL in WAL mode)
 * already commits this way.
 */
export async function commitWithoutFlushWait(trx: AnyDb): Promise<void> {
	if (engineOf(trx) === 'postgres') await sql`set local synchronous_commit = off`.execute(trx);
}

/**
 * Whether `error` is a refused duplicate of a unique column or primary key: the engine's own
 * error code (PostgreSQL's SQLSTATE 23505, better-sqlite3's extended result code), not the
 * wording of its message.
 */
export function isUniqueViolation(error: unknown): boolean {
	const code =
		typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
	return (
		code === '23505' ||
		code === 'SQLITE_CONSTRAINT_UNIQUE' ||
		code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
	);
}

/**
 * `text` as a literal part of a LIKE pattern: its `%`, `_` and `\` escaped with `\`, which the
 * statement names (`like ${pattern} escape '\'`) on both engines.
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
