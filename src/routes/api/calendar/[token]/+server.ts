import { calendarFeedResponse } from '$lib/server/web/calendar-feed';
import type { RequestHandler } from './$types';

// A member's personal calendar feed, for calendar apps (no session: the secret address names the
// member). The rules are web/calendar-feed.ts and calendar/.
export const GET: RequestHandler = (event) => calendarFeedResponse(event);
