// The mailer port. Every message is first written to mail_outbox, then handed to SMTP when it is
// configured. Sending never throws on a transport failure: an order stays paid and a contact
// message stays stored when the mail server is down; the row keeps the error for a retry.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { errorFields, log } from '../log';
import { MailMessageSchema, type MailMessage, type MailTransport, type SentMail } from './types';

export type { MailMessage, MailTransport, SentMail } from './types';

export function mailer(db: Db, transport: MailTransport | null, options: { from: string }) {
	return {
		async send(input: MailMessage, now = new Date()): Promise<SentMail> {
			const message = MailMessageSchema.parse(input);
			const id = randomUUID();
			const transportName = transport?.name ?? 'outbox';
			await db
				.insertInto('mail_outbox')
				.values({
					id,
					kind: message.kind,
					to_address: message.to,
					subject: message.subject,
					text_body: message.text,
					transport: transportName,
					created_at: now.toISOString(),
					sent_at: null,
					error: null
				})
				.execute();
			if (!transport) {
				log.info('mail written to outbox', { id, kind: message.kind, to: message.to });
				return { id, transport: 'outbox', delivered: false };
			}
			try {
				await transport.deliver(message, options.from);
				await db
					.updateTable('mail_outbox')
					.set({ sent_at: new Date().toISOString() })
					.where('id', '=', id)
					.execute();
				return { id, transport: transport.name, delivered: true };
			} catch (error) {
				const reason = error instanceof Error ? error.message : String(error);
				await db.updateTable('mail_outbox').set({ error: reason }).where('id', '=', id).execute();
				log.warn('mail delivery failed', { id, kind: message.kind, ...errorFields(error) });
				return { id, transport: transport.name, delivered: false };
			}
		}
	};
}

export type Mailer = ReturnType<typeof mailer>;
