// The words of the notifications' bulk mails (a reminder, registration opening, an event changed or
// cancelled), per locale. The promotion's mail is the registration's (registration/words.ts).
import { formatDateTimeRange } from '$lib/format';
import type { NotificationLocale } from './words';

export interface EventFacts {
	title: { no: string; en: string };
	startsAt: string;
	endsAt: string;
	location: string;
}

const WORDS = {
	no: {
		greeting: (name: string) => (name ? `Hei ${name},` : 'Hei,'),
		when: (when: string, where: string) => `Tid: ${when}\nSted: ${where}`,
		reminder: {
			subject: (t: string) => `Påminnelse: ${t} i morgen`,
			body: (t: string) =>
				`Du er påmeldt «${t}», som begynner snart. Kan du likevel ikke komme, meld deg av på arrangementets side, så går plassen til nestemann.`
		},
		opens: {
			subject: (t: string) => `Påmeldingen har åpnet: ${t}`,
			body: (t: string) =>
				`Påmeldingen til «${t}» har åpnet. Du får denne e-posten fordi du følger eller er med i enheten som arrangerer det.`
		},
		changed: {
			subject: (t: string) => `Endret: ${t}`,
			body: (t: string) =>
				`Tid eller sted for «${t}», som du er påmeldt, er endret. Slik blir det nå:`
		},
		cancelled: {
			subject: (t: string) => `Avlyst: ${t}`,
			body: (t: string) =>
				`«${t}», som du var påmeldt, er avlyst. Har du betalt for plassen, får du beskjed om pengene.`
		}
	},
	en: {
		greeting: (name: string) => (name ? `Hi ${name},` : 'Hi,'),
		when: (when: string, where: string) => `When: ${when}\nWhere: ${where}`,
		reminder: {
			subject: (t: string) => `Reminder: ${t} tomorrow`,
			body: (t: string) =>
				`You are registered for “${t}”, which starts soon. If you can no longer come, unregister on the event’s page so the place goes to the next person.`
		},
		opens: {
			subject: (t: string) => `Registration is open: ${t}`,
			body: (t: string) =>
				`Registration for “${t}” is open. You get this e-mail because you follow or belong to the unit organising it.`
		},
		changed: {
			subject: (t: string) => `Changed: ${t}`,
			body: (t: string) =>
				`The time or place of “${t}”, which you are registered for, has changed. It is now:`
		},
		cancelled: {
			subject: (t: string) => `Cancelled: ${t}`,
			body: (t: string) =>
				`“${t}”, which you were registered for, has been cancelled. If you paid for your place, you will hear about the money.`
		}
	}
} as const;

export type NoticeOccasion = 'reminder' | 'opens' | 'changed' | 'cancelled';

/** A bulk notice's subject and text in the member's language, with the event's time and place. */
export function noticeMail(
	occasion: NoticeOccasion,
	locale: NotificationLocale,
	name: string,
	event: EventFacts
): { subject: string; text: string } {
	const w = WORDS[locale];
	const title = event.title[locale] || event.title.no;
	const when = w.when(formatDateTimeRange(event.startsAt, event.endsAt, locale), event.location);
	const { subject, body } = w[occasion];
	return {
		subject: subject(title),
		text: [w.greeting(name), '', body(title), '', when].join('\n')
	};
}
