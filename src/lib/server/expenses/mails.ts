// The e-mails of the workflow, each in its recipient's locale: whoever must act next is told (the
// unit's leaders and finance on submit, finance when a leader's approval needs theirs too or when
// the payment is next), and the claimant hears of the submission and of every decision.
import { formatDate, formatPrice } from '$lib/format';
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
	/** Every mail of a claim is about its claimant, whoever receives it. */
	claimantId: string;
	purpose: string;
	totalOre: number;
	owedOre: number;
	claimantName: string;
	/** Where a leader's or finance's reply to a notice goes; null when the account has none. */
	claimantEmail: string | null;
	unitName: Record<Locale, string>;
	payoutDate: string | null;
	rejectionReason: string | null;
}

function localeOf(recipient: Recipient): Locale {
	return isLocale(recipient.locale) ? recipient.locale : baseLocale;
}

const MAILS = {
	'expense-submitted': [m.expense_mail_submitted_subject, m.expense_mail_submitted_body],
	'expense-received': [m.expense_mail_received_subject, m.expense_mail_received_body],
	'expense-to-pay': [m.expense_mail_to_pay_subject, m.expense_mail_to_pay_body],
	'expense-finance-needed': [m.expense_mail_finance_subject, m.expense_mail_finance_body],
	'expense-awaiting-finance': [
		m.expense_mail_awaiting_finance_subject,
		m.expense_mail_awaiting_finance_body
	],
	'expense-approved': [m.expense_mail_approved_subject, m.expense_mail_approved_body],
	'expense-rejected': [m.expense_mail_rejected_subject, m.expense_mail_rejected_body],
	'expense-paid': [m.expense_mail_paid_subject, m.expense_mail_paid_body]
} as const;

type MailKind = keyof typeof MAILS;

/**
 * One of the workflow's e-mails about `claim` to `to`, in their language, with the claim's link. A
 * notice to whoever must act next answers to the claimant: a question about a receipt reaches them.
 */
function claimMail(
	kind: MailKind,
	to: Recipient,
	claim: MailClaim,
	origin: string,
	answeredBy: 'claimant' | 'site' = 'site'
): MailMessage {
	const locale = localeOf(to);
	const options = { locale };
	const values = {
		purpose: claim.purpose,
		claimant: claim.claimantName,
		unit: claim.unitName[locale],
		total: formatPrice(claim.totalOre, locale),
		owed: formatPrice(claim.owedOre, locale),
		reason: claim.rejectionReason ?? '',
		date: claim.payoutDate ? formatDate(claim.payoutDate, locale) : ''
	};
	const [subject, body] = MAILS[kind];
	return {
		kind,
		to: to.email,
		about: { userId: claim.claimantId },
		...(answeredBy === 'claimant' && claim.claimantEmail ? { replyTo: claim.claimantEmail } : {}),
		subject: subject(values, options),
		text: [
			m.expense_mail_greeting({ name: to.name }, options),
			'',
			body(values, options),
			'',
			m.expense_mail_link({ url: `${origin}/${locale}/fs/${claim.id}` }, options)
		].join('\n')
	};
}

type ClaimMail = (to: Recipient, claim: MailClaim, origin: string) => MailMessage;

/** To each approver of the unit when a claim is submitted. */
export const submittedMail: ClaimMail = (...a) => claimMail('expense-submitted', ...a, 'claimant');

/** To the claimant when their claim is submitted: it arrived, and what comes next. */
export const receivedMail: ClaimMail = (...a) => claimMail('expense-received', ...a);

/** To the unit's finance role (or the admins) when an approved claim is to be paid. */
export const toPayMail: ClaimMail = (...a) => claimMail('expense-to-pay', ...a, 'claimant');

/** To the unit's finance role when a leader approved a claim with a line over the limit. */
export const financeNeededMail: ClaimMail = (...a) =>
	claimMail('expense-finance-needed', ...a, 'claimant');

/** To the claimant after a decision (or payout) moved the claim to `status`. */
export function decisionMail(
	to: Recipient,
	claim: MailClaim,
	status: ClaimStatus,
	origin: string
): MailMessage | null {
	const kind = `expense-${status.replace('_', '-')}`;
	const decided = ['awaiting_finance', 'approved', 'rejected', 'paid'].includes(status);
	return decided ? claimMail(kind as MailKind, to, claim, origin) : null;
}
