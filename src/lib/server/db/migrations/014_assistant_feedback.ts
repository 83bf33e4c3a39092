import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// What the assistant learns of what visitors miss (assistant/feedback.ts): one row per answer that
// found nothing or that a visitor rated. The question's text is kept only for those the site could
// not answer (not found, or rated unhelpful); a helpful rating keeps no text, only that it was
// given. Nothing here names who asked: no user, session or address column, by design.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	await db.schema
		.createTable('assistant_feedback')
		/** The answer's id, given to the client with the answer; a rating refers to it. */
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('locale', 'text', (c) => c.notNull())
		/** Masked text (e-mail addresses and long numbers out); null when kept for counting only. */
		.addColumn('question', 'text')
		/** 1: the answer quoted or cited the site; 0: it said it could not find anything. */
		.addColumn('found', 'integer', (c) => c.notNull())
		/** model | local */
		.addColumn('answered_by', 'text', (c) => c.notNull())
		/** helpful | unhelpful; null: not rated (yet). */
		.addColumn('rating', 'text')
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('rated_at', ts)
		.execute();
	await db.schema
		.createIndex('assistant_feedback_created')
		.on('assistant_feedback')
		.column('created_at')
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('assistant_feedback').execute();
}
