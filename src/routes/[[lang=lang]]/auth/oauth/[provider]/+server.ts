import { error, redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { services } from '$lib/server/app';
import { originOf } from '$lib/server/web/auth';
import { clientOf } from '$lib/server/web/guard';
import { signInLanding } from '$lib/server/web/redirect';
import { OAUTH_STATE_COOKIE, FLOW_TTL_MS } from '$lib/server/identity/oidc';
import { errorFields, log } from '$lib/server/log';
import type { RequestHandler } from './$types';

// Starts sign-in with a provider: the state goes to the provider and, in an HttpOnly cookie, to
// this browser; the callback accepts the answer only when both agree.
export const GET: RequestHandler = async (event) => {
	const { locals, params, url, cookies } = event;
	const loginPage = localizePath('/auth/login', locals.locale);
	const redirectTo = signInLanding(url.searchParams.get('redirectTo'), locals.locale);
	// Each start writes a flow row; the auth window keeps one address from filling the table.
	if (!(await services().rateLimit('auth', clientOf(event))).allowed) {
		redirect(303, `${loginPage}?error=provider`);
	}
	let started;
	try {
		started = await services().oidc.start(params.provider, {
			redirectTo,
			redirectUri: `${originOf(event)}/auth/callback`
		});
	} catch (cause) {
		log.warn('oidc start failed', { id: locals.requestId, ...errorFields(cause) });
		redirect(303, `${loginPage}?error=provider`);
	}
	if (!started) error(404, 'Not found');
	cookies.set(OAUTH_STATE_COOKIE, started.state, {
		path: '/',
		httpOnly: true,
		secure: true,
		sameSite: 'lax',
		maxAge: FLOW_TTL_MS / 1000
	});
	redirect(303, started.url.href);
};
