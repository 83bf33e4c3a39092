import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// What several instances on one PostgreSQL must share (created on SQLite too, one schema for both):
// - rate_limits: fixed-window counters per bucket and client (reset_at_ms: epoch milliseconds);
//   on SQLite the single process keeps them in memory instead.
// - job_leases: which instance runs a scheduled job until when, so a job runs once per period
//   however many instances run the schedule.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('rate_limits')
		.addColumn('key', 'text', (c) => c.primaryKey())
		.addColumn('count', 'integer', (c) => c.notNull())
		.addColumn('reset_at_ms', 'bigint', (c) => c.notNull())
		.execute();
	await db.schema
		.createTable('job_leases')
		.addColumn('name', 'text', (c) => c.primaryKey())
		.addColumn('holder', 'text', (c) => c.notNull())
		.addColumn('expires_at', timestampType(db), (c) => c.notNull())
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('job_leases').execute();
	await db.schema.dropTable('rate_limits').execute();
}
