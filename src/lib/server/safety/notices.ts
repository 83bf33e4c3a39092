// The safety reports' e-mails, each a notice without content: a reporter who gave an address is
// told that there is an answer (the address sealed in the outbox: mail/types.ts), and the safety
// team that there is something new in their inbox. None names a report, its text or who wrote it.
// A notice that fails is logged and dropped: the report and the answer are stored, and the inbox
// and the follow-up page show them without any mail.
import { sql } from 'kysely';
import { isLocale, type Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { Db } from '../db';
import { errorFields, log } from '../log';
import type { Mailer } from '../mail';

export type TeamNotice = 'safety-new-report' | 'safety-reporter-reply';

const TEAM_TEXT = {
	'safety-new-report': m.safety_mail_team_new_report,
	'safety-reporter-reply': m.safety_mail_team_reporter_reply
};

const localeOf = (value: string | null): Locale => (isLocale(value) ? value : 'no');

export function safetyNotices(deps: {
	db: Db;
	mail?: Pick<Mailer, 'send'>;
	/** SAFETY_EMAILS, lower case. */
	safetyEmails: string[];
}) {
	const { db, mail } = deps;
	/** `origin`: PUBLIC_ORIGIN, or the one the request came in on (as every mail's links). */
	const link = (origin: string, locale: Locale, path: string) => `${origin}/${locale}${path}`;

	async function send(message: Parameters<Mailer['send']>[0], now: Date) {
		try {
			await mail?.send(message, now);
		} catch (error) {
			log.error('safety notice failed', { kind: message.kind, ...errorFields(error) });
		}
	}

	/**
	 * Everyone with the safety role, in their account's language: the granted holders, and every
	 * SAFETY_EMAILS address — also one with no account yet (its holder learns to sign up), then in
	 * the site's default language.
	 */
	async function team(): Promise<{ email: string; locale: Locale }[]> {
		const listed = deps.safetyEmails;
		const accounts = await db
			.selectFrom('users')
			.select(['email', 'locale'])
			.where('is_anonymous', '=', 0)
			.where('deleted_at', 'is', null)
			.where((eb) =>
				eb.or([
					eb('id', 'in', eb.selectFrom('safety_grants').select('user_id')),
					...(listed.length > 0
						? [
								eb.and([
									eb(sql<string>`lower(email)`, 'in', listed),
									eb('email_verified_at', 'is not', null)
								])
							]
						: [])
				])
			)
			.execute();
		const found = new Map<string, { email: string; locale: Locale }>();
		for (const a of accounts) {
			if (a.email) found.set(a.email.toLowerCase(), { email: a.email, locale: localeOf(a.locale) });
		}
		for (const email of listed) if (!found.has(email)) found.set(email, { email, locale: 'no' });
		return [...found.values()];
	}

	return {
		/** The reporter is told there is an answer; their address is sealed in the outbox. */
		async answered(to: { email: string; locale: string }, origin: string, now: Date) {
			const options = { locale: localeOf(to.locale) };
			await send(
				{
					kind: 'safety-answer',
					to: to.email,
					sealed: true,
					subject: m.safety_mail_subject({}, options),
					text: m.safety_mail_body(
						{ url: link(origin, options.locale, '/safety/follow-up') },
						options
					)
				},
				now
			);
		},

		/** The safety team is told there is something new, and where to read it. */
		async tellTeam(kind: TeamNotice, origin: string, now: Date) {
			if (!mail) return;
			const recipients = await team();
			await Promise.all(
				recipients.map(({ email, locale }) =>
					send(
						{
							kind,
							to: email,
							subject: m.safety_mail_team_subject({}, { locale }),
							text: TEAM_TEXT[kind](
								{ url: link(origin, locale, '/admin/inbox/safety') },
								{ locale }
							)
						},
						now
					)
				)
			);
		}
	};
}
