import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Door check-in (issue 33, tickets/): one row per registration that came through the door, the
// first scan's time and door; a second scan, or another door's sync of the same ticket, finds the
// row and changes nothing. Deleting a registration (an account's erasure) deletes its check-in.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('check_ins')
		.addColumn('registration_id', 'text', (c) =>
			c.primaryKey().references('registrations.id').onDelete('cascade')
		)
		.addColumn('event_id', 'text', (c) =>
			c.notNull().references('event_registration.event_id').onDelete('cascade')
		)
		/** The door (a device's own name for itself) that scanned it first. */
		.addColumn('door', 'text', (c) => c.notNull())
		/** Who scanned it: an organiser, whose row stays (anonymised) when their account is deleted. */
		.addColumn('checked_by', 'text', (c) => c.notNull().references('users.id'))
		/** When it was scanned at the door: an offline scan keeps its own time, not its sync's. */
		.addColumn('at', timestampType(db), (c) => c.notNull())
		.addColumn('recorded_at', timestampType(db), (c) => c.notNull())
		.execute();
	await db.schema.createIndex('check_ins_event').on('check_ins').columns(['event_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('check_ins').execute();
}
