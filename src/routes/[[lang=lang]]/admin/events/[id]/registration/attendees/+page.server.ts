import { attendeeAction, attendeesPage } from '$lib/server/web/registration-admin';
import type { Actions, PageServerLoad } from './$types';

// The organiser's lists: seats per pool, the attendees, the waiting list in order, and the forms
// that change them (add, move, remove with a reason, capacity) or write to the people on them.
export const load: PageServerLoad = (event) => attendeesPage(event);

export const actions: Actions = {
	add: attendeeAction('add'),
	move: attendeeAction('move'),
	remove: attendeeAction('remove'),
	capacity: attendeeAction('capacity'),
	message: attendeeAction('message')
};
