// SMTP through nodemailer, configured by one URL (smtp://user:pass@host:587 or smtps://…).
// nodemailer is loaded with the first mail, not at start: a site without SMTP never loads it,
// and it is memory the idle server does not need (docs/decisions.md, the idle budget).
import type { Transporter } from 'nodemailer';
import type { MailTransport } from './types';

export function smtpTransport(url: string): MailTransport {
	let transporter: Promise<Transporter> | undefined;
	return {
		name: 'smtp',
		async deliver(message, from, unsubscribe) {
			transporter ??= import('nodemailer').then((m) => m.default.createTransport(url));
			await (
				await transporter
			).sendMail({
				from,
				to: message.to,
				replyTo: message.replyTo,
				subject: message.subject,
				text: message.text,
				...(unsubscribe && {
					headers: {
						'List-Unsubscribe': `<${unsubscribe}>`,
						'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click'
					}
				})
			});
		}
	};
}
