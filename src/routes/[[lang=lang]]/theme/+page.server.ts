import { redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { THEME_COOKIE, themeOf } from '$lib/theme';
import type { Actions, PageServerLoad } from './$types';

// The theme switch is a plain form so it works without JavaScript; this page only answers it.
export const load: PageServerLoad = ({ locals }) => redirect(303, localizePath('/', locals.locale));

export const actions: Actions = {
	default: async ({ request, cookies, locals, url }) => {
		const form = await request.formData();
		const theme = themeOf(form.get('theme'));
		cookies.set(THEME_COOKIE, theme, {
			path: '/',
			maxAge: 365 * 86_400,
			httpOnly: false,
			secure: true,
			sameSite: 'lax'
		});
		const back = String(form.get('redirectTo') ?? '');
		// Only a path on this site, never another origin.
		const target =
			back.startsWith('/') && !back.startsWith('//') ? back : localizePath('/', locals.locale);
		redirect(303, new URL(target, url).pathname + new URL(target, url).search);
	}
};
