// The calendar feed's words, in the member's language: the calendar's name and what each entry
// says of the member's registration. The feed is read by an app, not a page, so no messages here.
import { formatDateTime } from '$lib/format';
import type { Mine } from '../registration';
import type { RegistrationLocale } from '../registration/words';

const WORDS = {
	no: {
		name: 'mine arrangementer',
		confirmed: 'Påmeldt',
		waiting: (place: number) => `venteliste, plass ${place}`,
		entered: 'med i trekningen',
		drawAt: (when: string) => `Trekningen skjer ${when}.`
	},
	en: {
		name: 'my events',
		confirmed: 'Registered',
		waiting: (place: number) => `waiting list, place ${place}`,
		entered: 'in the draw',
		drawAt: (when: string) => `The draw is made ${when}.`
	}
} as const;

export const calendarName = (locale: RegistrationLocale) => WORDS[locale].name;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The entry's summary (the title, with the status when it is not a seat: a glance at the calendar
 * tells) and the status line that opens its description.
 */
export function statusWords(
	locale: RegistrationLocale,
	title: string,
	mine: Exclude<Mine, { status: 'none' }>
): { summary: string; status: string } {
	const w = WORDS[locale];
	if (mine.status === 'confirmed') return { summary: title, status: w.confirmed };
	if (mine.status === 'waiting') {
		const waiting = w.waiting(mine.position);
		return { summary: `${title} (${waiting})`, status: capitalized(waiting) };
	}
	return {
		summary: `${title} (${w.entered})`,
		status: `${capitalized(w.entered)}. ${w.drawAt(formatDateTime(mine.drawAt, locale))}`
	};
}
