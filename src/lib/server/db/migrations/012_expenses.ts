import type { Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Expense claims and their lines, and the site's one audit log (expenses write it first; admin
// will too). Portable DDL. A line's file_id names a stored upload (the files port); no foreign key
// yet, the files table lands separately. Dates of receipts and payouts are calendar dates as text
// (YYYY-MM-DD): they are what the bookkeeping and the retention rule go by, with no time zone.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	await db.schema
		.createTable('expense_claims')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('claimant_id', 'text', (c) => c.notNull().references('users.id'))
		.addColumn('campus_id', 'text', (c) => c.notNull().references('campuses.id'))
		.addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
		.addColumn('event_id', 'text', (c) => c.references('events.id').onDelete('set null'))
		.addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
		.addColumn('purpose', 'text', (c) => c.notNull())
		/** "v1:<key id>:…" (AES-256-GCM); null when not yet given or erased. */
		.addColumn('payout_account', 'text')
		.addColumn('account_erased_at', ts)
		.addColumn('status', 'text', (c) => c.notNull())
		.addColumn('advance_ore', 'integer', (c) => c.notNull().defaultTo(0))
		.addColumn('total_ore', 'integer', (c) => c.notNull().defaultTo(0))
		/** Raised by every change; a form or decision made on an older version is stale. */
		.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('updated_at', ts, (c) => c.notNull())
		.addColumn('submitted_at', ts)
		.addColumn('decided_at', ts)
		.addColumn('decided_by', 'text')
		.addColumn('paid_at', ts)
		.addColumn('payout_date', 'text')
		.addColumn('rejection_reason', 'text')
		.execute();
	await db.schema
		.createIndex('expense_claims_claimant')
		.on('expense_claims')
		.columns(['claimant_id', 'created_at'])
		.execute();
	await db.schema
		.createIndex('expense_claims_queue')
		.on('expense_claims')
		.columns(['unit_id', 'status', 'submitted_at'])
		.execute();
	await db.schema
		.createIndex('expense_claims_status_payout')
		.on('expense_claims')
		.columns(['status', 'payout_date'])
		.execute();

	await db.schema
		.createTable('expense_lines')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('claim_id', 'text', (c) =>
			c.notNull().references('expense_claims.id').onDelete('cascade')
		)
		.addColumn('position', 'integer', (c) => c.notNull())
		/** receipt | mileage */
		.addColumn('kind', 'text', (c) => c.notNull())
		.addColumn('date', 'text', (c) => c.notNull())
		.addColumn('description', 'text', (c) => c.notNull())
		.addColumn('merchant', 'text')
		/** The merchant lower-cased with spaces collapsed: what duplicates are matched on. */
		.addColumn('merchant_key', 'text')
		/** What counts: the NOK actually charged (or distance × rate for mileage). */
		.addColumn('amount_ore', 'integer', (c) => c.notNull())
		/** A receipt in another currency: its ISO 4217 code and amount in hundredths. */
		.addColumn('currency', 'text')
		.addColumn('original_hundredths', 'integer')
		.addColumn('distance_m', 'integer')
		.addColumn('rate_ore_per_km', 'integer')
		.addColumn('from_place', 'text')
		.addColumn('to_place', 'text')
		.addColumn('file_id', 'text')
		.execute();
	await db.schema
		.createIndex('expense_lines_claim')
		.on('expense_lines')
		.column('claim_id')
		.execute();
	await db.schema
		.createIndex('expense_lines_duplicate')
		.on('expense_lines')
		.columns(['date', 'amount_ore', 'merchant_key'])
		.execute();
	await db.schema.createIndex('expense_lines_file').on('expense_lines').column('file_id').execute();

	await db.schema
		.createTable('audit_log')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('at', ts, (c) => c.notNull())
		/** A user id, or "system:<job>" for what the site did by itself. */
		.addColumn('actor', 'text', (c) => c.notNull())
		.addColumn('subject_type', 'text', (c) => c.notNull())
		.addColumn('subject_id', 'text', (c) => c.notNull())
		.addColumn('action', 'text', (c) => c.notNull())
		/** JSON text. */
		.addColumn('details', 'text')
		.execute();
	await db.schema
		.createIndex('audit_log_subject')
		.on('audit_log')
		.columns(['subject_type', 'subject_id', 'id'])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('audit_log').execute();
	await db.schema.dropTable('expense_lines').execute();
	await db.schema.dropTable('expense_claims').execute();
}
