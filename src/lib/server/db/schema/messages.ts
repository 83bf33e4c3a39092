// What is written to and by people: the mail outbox and the contact inbox.
import type { Generated } from 'kysely';

export interface MailOutboxTable {
	id: string;
	/** What the message is for (order-confirmation, contact, password-reset, …). */
	kind: string;
	to_address: string;
	subject: string;
	text_body: string;
	/** 'outbox' (kept here only) or 'smtp'. */
	transport: string;
	created_at: string;
	/** When SMTP accepted it; null in the outbox or after a failure. */
	sent_at: string | null;
	error: string | null;
	reply_to: string | null;
	/**
	 * 1: to_address holds the recipient encrypted with the keyring (`mail_outbox:<id>:to`); the row
	 * is deleted once SMTP accepted it. Defaults to 0.
	 */
	sealed: Generated<number>;
	/** The account the message is about besides its recipient (migration 023): a claimant, a buyer, an inviter. */
	about_user_id: Generated<string | null>;
	/** Someone it is about who needs no account (migration 023): a contact sender, an applicant. */
	about_address: Generated<string | null>;
	/**
	 * An optional notification's kind (migration 032: notifications/kinds.ts), with its recipient's
	 * account and language: delivery adds the one-click unsubscribe link and headers. Null: a mail
	 * that is not a notification one may turn off.
	 */
	notice_kind: Generated<string | null>;
	notice_user_id: Generated<string | null>;
	notice_locale: Generated<string | null>;
	/**
	 * The occasion of a bulk notice (migration 035), e.g. `reminder:<event>:<user>`: unique, so a
	 * job run twice writes it once. Null for every other mail.
	 */
	notice_key: Generated<string | null>;
	/** 1: sent by the outbox's drain at the bounded rate (mail/drain.ts); 0: sent at once. */
	queued: Generated<number>;
	/** When the drain last took the row: its lease on it, and what its rate is counted by. */
	claimed_at: Generated<string | null>;
	/** The drain's failed attempts so far. */
	attempts: Generated<number>;
	/** A failed queued row is not tried again before this. */
	next_attempt_at: Generated<string | null>;
}

/** A member following a unit, to hear when registration opens for its events (migration 035). */
export interface UnitFollowsTable {
	user_id: string;
	unit_id: string;
	created_at: string;
}

/** A member's choice for one kind of optional e-mail (migration 032); no row: the kind is on. */
export interface NotificationPreferencesTable {
	user_id: string;
	kind: string;
	/** 1 on, 0 off. */
	enabled: number;
	updated_at: string;
}

export interface ContactMessagesTable {
	id: string;
	name: string;
	email: string;
	subject: string;
	message: string;
	/** The page locale the message was written from. */
	locale: string;
	created_at: string;
	/** The mail_outbox row of the notification; null until it is written. */
	mail_id: string | null;
	/** new | handled (migration 020). */
	status: Generated<string>;
	/** The staff member dealing with it; null: nobody yet. */
	assignee_id: string | null;
	handled_at: string | null;
	version: Generated<number>;
}

/** A staff member's answer to a contact message, sent by mail with the message quoted. */
export interface ContactRepliesTable {
	id: string;
	message_id: string;
	author_id: string;
	body: string;
	mail_id: string | null;
	created_at: string;
}
