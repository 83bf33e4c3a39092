// The personal calendar feed at the edge: the feed itself (GET /api/calendar/{token}, read by
// calendar apps without a session) and the profile's part: whether there is one, making a new
// address (shown once: only its hash is kept) and turning the feed off.
import type { RequestEvent } from '@sveltejs/kit';
import { fail } from '@sveltejs/kit';
import { formatDateTime } from '$lib/format';
import { m } from '$lib/paraglide/messages';
import { CalendarFeedToken } from '$lib/schemas/calendar';
import { services } from '../app';
import { memberKey } from '../rate-limit';
import { errorResponse, toErrorResponse } from './errors';
import { accepted, formAction, refused } from './form-action';

const FEED_PATH = '/api/calendar/';

// Changes show within a minute: an app (or a proxy between) keeps an answer at most that long.
const FEED_HEADERS = {
	'content-type': 'text/calendar; charset=utf-8',
	'cache-control': 'private, max-age=60',
	'x-robots-tag': 'noindex'
};

const notFound = () =>
	errorResponse(404, { error: 'Not found' }, { 'cache-control': 'private, max-age=60' });

const originOf = (event: RequestEvent) => services().config.PUBLIC_ORIGIN ?? event.url.origin;

export async function calendarFeedResponse(event: RequestEvent): Promise<Response> {
	const token = CalendarFeedToken.safeParse(event.params.token);
	if (!token.success) return notFound();
	try {
		const feed = await services().calendarFeeds.feed(token.data, {
			origin: originOf(event),
			name: (locale) => m.common_site_name({}, { locale })
		});
		return feed ? new Response(feed.body, { headers: FEED_HEADERS }) : notFound();
	} catch (error) {
		return toErrorResponse(error, event.locals.requestId);
	}
}

/**
 * The profile's section: its words, the feed's state in words (and whether it can be turned off).
 * The words go with the page's data, not as message functions in its JavaScript: the profile is
 * at the edge of the first-visit budget.
 */
export async function calendarFeedOnProfile(event: RequestEvent) {
	const feed = await services().calendarFeeds.status(event.locals.caller);
	const locale = event.locals.locale;
	const state = feed
		? m.profile_calendar_since({ date: formatDateTime(feed.createdAt, locale) })
		: m.profile_calendar_none();
	return {
		title: m.profile_calendar(),
		status: `${m.profile_calendar_intro()} ${state}`,
		url: m.profile_calendar_url(),
		make: feed ? m.profile_calendar_renew() : m.profile_calendar_create(),
		off: feed ? m.profile_calendar_off() : null
	};
}

/** A new address (the first, or one replacing the old): shown in the answer, this once. */
export function renewCalendarFeedAction(event: RequestEvent) {
	return formAction(event, {
		async read() {
			// Counted per member, as the profile's other guarded forms count; whoever is not a
			// member is refused by the domain (the 404 page).
			const user = event.locals.caller.user;
			if (user && !user.isAnonymous) {
				const { allowed } = await services().rateLimit('auth', memberKey(user.id));
				if (!allowed) {
					return refused(fail(429, { calendarRefused: m.profile_calendar_limited() }));
				}
			}
			return accepted(null);
		},
		run: (_none, caller) => services().calendarFeeds.renew(caller),
		answer: ({ token }) => ({
			calendarUrl: originOf(event) + FEED_PATH + token,
			calendarDone: `${m.profile_calendar_made()} ${m.profile_calendar_url_note()}`
		})
	});
}

export function turnOffCalendarFeedAction(event: RequestEvent) {
	return formAction(event, {
		read: async () => accepted(null),
		run: (_none, caller) => services().calendarFeeds.turnOff(caller),
		answer: () => ({ calendarDone: m.profile_calendar_turned_off() })
	});
}
