import { redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { services } from '$lib/server/app';
import { clearSessionCookie } from '$lib/server/web/cookies';
import type { Actions } from './$types';

// Signing out is a POST (the header's button); a GET shows the button for browsers without it.
export const actions: Actions = {
	default: async ({ locals, cookies }) => {
		await services().identity.signOut(locals.caller);
		clearSessionCookie(cookies);
		redirect(303, localizePath('/', locals.locale));
	}
};
