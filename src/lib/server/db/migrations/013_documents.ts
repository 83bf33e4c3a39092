import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Documents given to the assistant (documents/): the uploaded file, what was read out of it, and
// its text cut into passages, kept so that the assistant's index can be rebuilt after a restart
// without reading the files again. A document belongs to a unit or to the whole organisation
// (unit_id null), and answers in one language or both (locale null).
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('documents')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('file_id', 'text', (c) => c.notNull().unique().references('files.id'))
		.addColumn('title', 'text', (c) => c.notNull())
		/** no | en; null: both. */
		.addColumn('locale', 'text')
		.addColumn('unit_id', 'text', (c) => c.references('units.id'))
		.addColumn('uploaded_by', 'text', (c) => c.notNull().references('users.id'))
		.addColumn('characters', 'integer', (c) => c.notNull())
		.addColumn('passage_count', 'integer', (c) => c.notNull())
		.addColumn('created_at', timestampType(db), (c) => c.notNull())
		.execute();
	await db.schema.createIndex('documents_unit').on('documents').column('unit_id').execute();

	await db.schema
		.createTable('document_passages')
		.addColumn('document_id', 'text', (c) =>
			c.notNull().references('documents.id').onDelete('cascade')
		)
		.addColumn('position', 'integer', (c) => c.notNull())
		.addColumn('heading', 'text')
		.addColumn('text', 'text', (c) => c.notNull())
		.addPrimaryKeyConstraint('document_passages_pk', ['document_id', 'position'])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('document_passages').execute();
	await db.schema.dropTable('documents').execute();
}
