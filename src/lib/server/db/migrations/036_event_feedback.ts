import { sql, type Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Event feedback (issue 33, feedback/): whether an event asks its attendees for feedback (a row
// per event the organisers turned it on or off for; none is off), and each attendee's one answer,
// a rating 1–5 and an optional comment, changed in place until the form closes. The answer keeps
// the member's id only so that they can change, export and delete it: the organisers' results
// never name anyone. identity/privacy.ts deletes a member's answers with their account.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('event_feedback_settings')
		.addColumn('event_id', 'text', (c) =>
			c.primaryKey().references('events.id').onDelete('cascade')
		)
		.addColumn('enabled', 'integer', (c) => c.notNull())
		.addColumn('updated_at', timestampType(db), (c) => c.notNull())
		.execute();
	await db.schema
		.createTable('event_feedback')
		.addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
		.addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
		.addColumn('comment', 'text')
		.addColumn('created_at', timestampType(db), (c) => c.notNull())
		.addColumn('updated_at', timestampType(db), (c) => c.notNull())
		.addPrimaryKeyConstraint('event_feedback_pk', ['event_id', 'user_id'])
		.execute();
	await db.schema
		.createIndex('event_feedback_user')
		.on('event_feedback')
		.column('user_id')
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('event_feedback').execute();
	await db.schema.dropTable('event_feedback_settings').execute();
}
