import { sql, type Kysely } from 'kysely';
import { timestampType } from '../dialect';

// Privacy found by query rather than by a list of places (docs/decisions.md, 2026-11-27):
// - `mail_outbox.about_user_id` / `about_address`: whom a message is about besides its recipient
//   (the claimant of a claim mailed to its approvers, the buyer of an order, the inviter of an
//   invitation; the sender of a contact message and the applicant of an application, who need no
//   account). Deleting an account takes every message about it; a data export shows the subject
//   of a message only when it is about its own reader.
// - `expense_submitted_units`: the units a claim was submitted to. An approver sees a claim that
//   is, or was, in their queue, not one whose unit field an unsubmitted edit points at them.
// Both are filled for what is stored already, as far as the rows tell.
export async function up(db: Kysely<unknown>): Promise<void> {
	const ts = timestampType(db);
	await db.schema.alterTable('mail_outbox').addColumn('about_user_id', 'text').execute();
	await db.schema.alterTable('mail_outbox').addColumn('about_address', 'text').execute();
	await db.schema
		.createIndex('mail_outbox_about_user')
		.on('mail_outbox')
		.column('about_user_id')
		.execute();
	await db.schema
		.createIndex('mail_outbox_about_address')
		.on('mail_outbox')
		.expression(sql`lower(about_address)`)
		.execute();

	await db.schema
		.createTable('expense_submitted_units')
		.addColumn('claim_id', 'text', (c) =>
			c.notNull().references('expense_claims.id').onDelete('cascade')
		)
		// No foreign key: a unit may be deleted once no claim's current unit is it; the row then
		// names a queue that is gone, and grants nobody anything.
		.addColumn('unit_id', 'text', (c) => c.notNull())
		/** The first submission to this unit. */
		.addColumn('submitted_at', ts, (c) => c.notNull())
		.addPrimaryKeyConstraint('expense_submitted_units_pk', ['claim_id', 'unit_id'])
		.execute();

	// A claim being decided on or paid is where it was submitted. A rejected or withdrawn one is
	// too, unless it was edited after its last submission (its unit may have changed since, and
	// no row says from what): then only its claimant and the admins see it until it is sent again.
	await sql`
		insert into expense_submitted_units (claim_id, unit_id, submitted_at)
		select c.id, c.unit_id, c.submitted_at from expense_claims c
		where c.submitted_at is not null
		and (c.status in ('submitted', 'awaiting_finance', 'approved', 'paid')
			or not exists (
				select 1 from audit_log a
				where a.subject_type = 'expense_claim' and a.subject_id = c.id
				and a.action = 'edit' and a.at > c.submitted_at))
	`.execute(db);

	// What the stored messages are about, from what names them.
	await sql`
		update mail_outbox set about_user_id = (
			select min(c.claimant_id) from expense_claims c
			where mail_outbox.text_body like '%/fs/' || c.id || '%')
		where kind like 'expense-%'
	`.execute(db);
	await sql`
		update mail_outbox set about_user_id = (
			select min(o.user_id) from orders o
			where mail_outbox.text_body like '%' || o.id || '%')
		where kind like 'order-%'
	`.execute(db);
	await sql`
		update mail_outbox set about_user_id = (
			select min(i.invited_by) from invitations i
			where i.email = lower(mail_outbox.to_address) and i.created_at = mail_outbox.created_at)
		where kind = 'team-invitation'
	`.execute(db);
	await sql`
		update mail_outbox set about_address = coalesce(
			(select min(m.email) from contact_messages m where m.mail_id = mail_outbox.id),
			(select min(m.email) from contact_replies r
				inner join contact_messages m on m.id = r.message_id
				where r.mail_id = mail_outbox.id),
			(select min(j.email) from job_applications j
				where j.mail_ids like '%"' || mail_outbox.id || '"%'))
		where kind in ('contact', 'contact-reply', 'application-confirmation', 'application-notice')
	`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('expense_submitted_units').execute();
	await db.schema.dropIndex('mail_outbox_about_address').execute();
	await db.schema.dropIndex('mail_outbox_about_user').execute();
	await db.schema.alterTable('mail_outbox').dropColumn('about_address').execute();
	await db.schema.alterTable('mail_outbox').dropColumn('about_user_id').execute();
}
