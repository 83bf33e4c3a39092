import { redirect } from '@sveltejs/kit';
import { superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { LoginForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { signInLanding } from '$lib/server/web/redirect';
import { loginAction } from '$lib/server/web/sign-in';
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

export const actions: Actions = { default: (event) => loginAction(event) };
