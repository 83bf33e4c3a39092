// The mailer port. Every message is first written to mail_outbox, then handed to SMTP when it is
// configured. Sending never throws on a transport failure: an order stays paid and a contact
// message stays stored when the mail server is down; the row keeps the error for a retry.
// `recordMail` writes the row inside a caller's transaction, so a message that must follow a
// state change (an order becoming paid) is committed with it or not at all; `deliver` sends it
// after the commit. No log line names a recipient; a sealed message (MailMessageSchema.sealed)
// keeps its recipient encrypted at rest and is deleted once delivered.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Keyring } from '../crypto/keyring';
import type { Database, Db } from '../db';
import { errorFields, log } from '../log';
import {
	MailMessageSchema,
	type MailMessage,
	type MailTransport,
	type NoticeLinks,
	type SentMail
} from './types';

type ParsedMessage = Parameters<MailTransport['deliver']>[0];

export type { MailMessage, MailNotice, MailTransport, NoticeLinks, SentMail } from './types';

/** A message to record inside another transaction, with the id to deliver it by afterwards. */
export interface OutboxEntry {
	id: string;
	message: MailMessage;
}

/** The keyring's binding of a sealed recipient to its row: a value copied to another row is refused. */
const recipientAad = (id: string) => `mail_outbox:${id}:to`;

async function insertMail(
	db: Kysely<Database>,
	message: ParsedMessage,
	row: { id: string; toAddress: string; now: Date; occasion?: string }
): Promise<boolean> {
	const result = await db
		.insertInto('mail_outbox')
		.values({
			id: row.id,
			kind: message.kind,
			to_address: row.toAddress,
			subject: message.subject,
			text_body: message.text,
			transport: 'outbox',
			created_at: row.now.toISOString(),
			sent_at: null,
			error: null,
			reply_to: message.replyTo ?? null,
			sealed: message.sealed ? 1 : 0,
			about_user_id: message.about?.userId ?? null,
			about_address: message.about?.address ?? null,
			notice_kind: message.notice?.kind ?? null,
			notice_user_id: message.notice?.userId ?? null,
			notice_locale: message.notice?.locale ?? null,
			notice_key: row.occasion ?? null,
			queued: row.occasion ? 1 : 0
		})
		.onConflict((c) => c.column('notice_key').doNothing())
		.executeTakeFirst();
	return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Validates the message and writes it to the outbox; returns its id. A sealed message needs the
 * keyring: it goes through a mailer's `send`.
 */
export async function recordMail(
	db: Kysely<Database>,
	input: MailMessage,
	now = new Date(),
	id: string = randomUUID()
): Promise<string> {
	const message = MailMessageSchema.parse(input);
	if (message.sealed)
		throw new Error('a sealed message is sent with a mailer, which holds the keyring');
	await insertMail(db, message, { id, toAddress: message.to, now });
	return id;
}

/**
 * Writes a bulk message for the drain (drain.ts) to send at the bounded rate, once per `occasion`
 * (e.g. `reminder:<event>:<user>`): null when that occasion's message was written before.
 */
export async function recordQueued(
	db: Kysely<Database>,
	input: MailMessage,
	occasion: string,
	now = new Date()
): Promise<string | null> {
	const message = MailMessageSchema.parse(input);
	if (message.sealed) throw new Error('a sealed message is not queued');
	const id = randomUUID();
	return (await insertMail(db, message, { id, toAddress: message.to, now, occasion })) ? id : null;
}

/** An error's text with the recipient taken out, for a sealed message's row and log line. */
function withoutRecipient(text: string, address: string): string {
	return text
		.split(new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'))
		.join('<recipient>');
}

export function mailer(
	db: Db,
	transport: MailTransport | null,
	options: {
		from: string;
		keyring?: Keyring;
		/** A notification's unsubscribe link, added at delivery: the outbox never stores it. */
		noticeLinks?: NoticeLinks;
	}
) {
	function keyring(): Keyring {
		if (!options.keyring) throw new Error('a sealed message needs the mailer to have the keyring');
		return options.keyring;
	}

	async function deliverMessage(id: string, message: ParsedMessage): Promise<SentMail> {
		if (!transport) {
			log.info('mail written to outbox', { id, kind: message.kind });
			return { id, transport: 'outbox', delivered: false };
		}
		try {
			const links = message.notice ? (options.noticeLinks?.(message.notice) ?? null) : null;
			const sent = links ? { ...message, text: `${message.text}\n\n—\n${links.footer}` } : message;
			await transport.deliver(sent, options.from, links?.url);
			if (message.sealed) await db.deleteFrom('mail_outbox').where('id', '=', id).execute();
			else
				await db
					.updateTable('mail_outbox')
					.set({ sent_at: new Date().toISOString(), transport: transport.name, error: null })
					.where('id', '=', id)
					.execute();
			return { id, transport: transport.name, delivered: true };
		} catch (error) {
			const text = error instanceof Error ? error.message : String(error);
			const reason = message.sealed ? withoutRecipient(text, message.to) : text;
			await db
				.updateTable('mail_outbox')
				.set({ error: reason, transport: transport.name })
				.where('id', '=', id)
				.execute();
			// A transport's error may quote the recipient (a refused RCPT): a sealed one's is logged
			// by its cleaned text only, without the stack that repeats it.
			const fields = message.sealed
				? { err: error instanceof Error ? error.name : 'Error', message: reason }
				: errorFields(error);
			log.warn('mail delivery failed', { id, kind: message.kind, ...fields });
			return { id, transport: transport.name, delivered: false };
		}
	}

	return {
		/** Whether a message can leave (SMTP is configured); without it the outbox is the end. */
		canSend: transport !== null,

		/** Hands a message recorded in another transaction to SMTP; a sent one is not sent again. */
		async deliver(id: string): Promise<SentMail> {
			const row = await db
				.selectFrom('mail_outbox')
				.selectAll()
				.where('id', '=', id)
				.executeTakeFirstOrThrow();
			if (transport && row.sent_at) return { id, transport: transport.name, delivered: true };
			const sealed = row.sealed === 1;
			return deliverMessage(
				id,
				MailMessageSchema.parse({
					kind: row.kind,
					to: sealed ? keyring().decrypt(row.to_address, recipientAad(id)) : row.to_address,
					subject: row.subject,
					text: row.text_body,
					replyTo: row.reply_to ?? undefined,
					sealed,
					notice:
						row.notice_kind && row.notice_user_id
							? {
									kind: row.notice_kind,
									userId: row.notice_user_id,
									locale: row.notice_locale === 'en' ? 'en' : 'no'
								}
							: undefined
				})
			);
		},

		async send(input: MailMessage, now = new Date()): Promise<SentMail> {
			const message = MailMessageSchema.parse(input);
			const id = randomUUID();
			const toAddress = message.sealed
				? keyring().encrypt(message.to, recipientAad(id))
				: message.to;
			await insertMail(db, message, { id, toAddress, now });
			return deliverMessage(id, message);
		}
	};
}

export type Mailer = ReturnType<typeof mailer>;
