import { error, fail, redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import {
	DeleteWithEmailForm,
	DeleteWithPasswordForm,
	invalidFields
} from '$lib/schemas/admin-people';
import { services } from '$lib/server/app';
import { typedValues } from '$lib/server/web/form-action';
import { clearSessionCookie } from '$lib/server/web/cookies';
import { clientOf } from '$lib/server/web/guard';
import type { Actions, PageServerLoad } from './$types';

// "Delete my account": what goes and what bookkeeping keeps, then a confirmation that works
// without JavaScript: a password account ticks a box and types its password again, an account
// without one types its e-mail address. Then the person is signed out and told it is done.

export const load: PageServerLoad = async (event) => {
	const preview = await services().privacy.deletionPreview(event.locals.caller);
	if (!preview) error(404, 'Not found');
	return { preview };
};

export const actions: Actions = {
	default: async (event) => {
		const ctx = event.locals.caller;
		const preview = await services().privacy.deletionPreview(ctx);
		if (!preview) error(404, 'Not found');
		const form = await event.request.formData();
		const values = typedValues(form);
		const refused = (status: number, errors: string[], reason: string | null) =>
			fail(status, { values, errors, reason });
		const schema = preview.hasPassword ? DeleteWithPasswordForm : DeleteWithEmailForm;
		const parsed = schema.safeParse(Object.fromEntries(form));
		if (!parsed.success) {
			return refused(400, invalidFields(parsed.error), null);
		}
		// A password is checked here: the sign-in limit holds, so the form cannot be used to guess.
		if (!(await services().rateLimit('auth', clientOf(event))).allowed) {
			return refused(429, [], 'rate_limited');
		}
		const result = await services().privacy.deleteOwnAccount(ctx, parsed.data);
		if (!result.ok) return refused(400, [], result.reason);
		clearSessionCookie(event.cookies);
		redirect(303, localizePath('/auth/deleted', event.locals.locale));
	}
};
