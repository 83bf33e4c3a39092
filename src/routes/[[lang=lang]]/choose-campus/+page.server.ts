import { redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { services } from '$lib/server/app';
import { rememberCampus } from '$lib/server/web/campus';
import { safeReturnPath } from '$lib/server/web/paths';
import type { Actions, PageServerLoad } from './$types';

// The campus selector is a plain form so it works without JavaScript; this page only answers it.
export const load: PageServerLoad = ({ locals }) => redirect(303, localizePath('/', locals.locale));

export const actions: Actions = {
	default: async ({ request, cookies, locals, url }) => {
		const form = await request.formData();
		const wanted = String(form.get('campus') ?? '');
		const campuses = await services().content.campuses();
		rememberCampus(cookies, campuses.find((c) => c.id === wanted)?.id);
		redirect(303, safeReturnPath(form.get('redirectTo'), url, localizePath('/', locals.locale)));
	}
};
