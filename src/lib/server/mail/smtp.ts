// SMTP through nodemailer, configured by one URL (smtp://user:pass@host:587 or smtps://…).
import nodemailer from 'nodemailer';
import type { MailTransport } from './types';

export function smtpTransport(url: string): MailTransport {
	const transporter = nodemailer.createTransport(url);
	return {
		name: 'smtp',
		async deliver(message, from) {
			await transporter.sendMail({
				from,
				to: message.to,
				replyTo: message.replyTo,
				subject: message.subject,
				text: message.text
			});
		}
	};
}
