import { saveSettingsAction, settingsPage } from '$lib/server/web/registration-admin';
import type { Actions, PageServerLoad } from './$types';

// An event's registration settings, for its organisers (admins, the leaders of its unit): one
// form, its pools editor working without JavaScript, and the draw's seed and order once drawn.
export const load: PageServerLoad = (event) => settingsPage(event);

export const actions: Actions = { default: saveSettingsAction };
