import { z } from 'zod';

export const MailMessageSchema = z.object({
	/** What the message is for, e.g. order-confirmation, contact, password-reset. */
	kind: z.string().min(1).max(64),
	to: z.email(),
	subject: z.string().trim().min(1).max(200),
	text: z.string().min(1).max(100_000),
	replyTo: z.email().optional(),
	/**
	 * The recipient is to be named nowhere but on the envelope (a safety reporter): the address is
	 * stored encrypted with the site's keyring, no log line or stored error names it, and the row
	 * is deleted once SMTP accepted the message.
	 */
	sealed: z.boolean().optional(),
	/**
	 * Whom the message is about besides its recipient (a claim's claimant mailed to its approvers,
	 * an order's buyer, an inviter; a contact sender or an applicant, who need no account): deleting
	 * their account takes the message, and another reader's data export leaves its subject out.
	 */
	about: z
		.object({ userId: z.string().min(1).optional(), address: z.email().optional() })
		.optional(),
	/**
	 * An optional notification (notifications/kinds.ts) to the account `userId`: its delivery adds
	 * the one-click unsubscribe link for that kind (RFC 8058 headers and a last line, in `locale`).
	 */
	notice: z
		.object({
			kind: z.string().min(1).max(64),
			userId: z.string().min(1),
			locale: z.enum(['no', 'en'])
		})
		.optional()
});
export type MailMessage = z.input<typeof MailMessageSchema>;

export type MailNotice = NonNullable<z.output<typeof MailMessageSchema>['notice']>;

/** How a notification's mail is told apart: its unsubscribe link and the last line naming it. */
export type NoticeLinks = (notice: MailNotice) => { url: string; footer: string } | null;

/** Where a message goes after it is recorded; absent means the outbox is the destination. */
export interface MailTransport {
	readonly name: 'smtp';
	deliver(
		message: z.output<typeof MailMessageSchema>,
		from: string,
		/** The one-click unsubscribe link (RFC 8058) of a notification's mail. */
		unsubscribe?: string
	): Promise<void>;
}

export interface SentMail {
	id: string;
	transport: 'smtp' | 'outbox';
	/** False when SMTP refused it; the message is still in the outbox with the error. */
	delivered: boolean;
}
