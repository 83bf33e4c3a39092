// The contact messages someone sent, found by the address they gave, for their data export and
// their account's deletion (identity/privacy.ts). A message is the visitor's own words to the
// organisation and no bookkeeping record: deletion takes it, the notification that carried it,
// the replies staff sent and their mails, and the message's audit entries (they name its handlers
// and status only, but they are about the message).
import { sql, type Kysely } from 'kysely';
import { forget } from '../audit';
import type { Database, Db } from '../db';

const byAddress = (email: string) => sql<boolean>`lower(email) = ${email.toLowerCase()}`;

export async function messagesFrom(db: Db, email: string) {
	const rows = await db
		.selectFrom('contact_messages')
		.select(['id', 'name', 'email', 'subject', 'message', 'locale', 'created_at', 'status'])
		.where(byAddress(email))
		.orderBy('created_at')
		.execute();
	const replies = rows.length
		? await db
				.selectFrom('contact_replies')
				.select(['message_id', 'body', 'created_at'])
				.where(
					'message_id',
					'in',
					rows.map((r) => r.id)
				)
				.orderBy('created_at')
				.execute()
		: [];
	return rows.map((r) => ({
		name: r.name,
		email: r.email,
		subject: r.subject,
		message: r.message,
		locale: r.locale,
		createdAt: r.created_at,
		status: r.status,
		replies: replies
			.filter((reply) => reply.message_id === r.id)
			.map((reply) => ({ text: reply.body, sentAt: reply.created_at }))
	}));
}

/** Inside the deletion's transaction: the messages and their notification e-mails go. */
export async function forgetSender(trx: Kysely<Database>, email: string): Promise<number> {
	const rows = await trx
		.selectFrom('contact_messages')
		.select(['id', 'mail_id'])
		.where(byAddress(email))
		.execute();
	if (rows.length === 0) return 0;
	const ids = rows.map((r) => r.id);
	const replies = await trx
		.selectFrom('contact_replies')
		.select('mail_id')
		.where('message_id', 'in', ids)
		.execute();
	const mails = [...rows, ...replies]
		.map((r) => r.mail_id)
		.filter((id): id is string => id !== null);
	if (mails.length > 0) await trx.deleteFrom('mail_outbox').where('id', 'in', mails).execute();
	await trx.deleteFrom('contact_replies').where('message_id', 'in', ids).execute();
	await forget(trx, 'contact_message', ids);
	await trx.deleteFrom('contact_messages').where('id', 'in', ids).execute();
	return rows.length;
}
