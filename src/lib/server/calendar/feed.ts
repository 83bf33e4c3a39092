// The entries of a member's feed: each registration's event as a calendar event, its summary and
// description saying the member's status. The event's details (end, place, summary) are read here
// in one query; the registrations come from the registration service, draws settled.
import type { Kysely } from 'kysely';
import { localizePath } from '$lib/i18n';
import type { CalendarEvent } from '../content/ical';
import type { Database } from '../db';
import type { MyRegistration } from '../registration';
import type { RegistrationLocale } from '../registration/words';
import { statusWords } from './words';

/** Events that ended up to this many days ago stay in the feed, so a calendar keeps the past month. */
export const KEEP_ENDED_DAYS = 30;
/** How often calendar apps are asked to fetch again (most poll far less often, whatever we say). */
export const FEED_REFRESH = 'PT15M';

/** The site the feed links to: its public origin and its name in a language. */
export interface Site {
	origin: string;
	name(locale: RegistrationLocale): string;
}

export async function feedEntries(
	db: Kysely<Database>,
	registrations: MyRegistration[],
	locale: RegistrationLocale,
	site: Site
): Promise<CalendarEvent[]> {
	if (registrations.length === 0) return [];
	const events = await db
		.selectFrom('events')
		.select(['id', 'ends_at', 'location', 'summary_no', 'summary_en'])
		.where(
			'id',
			'in',
			registrations.map((r) => r.eventId)
		)
		.execute();
	const byId = new Map(events.map((e) => [e.id, e]));
	const host = new URL(site.origin).host;
	return registrations.flatMap((r) => {
		const event = byId.get(r.eventId);
		if (!event) return [];
		const title = r.title[locale] || r.title.no;
		const about = (locale === 'en' ? event.summary_en : event.summary_no) || event.summary_no;
		const url = site.origin + localizePath(`/events/${r.slugs[locale]}`, locale);
		const { summary, status } = statusWords(locale, title, r.mine);
		return [
			{
				// Not the public feed's UID: an app subscribed to both keeps them apart.
				uid: `registration-${r.eventId}@${host}`,
				title: summary,
				description: [status, about, url].filter(Boolean).join('\n\n'),
				location: event.location,
				url,
				startsAt: r.startsAt,
				endsAt: event.ends_at
			}
		];
	});
}
