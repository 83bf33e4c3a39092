import { redirect } from '@sveltejs/kit';
import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { LoginForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import {
	admitAuthForm,
	keepSignupProof,
	startSession,
	tokenLink,
	userAgentOf
} from '$lib/server/web/auth';
import { clientOf } from '$lib/server/web/guard';
import { signInLanding } from '$lib/server/web/redirect';
import type { Actions, PageServerLoad } from './$types';

const NOTICES = ['reset', 'verified'] as const;
const OAUTH_ERRORS = ['state', 'provider', 'unverified_email', 'domain_not_allowed'] as const;
const pick = <T extends string>(list: readonly T[], value: string | null) =>
	list.find((v) => v === value) ?? null;

export const load: PageServerLoad = async ({ locals, url }) => {
	const redirectTo = url.searchParams.get('redirectTo') ?? '';
	if (locals.user && !locals.user.isAnonymous)
		redirect(303, signInLanding(redirectTo, locals.locale));
	// A confirmed address arrives filled in (auth/verify).
	const email = (url.searchParams.get('email') ?? '').slice(0, 254);
	return {
		form: await superValidate({ redirectTo, email }, zod4(LoginForm), { errors: false }),
		providers: services().oidc.providers(),
		notice: pick(NOTICES, url.searchParams.get('notice')),
		oauthError: pick(OAUTH_ERRORS, url.searchParams.get('error'))
	};
};

export const actions: Actions = {
	default: async (event) => {
		const form = await superValidate(event.request, zod4(LoginForm));
		const { password, refusal } = await admitAuthForm(event, form);
		if (refusal) return refusal;
		const { identity } = services();
		const { locals } = event;
		const result = await identity.signInWithPassword(locals.caller, {
			email: form.data.email,
			password,
			client: clientOf(event),
			userAgent: userAgentOf(event),
			verifyLink: tokenLink(event, '/auth/verify', locals.locale)
		});
		if (!result.ok) {
			if (result.reason === 'unverified') keepSignupProof(event, result.signupProof);
			const status = ({ invalid: 400, unverified: 403, throttled: 429 } as const)[result.reason];
			const seconds = result.reason === 'throttled' ? result.retryAfterSeconds : 0;
			return message(form, { kind: result.reason, seconds }, { status });
		}
		startSession(event, result.session);
		// The site's language, which the person chose by using it, not the account's.
		redirect(303, signInLanding(form.data.redirectTo, locals.locale));
	}
};
