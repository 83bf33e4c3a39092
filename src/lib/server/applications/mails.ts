// The e-mails of an application, each in its recipient's language: the confirmation to the
// applicant (with the withdraw link and the retention promise) and a short notice to the job's
// unit that links to the inbox. The notice names the applicant and the job only: what they wrote
// stays in the inbox, behind a sign-in.
import { formatDate } from '$lib/format';
import { baseLocale, isLocale, type Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { MailMessage } from '../mail';

export interface MailJob {
	title: Record<Locale, string>;
	deadline: string;
}

export interface NoticeRecipient {
	email: string;
	locale: string | null;
}

const localeOf = (value: string | null): Locale => (isLocale(value) ? value : baseLocale);

export function confirmationMail(
	to: { name: string; email: string; locale: Locale },
	job: MailJob,
	withdrawUrl: string,
	retentionDays: number
): MailMessage {
	const o = { locale: to.locale };
	const title = job.title[to.locale];
	return {
		kind: 'application-confirmation',
		to: to.email,
		about: { address: to.email },
		subject: m.applications_mail_confirmation_subject({ job: title }, o).slice(0, 200),
		text: m.applications_mail_confirmation_body(
			{
				name: to.name,
				job: title,
				days: retentionDays,
				deadline: formatDate(job.deadline, to.locale),
				url: withdrawUrl
			},
			o
		)
	};
}

export function noticeMail(
	to: NoticeRecipient,
	applicant: { name: string; email: string },
	job: MailJob,
	inboxUrl: (locale: Locale) => string
): MailMessage {
	const locale = localeOf(to.locale);
	const o = { locale };
	const title = job.title[locale];
	return {
		kind: 'application-notice',
		to: to.email,
		replyTo: applicant.email,
		about: { address: applicant.email },
		subject: m.applications_mail_notice_subject({ job: title }, o).slice(0, 200),
		text: m.applications_mail_notice_body(
			{ name: applicant.name, job: title, url: inboxUrl(locale) },
			o
		)
	};
}
