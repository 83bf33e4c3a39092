// The sign-in pages' form actions (/auth/login, register, verify, forgot, reset, invite, logout)
// in the one form shape: each reads its form through readAuthForm (the password taken out, the
// auth rate limit), makes its one identity or invitations call as the caller, and answers with
// the form's message, a session cookie and a redirect.
import { fail, redirect, type RequestEvent } from '@sveltejs/kit';
import { message, setError, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import {
	AcceptInviteForm,
	ForgotForm,
	LoginForm,
	RegisterForm,
	ResetForm,
	TokenForm
} from '$lib/schemas/auth';
import { services } from '../app';
import {
	forgetSignupProof,
	keepSignupProof,
	readAuthForm,
	signupProofIn,
	startSession,
	tokenLink,
	userAgentOf
} from './auth';
import { clearSessionCookie } from './cookies';
import { accepted, formAction, zodPost } from './form-action';
import { clientOf } from './guard';
import { signInLanding } from './redirect';

export function loginAction(event: RequestEvent) {
	const { locale } = event.locals;
	return formAction(event, {
		read: async () => readAuthForm(event, await superValidate(event.request, zod4(LoginForm))),
		run: ({ form, password }, caller) =>
			services().identity.signInWithPassword(caller, {
				email: form.data.email,
				password,
				client: clientOf(event),
				userAgent: userAgentOf(event),
				verifyLink: tokenLink(event, '/auth/verify', locale)
			}),
		answer(result, _values, { form }) {
			if (!result.ok) {
				if (result.reason === 'unverified') keepSignupProof(event, result.signupProof);
				const status = ({ invalid: 400, unverified: 403, throttled: 429 } as const)[result.reason];
				const seconds = result.reason === 'throttled' ? result.retryAfterSeconds : 0;
				return message(form, { kind: result.reason, seconds }, { status });
			}
			startSession(event, result.session);
			// The site's language, which the person chose by using it, not the account's.
			redirect(303, signInLanding(form.data.redirectTo, locale));
		}
	});
}

export function registerAction(event: RequestEvent) {
	const { locale } = event.locals;
	return formAction(event, {
		read: async () => readAuthForm(event, await superValidate(event.request, zod4(RegisterForm))),
		run: ({ form, password }) =>
			services().identity.register(
				{ ...form.data, password, locale },
				{
					verify: tokenLink(event, '/auth/verify', locale),
					reset: tokenLink(event, '/auth/reset', locale)
				}
			),
		answer(result, _values, { form }) {
			if (!result.ok) return message(form, { kind: result.reason }, { status: 400 });
			keepSignupProof(event, result.signupProof);
			return message(form, { kind: 'sent', email: form.data.email.trim().toLowerCase() });
		}
	});
}

// Only the POST uses the token, so a mail scanner that fetches the link does not spend it. In the
// browser that registered, confirming signs in; elsewhere the sign-in form opens with the address
// filled in (identity/index.ts, confirmEmail).
export function verifyAction(event: RequestEvent) {
	const { locale } = event.locals;
	const invalid = () => fail(400, { invalid: true });
	return formAction(event, {
		read: zodPost(TokenForm, invalid),
		run: async ({ token }, caller) => ({
			// Null for no such link (or one already used): wrapped, so that it is no refusal.
			confirmed: await services().identity.confirmEmail(caller, token, {
				signupProof: signupProofIn(event),
				userAgent: userAgentOf(event)
			})
		}),
		answer({ confirmed }) {
			if (!confirmed) return invalid();
			forgetSignupProof(event);
			if (confirmed.session) {
				startSession(event, confirmed.session);
				redirect(303, `${localizePath('/profile', locale)}?verified`);
			}
			const email = encodeURIComponent(confirmed.email);
			redirect(303, `${localizePath('/auth/login', locale)}?notice=verified&email=${email}`);
		}
	});
}

// The answer is the same whether or not the address has an account.
export function forgotAction(event: RequestEvent) {
	const { locale } = event.locals;
	return formAction(event, {
		read: async () => readAuthForm(event, await superValidate(event.request, zod4(ForgotForm))),
		run: ({ form }) =>
			services().identity.requestPasswordReset(
				form.data.email,
				locale,
				tokenLink(event, '/auth/reset', locale)
			),
		answer: (_done, _values, { form }) => message(form, { kind: 'sent' })
	});
}

export function resetAction(event: RequestEvent) {
	return formAction(event, {
		read: async () => readAuthForm(event, await superValidate(event.request, zod4(ResetForm))),
		run: ({ form, password }) => services().identity.resetPassword(form.data.token, password),
		answer(reset, _values, { form }) {
			if (!reset) return message(form, { kind: 'invalid_link' }, { status: 400 });
			redirect(303, `${localizePath('/auth/login', event.locals.locale)}?notice=reset`);
		}
	});
}

export function acceptInviteAction(event: RequestEvent) {
	return formAction(event, {
		read: async () =>
			readAuthForm(event, await superValidate(event.request, zod4(AcceptInviteForm))),
		run: ({ form, password }, caller) =>
			services().invitations.accept(caller, form.data.token, {
				name: form.data.name,
				password,
				userAgent: userAgentOf(event)
			}),
		answer(result, _values, { form }) {
			if (!result.ok) {
				if (result.reason === 'needs_account') {
					if (!form.data.name) setError(form, 'name', 'required');
					return setError(form, 'password', 'required');
				}
				const status = result.reason === 'sign_in' ? 409 : 410;
				return message(form, { kind: result.reason }, { status });
			}
			if (result.session) startSession(event, result.session);
			redirect(303, `${localizePath(`/units/${result.unitId}`, event.locals.locale)}?tab=team`);
		}
	});
}

export function logoutAction(event: RequestEvent) {
	return formAction(event, {
		read: async () => accepted(null),
		run: (_none, caller) => services().identity.signOut(caller),
		answer() {
			clearSessionCookie(event.cookies);
			redirect(303, localizePath('/', event.locals.locale));
		}
	});
}
