import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Job applications (applications/): what an applicant sent for a job, its files, and what the
// unit's staff noted. Private: no public page shows them (db/private-tables.ts). The job cannot be
// deleted while it has applications (content/editor.ts refuses, so the foreign key never fires);
// an application's files and notes go with it. `owner_id` is the anonymous user row that owns the
// application's uploads in the files port (files.owner_id must name a user; applicants need no
// account): it goes with the application.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	await db.schema
		.createTable('job_applications')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id'))
		.addColumn('owner_id', 'text', (c) => c.notNull())
		.addColumn('name', 'text', (c) => c.notNull())
		.addColumn('email', 'text', (c) => c.notNull())
		.addColumn('phone', 'text', (c) => c.notNull())
		.addColumn('motivation', 'text', (c) => c.notNull())
		/** The page's language: the applicant's e-mails are in it. */
		.addColumn('locale', 'text', (c) => c.notNull())
		/** received | in_review | interview | offered | declined */
		.addColumn('status', 'text', (c) => c.notNull())
		/** Raised by every status change; a change made on an older version is refused. */
		.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
		/** SHA-256 (hex) of the withdraw link's token; the token itself is only in the e-mail. */
		.addColumn('withdraw_token_hash', 'text', (c) => c.notNull())
		/** The outbox rows of the confirmation and the unit's notices (JSON array of ids). */
		.addColumn('mail_ids', 'text', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('updated_at', ts, (c) => c.notNull())
		.execute();
	await db.schema
		.createIndex('job_applications_job')
		.on('job_applications')
		.columns(['job_id', 'created_at'])
		.execute();
	await db.schema
		.createIndex('job_applications_status')
		.on('job_applications')
		.columns(['status', 'created_at'])
		.execute();

	await db.schema
		.createTable('job_application_files')
		.addColumn('application_id', 'text', (c) =>
			c.notNull().references('job_applications.id').onDelete('cascade')
		)
		/** 0: the CV; 1–3: the attachments, in the order sent. */
		.addColumn('position', 'integer', (c) => c.notNull())
		.addColumn('file_id', 'text', (c) => c.notNull())
		.addPrimaryKeyConstraint('job_application_files_pk', ['application_id', 'position'])
		.execute();

	await db.schema
		.createTable('job_application_notes')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('application_id', 'text', (c) =>
			c.notNull().references('job_applications.id').onDelete('cascade')
		)
		.addColumn('author_id', 'text', (c) => c.notNull())
		.addColumn('body', 'text', (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.execute();
	await db.schema
		.createIndex('job_application_notes_application')
		.on('job_application_notes')
		.columns(['application_id', 'created_at'])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('job_application_notes').execute();
	await db.schema.dropTable('job_application_files').execute();
	await db.schema.dropTable('job_applications').execute();
}
