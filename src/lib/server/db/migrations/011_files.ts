import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Every upload the site keeps (files/): who uploaded it, what it is for, what the bytes are (the
// type found in them, not the one claimed), where they are kept, and for images their size and
// thumbnail. The bytes themselves are in the files folder, not in the database.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('files')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
		/** receipt | image | application | document */
		.addColumn('purpose', 'text', (c) => c.notNull())
		.addColumn('mime_type', 'text', (c) => c.notNull())
		.addColumn('size', 'integer', (c) => c.notNull())
		/** Of the bytes as uploaded (duplicate receipts), hex. */
		.addColumn('sha256', 'text', (c) => c.notNull())
		.addColumn('original_name', 'text', (c) => c.notNull())
		.addColumn('storage_key', 'text', (c) => c.notNull().unique())
		.addColumn('width', 'integer')
		.addColumn('height', 'integer')
		.addColumn('thumbnail_key', 'text')
		.addColumn('created_at', timestampType(db), (c) => c.notNull())
		.execute();
	await db.schema.createIndex('files_owner').on('files').columns(['owner_id']).execute();
	await db.schema.createIndex('files_sha256').on('files').columns(['sha256']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('files').execute();
}
