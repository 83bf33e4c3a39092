// The registration domain's words, per locale: the e-mail a person gets when the waiting list (or
// the draw) gives them a seat. Pages and the API name statuses and refusals by their codes.
export type RegistrationLocale = 'no' | 'en';

const WORDS = {
	no: {
		promotedSubject: (title: string) => `Du har fått plass: ${title}`,
		greeting: (name: string) => (name ? `Hei ${name},` : 'Hei,'),
		promotedBody: (title: string) => `Det ble ledig plass, og du har nå fått plass på «${title}».`,
		unregisterHint:
			'Kan du likevel ikke komme? Meld deg av på arrangementets side, så går plassen til nestemann.'
	},
	en: {
		promotedSubject: (title: string) => `You have a place: ${title}`,
		greeting: (name: string) => (name ? `Hi ${name},` : 'Hi,'),
		promotedBody: (title: string) => `You now have a place at “${title}”.`,
		unregisterHint:
			'If you can no longer come, unregister on the event’s page so the place goes to the next person.'
	}
} as const;

export const registrationLocale = (locale: string | null): RegistrationLocale =>
	locale === 'en' ? 'en' : 'no';

/** The promotion mail's subject and text, in the person's language. */
export function promotedMail(
	locale: RegistrationLocale,
	person: { name: string },
	title: { no: string; en: string }
): { subject: string; text: string } {
	const w = WORDS[locale];
	const eventTitle = title[locale] || title.no;
	return {
		subject: w.promotedSubject(eventTitle),
		text: [w.greeting(person.name), '', w.promotedBody(eventTitle), '', w.unregisterHint].join('\n')
	};
}
