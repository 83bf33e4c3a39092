import { redirect } from '@sveltejs/kit';
import { fail, message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import { LoginForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { userContext } from '$lib/server/context';
import { rememberLocale, startSession, tokenLink, userAgentOf } from '$lib/server/http/auth';
import { clientOf } from '$lib/server/http/guard';
import { safeRedirect } from '$lib/server/http/redirect';
import type { Actions, PageServerLoad } from './$types';

const NOTICES = ['reset', 'verified'] as const;
const OAUTH_ERRORS = ['state', 'provider', 'unverified_email', 'domain_not_allowed'] as const;
const pick = <T extends string>(list: readonly T[], value: string | null) =>
	list.find((v) => v === value) ?? null;

export const load: PageServerLoad = async ({ locals, url }) => {
	const redirectTo = url.searchParams.get('redirectTo') ?? '';
	if (locals.user && !locals.user.isAnonymous) {
		redirect(303, safeRedirect(redirectTo, localizePath('/profile', locals.locale)));
	}
	return {
		form: await superValidate({ redirectTo }, zod4(LoginForm), { errors: false }),
		providers: services().oidc.providers(),
		notice: pick(NOTICES, url.searchParams.get('notice')),
		oauthError: pick(OAUTH_ERRORS, url.searchParams.get('error'))
	};
};

export const actions: Actions = {
	default: async (event) => {
		const form = await superValidate(event.request, zod4(LoginForm));
		// The password is never sent back to the page.
		const password = form.data.password;
		form.data.password = '';
		if (!form.valid) return fail(400, { form });
		const { identity, rateLimit } = services();
		if (!(await rateLimit('auth', clientOf(event))).allowed) {
			return message(form, { kind: 'rate_limited' }, { status: 429 });
		}
		const { locals } = event;
		const result = await identity.signInWithPassword(userContext(locals.user, locals.sessionId), {
			email: form.data.email,
			password,
			client: clientOf(event),
			userAgent: userAgentOf(event),
			verifyLink: tokenLink(event, '/auth/verify', locals.locale)
		});
		if (!result.ok) {
			const status = ({ invalid: 400, unverified: 403, throttled: 429 } as const)[result.reason];
			const seconds = result.reason === 'throttled' ? result.retryAfterSeconds : 0;
			return message(form, { kind: result.reason, seconds }, { status });
		}
		startSession(event, result.session);
		const locale = result.locale ?? locals.locale;
		if (result.locale) rememberLocale(event, result.locale);
		redirect(303, safeRedirect(form.data.redirectTo, localizePath('/profile', locale)));
	}
};
