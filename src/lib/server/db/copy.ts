// Moving a site from its SQLite file to PostgreSQL (`npm run db:copy`). The target is migrated by
// the same migrations, then every table is copied parents first inside ONE PostgreSQL
// transaction: a failure anywhere leaves the target as empty as it was. Every inserted row is read
// back (RETURNING) and compared with its source, so a value PostgreSQL would store differently (a
// timestamp not in the application's ISO form, say) stops the copy instead of changing the site.
import { sql, type Kysely } from 'kysely';
import { engineOf } from './dialect';
import { MIGRATION_NAMES, MIGRATION_TABLE, migrate, openSqlite, type Db } from './index';
import { STARTUP_LOCK } from './postgres';

export class CopyError extends Error {
	override name = 'CopyError';
}

export interface TableCopied {
	table: string;
	rows: number;
}

export interface CopyOptions {
	/** Rows per INSERT (fewer when a table has many columns: PostgreSQL takes 65 535 parameters). */
	batchSize?: number;
	/**
	 * Whether someone wrote to the source since this was last asked (the site still running);
	 * asked before the first row is read and again before the commit. Yes: the copy is rolled back.
	 */
	sourceChanged?: () => boolean;
	/** Called after each table is copied (progress for the command line). */
	onTable?: (copied: TableCopied) => void | Promise<void>;
}

export interface CopyResult {
	tables: TableCopied[];
	rows: number;
	/** Migrations applied to the target before copying. */
	migrated: string[];
}

// Rows go through untyped: the copy reads its tables from the schema, not from Database.
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
type Row = Record<string, unknown>;

const MIGRATION_TABLES = new Set([MIGRATION_TABLE, `${MIGRATION_TABLE}_lock`]);
const MAX_PARAMETERS = 60_000;
// The lock a starting instance holds while it migrates and seeds (postgres.ts): an instance
// started on the target during the copy waits for it, then finds the site already seeded.

interface TableShape {
	name: string;
	columns: string[];
	primaryKey: string[];
	parents: string[];
}

/** Copies every table of the SQLite database `from` into the new PostgreSQL database `to`. */
export async function copyDatabase(
	from: Db,
	to: Db,
	options: CopyOptions = {}
): Promise<CopyResult> {
	if (engineOf(from) !== 'sqlite') throw new CopyError('the source must be an SQLite database');
	if (engineOf(to) !== 'postgres') throw new CopyError('the target must be a PostgreSQL database');
	const source = from as unknown as AnyDb;
	const target = to as unknown as AnyDb;

	checkMigrations('the SQLite database', await sqliteMigrations(source), { mustHaveAll: true });
	checkMigrations('the PostgreSQL database', await pgMigrations(target), { mustHaveAll: false });
	const migrated = await migrate(to);

	const tables = inParentOrder(await sqliteTables(source));
	await checkTargetColumns(target, tables);
	const fresh = await freshRows(tables);

	const copied = await target.transaction().execute(async (pg) => {
		await sql`select pg_advisory_xact_lock(hashtext(${STARTUP_LOCK}))`.execute(pg);
		await refuseNonEmpty(pg, tables, fresh);
		// What the migrations inserted (catalogue rows) comes again from the source, as it is there.
		for (const table of [...tables].reverse()) await pg.deleteFrom(table.name).execute();

		options.sourceChanged?.();
		const counts = await source.transaction().execute(async (lite) => {
			const result: TableCopied[] = [];
			for (const table of tables) {
				const rows = await copyTable(lite, pg, table, options.batchSize ?? 500);
				const copiedTable = { table: table.name, rows };
				result.push(copiedTable);
				await options.onTable?.(copiedTable);
			}
			return result;
		});
		if (options.sourceChanged?.()) {
			throw new CopyError(
				'the SQLite database was written to during the copy (is the site still running?): stop the site and copy again; the PostgreSQL database is left empty'
			);
		}
		await verifyCounts(pg, counts);
		return counts;
	});
	return { tables: copied, rows: copied.reduce((n, t) => n + t.rows, 0), migrated };
}

