// The notifications' words, for the profile, the unsubscribe page and the mails alike.
import type { NotificationKind } from './kinds';

export type NotificationLocale = 'no' | 'en';

const WORDS = {
	no: {
		kinds: {
			registration_opens: 'Påmeldingen åpner (arrangementer fra enheter du følger eller er med i)',
			promoted: 'Du har fått plass fra ventelisten',
			event_changed: 'Et arrangement du er påmeldt, er endret eller avlyst',
			payment_due: 'Betalingsfrist for en plass',
			reminder: 'Påminnelse dagen før et arrangement'
		},
		alwaysSent:
			'En betalingsfrist sendes alltid: ellers kunne du miste plassen uten å få vite det.',
		footer: (kind: string, url: string) =>
			`Vil du ikke ha slike e-poster («${kind}»)? Slå dem av her: ${url}`
	},
	en: {
		kinds: {
			registration_opens: 'Registration opens (events of units you follow or belong to)',
			promoted: 'You got a seat from the waiting list',
			event_changed: 'An event you are registered for was changed or cancelled',
			payment_due: 'A payment deadline for a seat',
			reminder: 'A reminder the day before an event'
		},
		alwaysSent:
			'A payment deadline is always sent: otherwise you could lose the seat without warning.',
		footer: (kind: string, url: string) =>
			`Don't want e-mails like this ("${kind}")? Turn them off here: ${url}`
	}
} satisfies Record<NotificationLocale, unknown>;

/** What each kind is called, and why a payment deadline cannot be turned off. */
export function notificationWords(locale: NotificationLocale) {
	const w = WORDS[locale];
	return { kinds: w.kinds as Record<NotificationKind, string>, alwaysSent: w.alwaysSent };
}

/** The last line of a notification's mail: how to turn this kind off. */
export function unsubscribeFooter(locale: NotificationLocale, kind: NotificationKind, url: string) {
	const w = WORDS[locale];
	return w.footer(w.kinds[kind], url);
}
