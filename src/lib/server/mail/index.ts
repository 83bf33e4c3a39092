// The mailer port. Every message is first written to mail_outbox, then handed to SMTP when it is
// configured. Sending never throws on a transport failure: an order stays paid and a contact
// message stays stored when the mail server is down; the row keeps the error for a retry.
// `recordMail` writes the row inside a caller's transaction, so a message that must follow a
// state change (an order becoming paid) is committed with it or not at all; `deliver` sends it
// after the commit.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db';
import { errorFields, log } from '../log';
import { MailMessageSchema, type MailMessage, type MailTransport, type SentMail } from './types';

type ParsedMessage = Parameters<MailTransport['deliver']>[0];

export type { MailMessage, MailTransport, SentMail } from './types';

/** A message to record inside another transaction, with the id to deliver it by afterwards. */
export interface OutboxEntry {
	id: string;
	message: MailMessage;
}

/** Validates the message and writes it to the outbox; returns its id. */
export async function recordMail(
	db: Kysely<Database>,
	input: MailMessage,
	now = new Date(),
	id: string = randomUUID()
): Promise<string> {
	const message = MailMessageSchema.parse(input);
	await db
		.insertInto('mail_outbox')
		.values({
			id,
			kind: message.kind,
			to_address: message.to,
			subject: message.subject,
			text_body: message.text,
			transport: 'outbox',
			created_at: now.toISOString(),
			sent_at: null,
			error: null,
			reply_to: message.replyTo ?? null,
			about_user_id: message.about?.userId ?? null,
			about_address: message.about?.address ?? null
		})
		.execute();
	return id;
}

export function mailer(db: Db, transport: MailTransport | null, options: { from: string }) {
	async function deliverMessage(id: string, message: ParsedMessage): Promise<SentMail> {
		if (!transport) {
			log.info('mail written to outbox', { id, kind: message.kind, to: message.to });
			return { id, transport: 'outbox', delivered: false };
		}
		try {
			await transport.deliver(message, options.from);
			await db
				.updateTable('mail_outbox')
				.set({ sent_at: new Date().toISOString(), transport: transport.name, error: null })
				.where('id', '=', id)
				.execute();
			return { id, transport: transport.name, delivered: true };
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			await db
				.updateTable('mail_outbox')
				.set({ error: reason, transport: transport.name })
				.where('id', '=', id)
				.execute();
			log.warn('mail delivery failed', { id, kind: message.kind, ...errorFields(error) });
			return { id, transport: transport.name, delivered: false };
		}
	}

	return {
		/** Hands a message recorded in another transaction to SMTP; a sent one is not sent again. */
		async deliver(id: string): Promise<SentMail> {
			const row = await db
				.selectFrom('mail_outbox')
				.selectAll()
				.where('id', '=', id)
				.executeTakeFirstOrThrow();
			if (transport && row.sent_at) return { id, transport: transport.name, delivered: true };
			return deliverMessage(
				id,
				MailMessageSchema.parse({
					kind: row.kind,
					to: row.to_address,
					subject: row.subject,
					text: row.text_body,
					replyTo: row.reply_to ?? undefined
				})
			);
		},

		async send(input: MailMessage, now = new Date()): Promise<SentMail> {
			const message = MailMessageSchema.parse(input);
			return deliverMessage(await recordMail(db, message, now), message);
		}
	};
}

export type Mailer = ReturnType<typeof mailer>;
