import { redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { accepted, formAction } from '$lib/server/web/form-action';
import { THEME_COOKIE, themeOf } from '$lib/theme';
import type { Actions, PageServerLoad } from './$types';

// The theme switch is a plain form so it works without JavaScript; this page only answers it.
export const load: PageServerLoad = ({ locals }) => redirect(303, localizePath('/', locals.locale));

// No domain is asked: the choice is the browser's, kept in its cookie.
export const actions: Actions = {
	default: (event) =>
		formAction(event, {
			async read() {
				const form = await event.request.formData();
				return accepted({
					theme: themeOf(form.get('theme')),
					back: String(form.get('redirectTo') ?? '')
				});
			},
			run: async (input) => input,
			answer({ theme, back }) {
				event.cookies.set(THEME_COOKIE, theme, {
					path: '/',
					maxAge: 365 * 86_400,
					httpOnly: false,
					secure: true,
					sameSite: 'lax'
				});
				// Only a path on this site, never another origin.
				const target =
					back.startsWith('/') && !back.startsWith('//')
						? back
						: localizePath('/', event.locals.locale);
				const url = new URL(target, event.url);
				redirect(303, url.pathname + url.search);
			}
		})
};
