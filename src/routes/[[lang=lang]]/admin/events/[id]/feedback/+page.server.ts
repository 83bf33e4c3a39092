import { feedbackResultsPage, feedbackSettingsAction } from '$lib/server/web/feedback';
import type { Actions, PageServerLoad } from './$types';

// An event's feedback for its organisers (admins, the leaders of its unit): the switch that asks
// attendees for it, and the results without names.
export const load: PageServerLoad = (event) => feedbackResultsPage(event);

export const actions: Actions = { default: (event) => feedbackSettingsAction(event) };
