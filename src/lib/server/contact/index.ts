// Contact messages: kept in the database first, then announced to the organisation by mail with
// the sender as Reply-To. The stored row is the record; a mail that fails stays in the outbox.
import { formatDateTime } from '$lib/format';
import type { ContactForm } from '$lib/schemas/contact';
import type { Mailer } from '../mail';
import type { ContactStore } from './types';

export type { ContactMessage, ContactStore } from './types';

export type ContactOutcome = { status: 'stored'; id: string } | { status: 'ignored' };

export function contactService(store: ContactStore, mail: Pick<Mailer, 'send'>, to: string) {
	return {
		/** A filled honeypot is a bot: nothing is stored or sent, but it is told nothing either. */
		async submit(form: ContactForm, locale: string, now = new Date()): Promise<ContactOutcome> {
			if (form.website.trim() !== '') return { status: 'ignored' };
			const { name, email, subject, message } = form;
			const id = await store.insert({ name, email, subject, message, locale }, now.toISOString());
			const sent = await mail.send(
				{
					kind: 'contact',
					to,
					replyTo: email,
					about: { address: email },
					subject: `Kontaktskjema: ${subject}`.slice(0, 200),
					// The notice is the organisation's, in its language (as its subject): a date for people.
					text: `${message}\n\n— ${name} <${email}> (${locale}, ${formatDateTime(now.toISOString(), 'no')}, ref ${id})`
				},
				now
			);
			await store.linkMail(id, sent.id);
			return { status: 'stored', id };
		}
	};
}

export type ContactService = ReturnType<typeof contactService>;
