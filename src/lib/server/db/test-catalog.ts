// Every text column of every table, read from the database's own catalog (Kysely's introspection:
// sqlite_master and PRAGMA table_info on SQLite, pg_catalog on PostgreSQL), and where a string
// occurs in them: for tests that must cover a table added later without being told of it (the
// privacy tests ask where a person is still named after their account is deleted).
import { sql } from 'kysely';
import type { Db } from './index';

const TEXT = /^(text|varchar|character varying)$/i;

/** Table name → its text columns, every table of the schema but Kysely's migration tables. */
export async function textColumns(db: Db): Promise<Map<string, string[]>> {
	const tables = await db.introspection.getTables();
	return new Map(
		tables
			.filter((t) => !t.isView)
			.map((t) => [t.name, t.columns.filter((c) => TEXT.test(c.dataType)).map((c) => c.name)])
	);
}

/**
 * The `table.column`s (of `columns`) holding `needle` anywhere in a value, compared case-blind.
 * One query per table.
 */
export async function columnsHolding(
	db: Db,
	columns: Map<string, string[]>,
	needle: string
): Promise<string[]> {
	const pattern = `%${needle.toLowerCase()}%`;
	const found: string[] = [];
	for (const [table, names] of columns) {
		if (names.length === 0) continue;
		const hits = sql.join(
			names.map(
				(c) =>
					sql`max(case when lower(${sql.ref(c)}) like ${pattern} then 1 else 0 end) as ${sql.id(c)}`
			)
		);
		const { rows } = await sql<Record<string, number | null>>`
			select ${hits} from ${sql.table(table)}`.execute(db);
		for (const c of names) if (Number(rows[0]?.[c] ?? 0) === 1) found.push(`${table}.${c}`);
	}
	return found.sort();
}
