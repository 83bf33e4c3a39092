import { error } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { ICS_HEADERS, calendarEvent, toICalendar } from '$lib/server/content/ical';
import type { RequestHandler } from './$types';

// "Add to calendar": one event as an .ics download.
export const GET: RequestHandler = async ({ locals, params, url }) => {
	const { content, config } = services();
	const found = await content.event(locals.locale, params.id);
	if (!found) error(404, 'Not found');
	const origin = config.PUBLIC_ORIGIN ?? url.origin;
	const pageUrl = origin + localizePath(`/events/${found.event.slug}`, locals.locale);
	const body = toICalendar([calendarEvent(found.event, pageUrl, new URL(origin).host)], {
		name: m.common_site_name()
	});
	return new Response(body, {
		headers: {
			...ICS_HEADERS,
			'content-disposition': `attachment; filename="${found.event.id.replace(/[^\w.-]/g, '_')}.ics"`
		}
	});
};
