// The e-mails the site sent to someone, for their data export and their account's deletion
// (identity/privacy.ts): every message to their account's address, and the confirmations of their
// orders wherever those went (a buyer may have typed another address at checkout). The export
// names each message (kind, subject, when) without its text: a body may hold a link that still
// works (a password reset, an invitation), and an admin's copy of someone's export must not hand
// them one.
import { sql, type Kysely } from 'kysely';
import type { Database, Db } from '../db';

export interface MailOwner {
	/** The account's address. */
	email: string;
	/** Their orders: each confirmation names its order's id. */
	orderIds: string[];
}

function theirs(owner: MailOwner) {
	const address = sql<boolean>`lower(to_address) = ${owner.email.toLowerCase()}`;
	if (owner.orderIds.length === 0) return address;
	const confirmations = sql.join(
		owner.orderIds.map((id) => sql`text_body like ${`%${id}%`}`),
		sql` or `
	);
	return sql<boolean>`(${address} or (kind = 'order-confirmation' and (${confirmations})))`;
}

export async function mailSentTo(db: Db, owner: MailOwner) {
	const rows = await db
		.selectFrom('mail_outbox')
		.select(['kind', 'to_address', 'subject', 'created_at', 'sent_at'])
		.where(theirs(owner))
		.orderBy('created_at')
		.execute();
	return rows.map((r) => ({
		kind: r.kind,
		to: r.to_address,
		subject: r.subject,
		createdAt: r.created_at,
		sentAt: r.sent_at
	}));
}

/** Inside the deletion's transaction: what was sent (or waits to be sent) to them goes. */
export async function forgetRecipient(trx: Kysely<Database>, owner: MailOwner): Promise<number> {
	const result = await trx.deleteFrom('mail_outbox').where(theirs(owner)).executeTakeFirst();
	return Number(result.numDeletedRows);
}
