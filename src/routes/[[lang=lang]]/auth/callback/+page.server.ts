import { redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { services } from '$lib/server/app';
import { originOf, startSession, userAgentOf } from '$lib/server/web/auth';
import { OAUTH_STATE_COOKIE } from '$lib/server/identity/oidc';
import type { PageServerLoad } from './$types';

// The provider sends the browser to <origin>/auth/callback (the one redirect URI to register);
// the locale redirect brings it here with the query intact.
export const load: PageServerLoad = async (event) => {
	const { locals, url, cookies } = event;
	const callbackUrl = new URL(`${originOf(event)}/auth/callback${url.search}`);
	const browserState = cookies.get(OAUTH_STATE_COOKIE);
	cookies.delete(OAUTH_STATE_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'lax' });
	const result = await services().oidc.finish(locals.caller, {
		callbackUrl,
		browserState,
		userAgent: userAgentOf(event)
	});
	if (!result.ok)
		redirect(303, `${localizePath('/auth/login', locals.locale)}?error=${result.reason}`);
	startSession(event, result.session);
	redirect(303, result.redirectTo);
};
