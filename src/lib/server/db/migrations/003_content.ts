import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Projects of the organisation (public pages /projects and /projects/[slug]). Portable DDL, like 001.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	let table = db.schema
		.createTable('projects')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('slug', 'text', (c) => c.notNull().unique())
		.addColumn('unit_id', 'text', (c) => c.references('units.id'))
		.addColumn('status', 'text', (c) => c.notNull())
		.addColumn('started_at', ts, (c) => c.notNull())
		.addColumn('image', 'text')
		.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0));
	for (const name of ['title', 'summary', 'body']) {
		table = table
			.addColumn(`${name}_no`, 'text', (c) => c.notNull().defaultTo(''))
			.addColumn(`${name}_en`, 'text', (c) => c.notNull().defaultTo(''));
	}
	await table.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('projects').execute();
}
