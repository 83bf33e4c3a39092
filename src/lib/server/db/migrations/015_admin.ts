import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// What running the site from the browser needs of the content tables (content/editor.ts):
// - draft (1: not public) and published_at (unset: public once not a draft; a future time: it
//   becomes public then) on everything the admin publishes; news already has published_at;
// - version, raised by every change, so that two people editing one record are told instead of one
//   silently undoing the other;
// - an uploaded image (the files port) with its alt text per locale;
// - file_variants: the sizes and formats (AVIF, WebP) of an uploaded content image, made once;
// - slug_redirects: the old address of a renamed page, job, project or product keeps working;
// - admin_grants: admins named in the database, besides ADMIN_EMAILS.
// Every existing row stays public and at version 1.
const PUBLISHED = ['events', 'news', 'jobs', 'projects', 'pages', 'units'] as const;
const VERSIONED = [...PUBLISHED, 'products', 'leaders', 'campuses'] as const;
const WITH_IMAGE = ['events', 'news', 'projects', 'units', 'products'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	for (const table of PUBLISHED) {
		await db.schema
			.alterTable(table)
			.addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
			.execute();
		if (table !== 'news') await db.schema.alterTable(table).addColumn('published_at', ts).execute();
	}
	for (const table of VERSIONED) {
		await db.schema
			.alterTable(table)
			.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
			.execute();
	}
	for (const table of WITH_IMAGE) {
		// One column per statement: SQLite adds one at a time.
		await db.schema
			.alterTable(table)
			.addColumn('image_file_id', 'text', (c) => c.references('files.id'))
			.execute();
		await db.schema.alterTable(table).addColumn('image_alt_no', 'text').execute();
		await db.schema.alterTable(table).addColumn('image_alt_en', 'text').execute();
	}

	await db.schema
		.createTable('file_variants')
		.addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
		/** avif | webp */
		.addColumn('format', 'text', (c) => c.notNull())
		.addColumn('width', 'integer', (c) => c.notNull())
		.addColumn('height', 'integer', (c) => c.notNull())
		.addColumn('size', 'integer', (c) => c.notNull())
		.addColumn('storage_key', 'text', (c) => c.notNull())
		.addPrimaryKeyConstraint('file_variants_pk', ['file_id', 'format', 'width'])
		.execute();

	await db.schema
		.createTable('slug_redirects')
		/** events | news | jobs | projects | pages | units | products */
		.addColumn('kind', 'text', (c) => c.notNull())
		.addColumn('slug', 'text', (c) => c.notNull())
		/** The record's current slug (pages: its path) or id. */
		.addColumn('target', 'text', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addPrimaryKeyConstraint('slug_redirects_pk', ['kind', 'slug'])
		.execute();

	await db.schema
		.createTable('admin_grants')
		.addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
		.addColumn('granted_by', 'text', (c) => c.notNull())
		.addColumn('granted_at', ts, (c) => c.notNull())
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('admin_grants').execute();
	await db.schema.dropTable('slug_redirects').execute();
	await db.schema.dropTable('file_variants').execute();
	for (const table of WITH_IMAGE) {
		for (const column of ['image_alt_en', 'image_alt_no', 'image_file_id']) {
			await db.schema.alterTable(table).dropColumn(column).execute();
		}
	}
	for (const table of VERSIONED) await db.schema.alterTable(table).dropColumn('version').execute();
	for (const table of PUBLISHED) {
		await db.schema.alterTable(table).dropColumn('draft').execute();
		if (table !== 'news') await db.schema.alterTable(table).dropColumn('published_at').execute();
	}
}
