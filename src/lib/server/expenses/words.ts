// A claim's status in words: the one code→text table of the statuses, for the pages (a short
// word), the PDF (which also says what a claim waits on) and the e-mail its claimant gets on
// reaching it. Without a locale the words are in the request's. The pages are sent the words by
// their loads (statusLabels), so that they carry none of these messages themselves.
import { CLAIM_STATUSES, type ClaimStatusName } from '$lib/expenses/statuses';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';

type Words = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** What a claimant's e-mail may say about their claim. */
export interface NoticeValues {
	purpose: string;
	claimant: string;
	unit: string;
	total: string;
	owed: string;
	reason: string;
	date: string;
}

type NoticeWords = (values: NoticeValues, options: { locale: Locale }) => string;

/** The claimant's e-mail on reaching a status: its kind in the outbox, subject and body. */
export interface Notice {
	kind: string;
	subject: NoticeWords;
	body: NoticeWords;
}

interface StatusWords {
	page: Words;
	pdf: Words;
	/** None where the claimant made the step themselves and needs no word of it. */
	notice: Notice | null;
}

const STATUS_WORDS: Record<ClaimStatusName, StatusWords> = {
	draft: { page: m.expense_page_status_draft, pdf: m.expense_pdf_status_draft, notice: null },
	submitted: {
		page: m.expense_page_status_submitted,
		pdf: m.expense_pdf_status_submitted,
		// It arrived, and what comes next.
		notice: {
			kind: 'expense-received',
			subject: m.expense_mail_received_subject,
			body: m.expense_mail_received_body
		}
	},
	awaiting_finance: {
		page: m.expense_page_status_awaiting_finance,
		pdf: m.expense_pdf_status_awaiting_finance,
		notice: {
			kind: 'expense-awaiting-finance',
			subject: m.expense_mail_awaiting_finance_subject,
			body: m.expense_mail_awaiting_finance_body
		}
	},
	approved: {
		page: m.expense_page_status_approved,
		pdf: m.expense_pdf_status_approved,
		notice: {
			kind: 'expense-approved',
			subject: m.expense_mail_approved_subject,
			body: m.expense_mail_approved_body
		}
	},
	rejected: {
		page: m.expense_page_status_rejected,
		pdf: m.expense_pdf_status_rejected,
		notice: {
			kind: 'expense-rejected',
			subject: m.expense_mail_rejected_subject,
			body: m.expense_mail_rejected_body
		}
	},
	paid: {
		page: m.expense_page_status_paid,
		pdf: m.expense_pdf_status_paid,
		notice: {
			kind: 'expense-paid',
			subject: m.expense_mail_paid_subject,
			body: m.expense_mail_paid_body
		}
	},
	withdrawn: {
		page: m.expense_page_status_withdrawn,
		pdf: m.expense_pdf_status_withdrawn,
		notice: null
	}
};

export { CLAIM_STATUSES };

export function isClaimStatus(value: unknown): value is ClaimStatusName {
	return typeof value === 'string' && (CLAIM_STATUSES as readonly string[]).includes(value);
}

/** The status's short word; a value that is no status is shown as it is. */
export function statusLabel(status: string, locale?: Locale): string {
	return isClaimStatus(status) ? STATUS_WORDS[status].page({}, { locale }) : status;
}

/** Every status in words, for a page to show the ones it lists. */
export function statusLabels(): Record<ClaimStatusName, string> {
	return Object.fromEntries(CLAIM_STATUSES.map((s) => [s, statusLabel(s)])) as Record<
		ClaimStatusName,
		string
	>;
}

/** The status as the claim's PDF prints it. */
export function statusText(status: ClaimStatusName, locale: Locale): string {
	return STATUS_WORDS[status].pdf({}, { locale });
}

/** The e-mail the claimant gets when their claim reaches `status`, if any. */
export function statusNotice(status: ClaimStatusName): Notice | null {
	return STATUS_WORDS[status].notice;
}