async function sqliteMigrations(db: AnyDb): Promise<string[] | null> {
	const { rows } = await sql<{
		name: string;
	}>`select name from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(db);
	if (rows.length === 0) return null;
	return (
		await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db)
	).rows.map((r) => r.name);
}

async function pgMigrations(db: AnyDb): Promise<string[] | null> {
	const { rows } = await sql<{
		found: string | null;
	}>`select to_regclass(${MIGRATION_TABLE})::text as found`.execute(db);
	if (!rows[0]?.found) return null;
	return (
		await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db)
	).rows.map((r) => r.name);
}

function checkMigrations(
	what: string,
	applied: string[] | null,
	{ mustHaveAll }: { mustHaveAll: boolean }
): void {
	if (applied === null) {
		if (mustHaveAll)
			throw new CopyError(`${what} has no migrations applied: is it an orgweb database?`);
		return;
	}
	const unknown = applied.filter((name) => !MIGRATION_NAMES.includes(name)).sort();
	if (unknown.length > 0) {
		throw new CopyError(
			`${what} was written by a newer orgweb (migrations ${unknown.join(', ')} are unknown to this version): run db:copy from that version`
		);
	}
	const missing = MIGRATION_NAMES.filter((name) => !applied.includes(name));
	if (mustHaveAll && missing.length > 0) {
		throw new CopyError(
			`${what} lacks migrations ${missing.join(', ')}: start the site once on this version (it migrates the file at start), stop it, then copy`
		);
	}
}

async function sqliteTables(db: AnyDb): Promise<TableShape[]> {
	const { rows } = await sql<{ name: string }>`
		select name from sqlite_master
		where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`.execute(db);
	const shapes: TableShape[] = [];
	for (const { name } of rows) {
		if (MIGRATION_TABLES.has(name)) continue;
		const info = await sql<{
			name: string;
			pk: number;
		}>`select name, pk from pragma_table_info(${name}) order by cid`.execute(db);
		const keys = await sql<{
			table: string;
		}>`select "table" from pragma_foreign_key_list(${name})`.execute(db);
		shapes.push({
			name,
			columns: info.rows.map((c) => c.name),
			primaryKey: info.rows
				.filter((c) => c.pk > 0)
				.sort((a, b) => a.pk - b.pk)
				.map((c) => c.name),
			parents: [...new Set(keys.rows.map((k) => k.table))]
		});
	}
	return shapes;
}

/** Parents before the tables that refer to them, computed from the foreign keys. */
export function inParentOrder(tables: TableShape[]): TableShape[] {
	const byName = new Map(tables.map((t) => [t.name, t]));
	const ordered: TableShape[] = [];
	const state = new Map<string, 'visiting' | 'done'>();
	const visit = (table: TableShape, path: string[]) => {
		if (state.get(table.name) === 'done') return;
		if (state.get(table.name) === 'visiting') {
			throw new CopyError(
				`the foreign keys form a cycle (${[...path, table.name].join(' → ')}): db:copy cannot order these tables`
			);
		}
		state.set(table.name, 'visiting');
		for (const parent of table.parents) {
			if (parent === table.name) {
				// Rows of one table referring to each other would need ordering within the table.
				throw new CopyError(`${table.name} refers to itself: db:copy cannot order its rows yet`);
			}
			const shape = byName.get(parent);
			if (shape) visit(shape, [...path, table.name]);
		}
		state.set(table.name, 'done');
		ordered.push(table);
	};
	for (const table of tables) visit(table, []);
	return ordered;
}

async function checkTargetColumns(db: AnyDb, tables: TableShape[]): Promise<void> {
	const { rows } = await sql<{ table_name: string; column_name: string }>`
		select table_name, column_name from information_schema.columns
		where table_schema = current_schema()`.execute(db);
	const columns = new Map<string, Set<string>>();
	for (const r of rows) {
		if (!columns.has(r.table_name)) columns.set(r.table_name, new Set());
		columns.get(r.table_name)!.add(r.column_name);
	}
	for (const table of tables) {
		const there = columns.get(table.name);
		if (!there) throw new CopyError(`the PostgreSQL database has no table ${table.name}`);
		const differ = [
			...table.columns.filter((c) => !there.has(c)),
			...[...there].filter((c) => !table.columns.includes(c))
		];
		if (differ.length > 0) {
			throw new CopyError(
				`${table.name} has different columns on the two databases (${differ.sort().join(', ')})`
			);
		}
	}
}

/** What each table holds right after migrating (catalogue rows some migrations insert). */
async function freshRows(tables: TableShape[]): Promise<Map<string, string[]>> {
	const db = openSqlite(':memory:');
	try {
		await migrate(db);
		const untyped = db as unknown as AnyDb;
		const rows = new Map<string, string[]>();
		for (const table of tables) {
			rows.set(table.name, rowSet(await untyped.selectFrom(table.name).selectAll().execute()));
		}
		return rows;
	} finally {
		await db.destroy();
	}
}

async function refuseNonEmpty(
	pg: AnyDb,
	tables: TableShape[],
	fresh: Map<string, string[]>
): Promise<void> {
	const holding: string[] = [];
	for (const table of tables) {
		const expected = fresh.get(table.name) ?? [];
		const { rows: count } = await sql<{
			n: number;
		}>`select count(*) as n from ${sql.table(table.name)}`.execute(pg);
		const n = Number(count[0]?.n);
		// Only a table of the size a migration leaves needs its rows compared.
		const same =
			n === expected.length &&
			(n === 0 ||
				rowSet(await pg.selectFrom(table.name).selectAll().execute()).every(
					(r, i) => r === expected[i]
				));
		if (!same) holding.push(`${table.name}: ${n} rows`);
	}
	if (holding.length > 0) {
		throw new CopyError(
			`the PostgreSQL database already holds data (${holding.join(', ')}): db:copy fills only a new, empty database; create one (createdb) and copy into that`
		);
	}
}

async function copyTable(
	lite: AnyDb,
	pg: AnyDb,
	table: TableShape,
	batchSize: number
): Promise<number> {
	const size = Math.max(1, Math.min(batchSize, Math.floor(MAX_PARAMETERS / table.columns.length)));
	let after = Number.MIN_SAFE_INTEGER;
	let copied = 0;
	for (;;) {
		// Keyset by rowid: each batch is an index range, however far into the table.
		const { rows } = await sql<Row & { __copy_rowid: number }>`
			select rowid as __copy_rowid, * from ${sql.table(table.name)}
			where rowid > ${after} order by rowid limit ${size}`.execute(lite);
		if (rows.length === 0) return copied;
		after = rows[rows.length - 1]!.__copy_rowid;
		const batch = rows.map((r) => Object.fromEntries(table.columns.map((c) => [c, r[c]])));
		let stored: Row[];
		try {
			stored = await pg.insertInto(table.name).values(batch).returningAll().execute();
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error);
			throw new CopyError(
				`PostgreSQL refused a row of ${table.name} (rows ${copied + 1}–${copied + batch.length}): ${message}; the PostgreSQL database is left empty`
			);
		}
		compareStored(table, batch, stored);
		copied += batch.length;
	}
}

/** Every value must read back from PostgreSQL exactly as the site read it from SQLite. */
function compareStored(table: TableShape, batch: Row[], stored: Row[]): void {
	const keyOf = (row: Row) =>
		JSON.stringify(
			table.primaryKey.length > 0 ? table.primaryKey.map((c) => row[c]) : canonical(row)
		);
	const byKey = new Map(stored.map((row) => [keyOf(row), row]));
	for (const row of batch) {
		const back = byKey.get(keyOf(row));
		if (!back) throw new CopyError(`a row of ${table.name} did not read back: ${keyOf(row)}`);
		for (const column of table.columns) {
			const was = valueOf(row[column]);
			const is = valueOf(back[column]);
			if (was !== is) {
				throw new CopyError(
					`${table.name}.${column} of row ${keyOf(row)} would change from ${was} to ${is} on PostgreSQL; the PostgreSQL database is left empty`
				);
			}
		}
	}
}

async function verifyCounts(pg: AnyDb, counts: TableCopied[]): Promise<void> {
	for (const { table, rows } of counts) {
		const { rows: result } = await sql<{
			n: number;
		}>`select count(*) as n from ${sql.table(table)}`.execute(pg);
		const n = Number(result[0]?.n);
		if (n !== rows) {
			throw new CopyError(`${table} has ${n} rows on PostgreSQL after copying ${rows}`);
		}
	}
}

function valueOf(value: unknown): string {
	if (Buffer.isBuffer(value)) return `bytes:${value.toString('base64')}`;
	return JSON.stringify(value ?? null);
}

function canonical(row: Row): string {
	return JSON.stringify(
		Object.keys(row)
			.sort()
			.map((k) => [k, valueOf(row[k])])
	);
}

/** A table's rows as a sorted list of canonical JSON: equal lists, equal contents. */
export function rowSet(rows: Row[]): string[] {
	return rows.map(canonical).sort();
}
