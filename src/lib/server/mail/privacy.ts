// The e-mails that name someone, for their data export and their account's deletion
// (identity/privacy.ts), found by query: every message to their account's address, and every
// message about them (`about_user_id`, `about_address`, set by each domain that writes mail about
// someone: a claim's notice to its approvers, an order's confirmation wherever the buyer had it
// sent, an invitation naming its inviter, a contact message or an application from their address).
// Deletion takes all of these. The export lists the messages sent to them (kind, subject, when —
// not the text: a body may hold a link that still works, a password reset or an invitation, and
// an admin's copy of someone's export must not hand them one); a message to them about another
// person (a claim they were to approve) keeps its subject out, since it names that person.
import { sql, type Kysely } from 'kysely';
import type { Database, Db } from '../db';

export interface MailOwner {
	userId: string;
	/** The account's address; null once deleted. */
	email: string | null;
	/** The addresses they had their orders' mail sent to at checkout. */
	buyerEmails?: string[];
}

const lower = (value: string) => value.toLowerCase();

/** Every message that names them: to their address, or about them. */
function namingThem(owner: MailOwner) {
	// A notification's mail names its recipient's account too (notice_user_id, migration 032).
	const about = sql<boolean>`(about_user_id = ${owner.userId} or notice_user_id = ${owner.userId})`;
	if (!owner.email) return about;
	const email = lower(owner.email);
	return sql<boolean>`(${about} or lower(to_address) = ${email} or lower(about_address) = ${email})`;
}

/** Sent to them: to their address, or about them to an address they gave for it. */
function sentToThem(owner: MailOwner) {
	const addresses = [...new Set(owner.buyerEmails ?? [])].map(lower);
	const typed = addresses.length
		? sql<boolean>`(about_user_id = ${owner.userId} and lower(to_address) in (${sql.join(addresses)}))`
		: sql<boolean>`1 = 0`;
	if (!owner.email) return typed;
	return sql<boolean>`(lower(to_address) = ${lower(owner.email)} or ${typed})`;
}

export async function mailSentTo(db: Db, owner: MailOwner) {
	const rows = await db
		.selectFrom('mail_outbox')
		.select(['kind', 'to_address', 'subject', 'created_at', 'sent_at'])
		.select(['about_user_id', 'about_address'])
		.where(sentToThem(owner))
		.orderBy('created_at')
		.orderBy('id')
		.execute();
	const email = owner.email ? lower(owner.email) : null;
	return rows.map((r) => {
		const aboutThem =
			(r.about_user_id === null || r.about_user_id === owner.userId) &&
			(r.about_address === null || lower(r.about_address) === email);
		return {
			kind: r.kind,
			to: r.to_address,
			/** Null when the message is about another person. */
			subject: aboutThem ? r.subject : null,
			createdAt: r.created_at,
			sentAt: r.sent_at
		};
	});
}

/** Inside the deletion's transaction: every message that names them goes. */
export async function forgetMailNaming(trx: Kysely<Database>, owner: MailOwner): Promise<number> {
	const result = await trx.deleteFrom('mail_outbox').where(namingThem(owner)).executeTakeFirst();
	return Number(result.numDeletedRows);
}
