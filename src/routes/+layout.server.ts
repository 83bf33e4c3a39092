import { THEME_COOKIE, themeOf } from '$lib/theme';
import type { LayoutServerLoad } from './$types';

export const load: LayoutServerLoad = ({ locals, cookies }) => ({
	locale: locals.locale,
	theme: themeOf(cookies.get(THEME_COOKIE)),
	user:
		locals.user && !locals.user.isAnonymous
			? { name: locals.user.name, email: locals.user.email }
			: null
});
