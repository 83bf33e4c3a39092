import { fail, redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { TokenForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { forgetSignupProof, signupProofIn, startSession, userAgentOf } from '$lib/server/web/auth';
import type { Actions, PageServerLoad } from './$types';

// Opening the link shows a button; only the POST uses the token, so a mail scanner that fetches
// the link does not spend it. In the browser that registered, confirming signs in; elsewhere the
// sign-in form opens with the address filled in (identity/index.ts, confirmEmail).
export const load: PageServerLoad = ({ url }) => ({ token: url.searchParams.get('token') ?? '' });

export const actions: Actions = {
	default: async (event) => {
		const { request, locals } = event;
		const parsed = TokenForm.safeParse(Object.fromEntries(await request.formData()));
		const confirmed =
			parsed.success &&
			(await services().identity.confirmEmail(locals.caller, parsed.data.token, {
				signupProof: signupProofIn(event),
				userAgent: userAgentOf(event)
			}));
		if (!confirmed) return fail(400, { invalid: true });
		forgetSignupProof(event);
		if (confirmed.session) {
			startSession(event, confirmed.session);
			redirect(303, `${localizePath('/profile', locals.locale)}?verified`);
		}
		const email = encodeURIComponent(confirmed.email);
		redirect(303, `${localizePath('/auth/login', locals.locale)}?notice=verified&email=${email}`);
	}
};
