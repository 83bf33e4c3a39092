import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { ICS_HEADERS, calendarEvent, toICalendar } from '$lib/server/content/ical';
import type { RequestHandler } from './$types';

// The subscribable feed of every upcoming event (`?campus=<id>` for one campus).
export const GET: RequestHandler = async ({ locals, url }) => {
	const { content, config } = services();
	const campuses = await content.campuses();
	const campus = campuses.find((c) => c.id === url.searchParams.get('campus'))?.id;
	const events = await content.upcomingForFeed(locals.locale, campus);
	const origin = config.PUBLIC_ORIGIN ?? url.origin;
	const host = new URL(origin).host;
	const body = toICalendar(
		events.map((e) =>
			calendarEvent(e, origin + localizePath(`/events/${e.slug}`, locals.locale), host)
		),
		{ name: `${m.common_site_name()} – ${m.events_title()}` }
	);
	return new Response(body, { headers: ICS_HEADERS });
};
