import { redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { chooseCampusAction } from '$lib/server/web/campus';
import type { Actions, PageServerLoad } from './$types';

// The campus selector is a plain form so it works without JavaScript; this page only answers it.
export const load: PageServerLoad = ({ locals }) => redirect(303, localizePath('/', locals.locale));

export const actions: Actions = { default: (event) => chooseCampusAction(event) };
