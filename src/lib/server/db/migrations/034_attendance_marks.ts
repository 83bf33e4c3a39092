import type { Kysely } from 'kysely';

// Attendance and the marks ladder (issue 33): each confirmed registration's state after the event
// (present, late or no-show; arrivals come from the door check-in, an organiser may correct one
// with a reason), and the marks a member was given (a no-show, a late unregistration), each with
// the event's start, from which its expiry is counted, and, once an organiser removed it, who, when
// and why. The ladder itself is a site setting (app_meta, key `marks_ladder`).
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('attendance')
		.addColumn('registration_id', 'text', (c) =>
			c.primaryKey().references('registrations.id').onDelete('cascade')
		)
		.addColumn('event_id', 'text', (c) => c.notNull())
		.addColumn('user_id', 'text', (c) => c.notNull())
		.addColumn('state', 'text', (c) => c.notNull())
		.addColumn('arrived_at', 'text')
		.addColumn('reason', 'text')
		.addColumn('updated_at', 'text', (c) => c.notNull())
		.execute();
	await db.schema.createIndex('attendance_event').on('attendance').column('event_id').execute();
	await db.schema
		.createTable('marks')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
		.addColumn('event_id', 'text', (c) => c.notNull())
		.addColumn('registration_id', 'text', (c) => c.notNull())
		.addColumn('kind', 'text', (c) => c.notNull())
		.addColumn('weight', 'integer', (c) => c.notNull())
		.addColumn('event_at', 'text', (c) => c.notNull())
		.addColumn('created_at', 'text', (c) => c.notNull())
		.addColumn('removed_at', 'text')
		.addColumn('removed_by', 'text')
		.addColumn('removed_reason', 'text')
		.execute();
	await db.schema.createIndex('marks_user').on('marks').column('user_id').execute();
	await db.schema
		.createIndex('marks_registration_kind')
		.on('marks')
		.columns(['registration_id', 'kind'])
		.unique()
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('marks').execute();
	await db.schema.dropTable('attendance').execute();
}
