import { services } from '$lib/server/app';
import { THEME_COOKIE, themeOf } from '$lib/theme';
import type { LayoutServerLoad } from './$types';

export const load: LayoutServerLoad = ({ locals, cookies, url }) => {
	// Reading the pathname makes this load run again on client-side navigation, so switching
	// language without a full reload changes <html lang> and every message with it.
	void url.pathname;
	return {
		locale: locals.locale,
		origin: services().config.PUBLIC_ORIGIN ?? url.origin,
		theme: themeOf(cookies.get(THEME_COOKIE)),
		user:
			locals.user && !locals.user.isAnonymous
				? { name: locals.user.name, email: locals.user.email }
				: null
	};
};
