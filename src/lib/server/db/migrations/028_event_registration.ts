import { sql, type Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Event registration (registration/): an event's registration settings, its pools of seats and the
// registrations themselves. The settings row is the event's lock: every change to who holds a seat
// takes it first (FOR UPDATE on PostgreSQL; SQLite has one writer), so counts never race. The
// events table's own capacity stays the public display; event_registration.capacity is what
// registration admits. `users.campus_id` is the campus a person names in their profile (null: none
// named), read by pools open to one campus; no foreign key, so that `down` can drop it on SQLite.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	await db.schema
		.createTable('event_registration')
		.addColumn('event_id', 'text', (c) =>
			c.primaryKey().references('events.id').onDelete('cascade')
		)
		.addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
		.addColumn('opens_at', ts, (c) => c.notNull())
		.addColumn('closes_at', ts, (c) => c.notNull())
		/** After it a confirmed seat is given up only when late unregistration is allowed. */
		.addColumn('unregister_by', ts)
		.addColumn('late_unregister', 'integer', (c) => c.notNull().defaultTo(0))
		.addColumn('capacity', 'integer', (c) => c.notNull())
		/** first_come | draw */
		.addColumn('mode', 'text', (c) => c.notNull().defaultTo('first_come'))
		.addColumn('draw_minutes', 'integer')
		/** Kept with the order it gave (registrations.queue), so the draw can be shown and checked. */
		.addColumn('draw_seed', 'text')
		.addColumn('drawn_at', ts)
		/** After it a free seat in any pool goes to anyone eligible for the event. */
		.addColumn('merge_at', ts)
		.addColumn('price_member_ore', 'integer')
		.addColumn('price_other_ore', 'integer')
		.addColumn('question_no', 'text')
		.addColumn('question_en', 'text')
		/** Answers are erased this many days after the event ends. */
		.addColumn('answer_keep_days', 'integer', (c) => c.notNull().defaultTo(30))
		.addColumn('updated_at', ts, (c) => c.notNull())
		.execute();

	await db.schema
		.createTable('registration_pools')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('event_id', 'text', (c) =>
			c.notNull().references('event_registration.event_id').onDelete('cascade')
		)
		.addColumn('sort', 'integer', (c) => c.notNull())
		.addColumn('name_no', 'text', (c) => c.notNull())
		.addColumn('name_en', 'text', (c) => c.notNull())
		.addColumn('seats', 'integer', (c) => c.notNull())
		/** everyone | members | units | campus */
		.addColumn('eligibility', 'text', (c) => c.notNull())
		/** units: the unit ids (JSON array) whose team members may take a seat. */
		.addColumn('unit_ids', 'text')
		.addColumn('campus_id', 'text', (c) => c.references('campuses.id'))
		.execute();
	await db.schema
		.createIndex('registration_pools_event')
		.on('registration_pools')
		.columns(['event_id', 'sort'])
		.execute();

	await db.schema
		.createTable('registrations')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('event_id', 'text', (c) =>
			c.notNull().references('event_registration.event_id').onDelete('cascade')
		)
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
		.addColumn('pool_id', 'text', (c) => c.references('registration_pools.id'))
		/** confirmed | waiting | entered (in a draw's window) | cancelled */
		.addColumn('status', 'text', (c) => c.notNull())
		/** The order the server received registrations in, per event (1, 2, …). */
		.addColumn('arrival', 'integer', (c) => c.notNull())
		/** The place in line: the arrival, or the place the draw gave an entry. */
		.addColumn('queue', 'integer', (c) => c.notNull())
		.addColumn('answer', 'text')
		/** A paid seat's order and the time it must be paid by (paid events, later). */
		.addColumn('order_id', 'text', (c) => c.references('orders.id'))
		.addColumn('pay_by', ts)
		/** Given up after the unregistration deadline (allowed by the organiser). */
		.addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
		.addColumn('cancelled_reason', 'text')
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('updated_at', ts, (c) => c.notNull())
		.execute();
	// One live registration per person and event; cancelled ones stay as history.
	await db.schema
		.createIndex('registrations_live_person')
		.on('registrations')
		.columns(['event_id', 'user_id'])
		.unique()
		.where(sql.ref('status'), '<>', 'cancelled')
		.execute();
	// Arrival numbers are given out under the event's lock, one more than the last; never twice.
	await db.schema
		.createIndex('registrations_arrival')
		.on('registrations')
		.columns(['event_id', 'arrival'])
		.unique()
		.execute();
	await db.schema
		.createIndex('registrations_event_status')
		.on('registrations')
		.columns(['event_id', 'status', 'queue'])
		.execute();
	await db.schema
		.createIndex('registrations_user')
		.on('registrations')
		.columns(['user_id'])
		.execute();

	await db.schema.alterTable('users').addColumn('campus_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable('users').dropColumn('campus_id').execute();
	await db.schema.dropTable('registrations').execute();
	await db.schema.dropTable('registration_pools').execute();
	await db.schema.dropTable('event_registration').execute();
}
