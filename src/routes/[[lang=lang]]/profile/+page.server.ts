import { superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { ProfileForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import {
	orderStatusWords,
	profileWords,
	revokeSessionAction,
	saveProfileAction,
	signOutEverywhereAction
} from '$lib/server/web/profile';
import { notificationsOnProfile, saveNotificationsAction } from '$lib/server/web/notifications';
import { registrationsOnProfile } from '$lib/server/web/registration-page';
import {
	calendarFeedOnProfile,
	renewCalendarFeedAction,
	turnOffCalendarFeedAction
} from '$lib/server/web/calendar-feed';
import type { Actions, PageServerLoad } from './$types';

// The hook lets only signed-in users reach this page; everything shown is the caller's own.

export const load: PageServerLoad = async (event) => {
	const ctx = event.locals.caller;
	const { identity, roles } = services();
	const [profile, userRoles, sessions, registrations, calendarFeed, notifications] =
		await Promise.all([
			identity.profile(ctx),
			roles.rolesOf(ctx),
			identity.sessions(ctx),
			registrationsOnProfile(event),
			calendarFeedOnProfile(event),
			notificationsOnProfile(event)
		]);
	const form = await superValidate(
		{ name: profile.name, locale: profile.locale ?? event.locals.locale },
		zod4(ProfileForm)
	);
	const { searchParams } = event.url;
	return {
		profile,
		roles: userRoles,
		sessions,
		registrations,
		calendarFeed,
		notifications,
		orderStatus: orderStatusWords(),
		words: profileWords(),
		form,
		saved: searchParams.has('saved'),
		verified: searchParams.has('verified')
	};
};

export const actions: Actions = {
	save: (event) => saveProfileAction(event),
	revoke: (event) => revokeSessionAction(event),
	everywhere: (event) => signOutEverywhereAction(event),
	calendar: (event) => renewCalendarFeedAction(event),
	calendarOff: (event) => turnOffCalendarFeedAction(event),
	notifications: (event) => saveNotificationsAction(event)
};
