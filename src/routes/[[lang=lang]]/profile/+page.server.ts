import {
	profilePage,
	revokeSessionAction,
	saveProfileAction,
	signOutEverywhereAction
} from '$lib/server/web/profile';
import { saveNotificationsAction } from '$lib/server/web/notifications';
import { renewCalendarFeedAction, turnOffCalendarFeedAction } from '$lib/server/web/calendar-feed';
import type { Actions, PageServerLoad } from './$types';

// The hook lets only signed-in users reach this page; everything shown is the caller's own.

export const load: PageServerLoad = (event) => profilePage(event);

export const actions: Actions = {
	save: (event) => saveProfileAction(event),
	revoke: (event) => revokeSessionAction(event),
	everywhere: (event) => signOutEverywhereAction(event),
	calendar: (event) => renewCalendarFeedAction(event),
	calendarOff: (event) => turnOffCalendarFeedAction(event),
	notifications: (event) => saveNotificationsAction(event)
};
