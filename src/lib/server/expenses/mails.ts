// The e-mails of the workflow, each in its recipient's locale: whoever must act next is told (the
// unit's leaders and finance on submit, finance when a leader's approval needs theirs too or when
// the payment is next), and the claimant hears of the submission and of every decision.
import { formatPrice } from '$lib/format';
import { baseLocale, isLocale, type Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { MailMessage } from '../mail';
import type { ClaimStatus } from './workflow';

export interface Recipient {
	name: string;
	email: string;
	locale: string | null;
}

/**
 * Who was told of a step, for the page to say: the group that must act next (the unit's
 * `approvers`, its `finance`, or the site's `admins` when the unit has nobody with an address in
 * that role), the `claimant` after a decision that leaves nothing for anyone else, or `nobody`.
 */
export interface Told {
	group: 'approvers' | 'finance' | 'admins' | 'claimant' | 'nobody';
	count: number;
}

export interface MailClaim {
	id: string;
	purpose: string;
	totalOre: number;
	owedOre: number;
	claimantName: string;
	unitName: Record<Locale, string>;
	payoutDate: string | null;
	rejectionReason: string | null;
}

function localeOf(recipient: Recipient): Locale {
	return isLocale(recipient.locale) ? recipient.locale : baseLocale;
}

function compose(
	kind: string,
	to: Recipient,
	origin: string,
	claim: MailClaim,
	subject: (o: { locale: Locale }) => string,
	body: (o: { locale: Locale }) => string
): MailMessage {
	const locale = localeOf(to);
	const options = { locale };
	return {
		kind,
		to: to.email,
		subject: subject(options),
		text: [
			m.expense_mail_greeting({ name: to.name }, options),
			'',
			body(options),
			'',
			m.expense_mail_link({ url: `${origin}/${locale}/fs/${claim.id}` }, options)
		].join('\n')
	};
}

/** To each approver of the unit when a claim is submitted. */
export function submittedMail(to: Recipient, claim: MailClaim, origin: string): MailMessage {
	const locale = localeOf(to);
	const values = {
		purpose: claim.purpose,
		claimant: claim.claimantName,
		unit: claim.unitName[locale],
		total: formatPrice(claim.totalOre, locale)
	};
	return compose(
		'expense-submitted',
		to,
		origin,
		claim,
		(o) => m.expense_mail_submitted_subject(values, o),
		(o) => m.expense_mail_submitted_body(values, o)
	);
}

/** To the claimant when their claim is submitted: it arrived, and what comes next. */
export function receivedMail(to: Recipient, claim: MailClaim, origin: string): MailMessage {
	const locale = localeOf(to);
	const values = {
		purpose: claim.purpose,
		unit: claim.unitName[locale],
		total: formatPrice(claim.totalOre, locale)
	};
	return compose(
		'expense-received',
		to,
		origin,
		claim,
		(o) => m.expense_mail_received_subject(values, o),
		(o) => m.expense_mail_received_body(values, o)
	);
}

/** To the unit's finance role (or the admins) when an approved claim is to be paid. */
export function toPayMail(to: Recipient, claim: MailClaim, origin: string): MailMessage {
	const values = {
		purpose: claim.purpose,
		claimant: claim.claimantName,
		owed: formatPrice(claim.owedOre, localeOf(to))
	};
	return compose(
		'expense-to-pay',
		to,
		origin,
		claim,
		(o) => m.expense_mail_to_pay_subject(values, o),
		(o) => m.expense_mail_to_pay_body(values, o)
	);
}

/** To the unit's finance role when a leader approved a claim with a line over the limit. */
export function financeNeededMail(to: Recipient, claim: MailClaim, origin: string): MailMessage {
	const values = {
		purpose: claim.purpose,
		claimant: claim.claimantName,
		total: formatPrice(claim.totalOre, localeOf(to))
	};
	return compose(
		'expense-finance-needed',
		to,
		origin,
		claim,
		(o) => m.expense_mail_finance_subject(values, o),
		(o) => m.expense_mail_finance_body(values, o)
	);
}

/** To the claimant after a decision (or payout) moved the claim to `status`. */
export function decisionMail(
	to: Recipient,
	claim: MailClaim,
	status: ClaimStatus,
	origin: string
): MailMessage | null {
	const locale = localeOf(to);
	const values = {
		purpose: claim.purpose,
		total: formatPrice(claim.totalOre, locale),
		owed: formatPrice(claim.owedOre, locale),
		reason: claim.rejectionReason ?? '',
		date: claim.payoutDate ?? ''
	};
	const kinds = {
		awaiting_finance: [
			m.expense_mail_awaiting_finance_subject,
			m.expense_mail_awaiting_finance_body
		],
		approved: [m.expense_mail_approved_subject, m.expense_mail_approved_body],
		rejected: [m.expense_mail_rejected_subject, m.expense_mail_rejected_body],
		paid: [m.expense_mail_paid_subject, m.expense_mail_paid_body]
	} as const;
	if (!(status in kinds)) return null;
	const [subject, body] = kinds[status as keyof typeof kinds];
	return compose(
		`expense-${status.replace('_', '-')}`,
		to,
		origin,
		claim,
		(o) => subject(values, o),
		(o) => body(values, o)
	);
}
