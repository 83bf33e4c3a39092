// The e-mails of the workflow, each in its recipient's locale: whoever must act next is told (the
// unit's leaders and finance on submit, finance when a leader's approval needs theirs too or when
// the payment is next), and the claimant hears of the submission and of every decision.
import { formatDate, formatPrice } from '$lib/format';
import { baseLocale, isLocale, type Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { MailMessage } from '../mail';
import { statusNotice, type Notice, type NoticeValues } from './words';
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

/** The notices to whoever must act next; the claimant's are in words.ts, by status. */
const NOTICES = {
	submitted: {
		kind: 'expense-submitted',
		subject: m.expense_mail_submitted_subject,
		body: m.expense_mail_submitted_body
	},
	toPay: {
		kind: 'expense-to-pay',
		subject: m.expense_mail_to_pay_subject,
		body: m.expense_mail_to_pay_body
	},
	financeNeeded: {
		kind: 'expense-finance-needed',
		subject: m.expense_mail_finance_subject,
		body: m.expense_mail_finance_body
	}
} satisfies Record<string, Notice>;

/**
 * One of the workflow's e-mails about `claim` to `to`, in their language, with the claim's link. A
 * notice to whoever must act next answers to the claimant: a question about a receipt reaches them.
 */
function claimMail(
	notice: Notice,
	to: Recipient,
	claim: MailClaim,
	origin: string,
	answeredBy: 'claimant' | 'site' = 'site'
): MailMessage {
	const locale = localeOf(to);
	const options = { locale };
	const values: NoticeValues = {
		purpose: claim.purpose,
		claimant: claim.claimantName,
		unit: claim.unitName[locale],
		total: formatPrice(claim.totalOre, locale),
		owed: formatPrice(claim.owedOre, locale),
		reason: claim.rejectionReason ?? '',
		date: claim.payoutDate ? formatDate(claim.payoutDate, locale) : ''
	};
	return {
		kind: notice.kind,
		to: to.email,
		about: { userId: claim.claimantId },
		...(answeredBy === 'claimant' && claim.claimantEmail ? { replyTo: claim.claimantEmail } : {}),
		subject: notice.subject(values, options),
		text: [
			m.expense_mail_greeting({ name: to.name }, options),
			'',
			notice.body(values, options),
			'',
			m.expense_mail_link({ url: `${origin}/${locale}/fs/${claim.id}` }, options)
		].join('\n')
	};
}

type ClaimMail = (to: Recipient, claim: MailClaim, origin: string) => MailMessage;

/** To each approver of the unit when a claim is submitted. */
export const submittedMail: ClaimMail = (...a) => claimMail(NOTICES.submitted, ...a, 'claimant');

/** To the unit's finance role (or the admins) when an approved claim is to be paid. */
export const toPayMail: ClaimMail = (...a) => claimMail(NOTICES.toPay, ...a, 'claimant');

/** To the unit's finance role when a leader approved a claim with a line over the limit. */
export const financeNeededMail: ClaimMail = (...a) =>
	claimMail(NOTICES.financeNeeded, ...a, 'claimant');

/**
 * To the claimant when their claim reaches `status`: that it arrived (on submission), and each
 * decision or payout; nothing for the steps they took themselves.
 */
export function decisionMail(
	to: Recipient,
	claim: MailClaim,
	status: ClaimStatus,
	origin: string
): MailMessage | null {
	const notice = statusNotice(status);
	return notice ? claimMail(notice, to, claim, origin) : null;
}
