import { error } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { services } from '$lib/server/app';
import { eventPageWords } from '$lib/server/web/event-page';
import { feedbackLinkOnPage } from '$lib/server/web/feedback';
import { ownAddresses } from '$lib/server/web/moved';
import { ticketOnEventPage } from '$lib/server/web/tickets';
import {
	registerAction,
	registrationOnPage,
	unregisterAction
} from '$lib/server/web/registration-page';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async (event) => {
	const { locals, params, setHeaders } = event;
	const found = await services().content.event(locals.locale, params.id);
	if (!found) error(404, 'Not found');
	const asked = { id: params.id, locale: locals.locale };
	return {
		...found,
		words: eventPageWords(found.event, locals.locale),
		alternates: ownAddresses('/events', found.event.slugs, asked, setHeaders),
		registration: await registrationOnPage(
			event,
			found.event.id,
			localizePath(`/events/${found.event.slug}`, locals.locale)
		),
		feedback: await feedbackLinkOnPage(event, found.event.id, found.event.slug),
		ticket: await ticketOnEventPage(event, found.event)
	};
};

export const actions: Actions = {
	register: (event) => registerAction(event),
	unregister: (event) => unregisterAction(event)
};
