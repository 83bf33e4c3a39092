// The registration domain's words, per locale: the e-mail confirming a seat with its ticket, the one a
// person gets when the waiting list (or the draw) gives them a seat, with the deadline to pay on a paid event; the frame of an organiser's
// message; the attendee list's file. Pages and the API name statuses and refusals by their codes.
import { formatDateTime } from '$lib/format';
import { notificationWords } from '../notifications/words';

export type RegistrationLocale = 'no' | 'en';

const WORDS = {
	no: {
		promotedSubject: (title: string) => `Du har fått plass: ${title}`,
		greeting: (name: string) => (name ? `Hei ${name},` : 'Hei,'),
		promotedBody: (title: string) => `Det ble ledig plass, og du har nå fått plass på «${title}».`,
		confirmedSubject: (title: string) => `Du er påmeldt: ${title}`,
		confirmedBody: (title: string) => `Du har plass på «${title}».`,
		ticketAt: (url: string) => `Billetten din (QR-koden du viser i døra): ${url}`,
		ticketOnPage:
			'Billetten din (QR-koden du viser i døra) står på arrangementets side når du er logget inn.',
		whyConfirmation: 'Du får denne e-posten fordi du meldte deg på; den kan ikke slås av.',
		payBy: (when: string) =>
			`Plassen er din når den er betalt: betal innen ${when}. Er den ikke betalt da, går plassen til nestemann.`,
		unregisterHint:
			'Kan du likevel ikke komme? Meld deg av på arrangementets side, så går plassen til nestemann.',
		messageWhy: {
			confirmed: (title: string) => `Du får denne meldingen fordi du er påmeldt «${title}».`,
			waiting: (title: string) =>
				`Du får denne meldingen fordi du står på venteliste til «${title}».`
		},
		csvHeader: ['Navn', 'E-post', 'Pulje', 'Svar', 'Betalt'],
		yes: 'ja',
		no: 'nei'
	},
	en: {
		promotedSubject: (title: string) => `You have a place: ${title}`,
		greeting: (name: string) => (name ? `Hi ${name},` : 'Hi,'),
		promotedBody: (title: string) => `You now have a place at “${title}”.`,
		confirmedSubject: (title: string) => `You are registered: ${title}`,
		confirmedBody: (title: string) => `You have a place at “${title}”.`,
		ticketAt: (url: string) => `Your ticket (the QR code you show at the door): ${url}`,
		ticketOnPage:
			'Your ticket (the QR code you show at the door) is on the event’s page when you are signed in.',
		whyConfirmation: 'You get this e-mail because you registered; it cannot be turned off.',
		payBy: (when: string) =>
			`The place is yours once it is paid. Pay by ${when}; if it is not paid by then, it goes to the next person.`,
		unregisterHint:
			'If you can no longer come, unregister on the event’s page so the place goes to the next person.',
		messageWhy: {
			confirmed: (title: string) =>
				`You get this message because you are registered for “${title}”.`,
			waiting: (title: string) =>
				`You get this message because you are on the waiting list for “${title}”.`
		},
		csvHeader: ['Name', 'E-mail', 'Pool', 'Answer', 'Paid'],
		yes: 'yes',
		no: 'no'
	}
} as const;

export const registrationLocale = (locale: string | null): RegistrationLocale =>
	locale === 'en' ? 'en' : 'no';

/** The promotion mail's subject and text, in the person's language. */
export function promotedMail(
	locale: RegistrationLocale,
	person: { name: string },
	title: { no: string; en: string },
	payBy: string | null = null
): { subject: string; text: string } {
	const w = WORDS[locale];
	const eventTitle = title[locale] || title.no;
	// A deadline to pay is always mailed: the mail says why the member cannot turn it off.
	const pay = payBy
		? ['', w.payBy(formatDateTime(payBy, locale)), notificationWords(locale).alwaysSent]
		: [];
	return {
		subject: w.promotedSubject(eventTitle),
		text: [
			w.greeting(person.name),
			'',
			w.promotedBody(eventTitle),
			...pay,
			'',
			w.unregisterHint
		].join('\n')
	};
}

/**
 * The mail confirming a seat one registered for, in the person's language, with the ticket's
 * address when the site knows its own (`ticketUrl`), else where to find it.
 */
export function confirmedMail(
	locale: RegistrationLocale,
	person: { name: string },
	title: { no: string; en: string },
	ticketUrl: string | null
): { subject: string; text: string } {
	const w = WORDS[locale];
	const eventTitle = title[locale] || title.no;
	return {
		subject: w.confirmedSubject(eventTitle),
		text: [
			w.greeting(person.name),
			'',
			w.confirmedBody(eventTitle),
			ticketUrl ? w.ticketAt(ticketUrl) : w.ticketOnPage,
			'',
			w.unregisterHint,
			'',
			w.whyConfirmation
		].join('\n')
	};
}

/** An organiser's message as one person gets it: their language's version, and why they get it. */
export function organiserMail(
	locale: RegistrationLocale,
	audience: 'confirmed' | 'waiting',
	message: { subject: string; text: string },
	title: { no: string; en: string }
): { subject: string; text: string } {
	const eventTitle = title[locale] || title.no;
	return {
		subject: message.subject,
		text: [message.text, '', '—', WORDS[locale].messageWhy[audience](eventTitle)].join('\n')
	};
}

/** The attendee file's header row and its words for a paid seat, in the reader's language. */
export function attendeeFileWords(locale: RegistrationLocale) {
	const w = WORDS[locale];
	return {
		header: [...w.csvHeader],
		paid: (paid: boolean | null) => (paid === null ? '' : paid ? w.yes : w.no)
	};
}
