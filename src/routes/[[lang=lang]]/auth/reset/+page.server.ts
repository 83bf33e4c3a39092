import { redirect } from '@sveltejs/kit';
import { fail, message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import { ResetForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { clientOf } from '$lib/server/http/guard';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ url }) => ({
	form: await superValidate({ token: url.searchParams.get('token') ?? '' }, zod4(ResetForm), {
		errors: false
	})
});

export const actions: Actions = {
	default: async (event) => {
		const form = await superValidate(event.request, zod4(ResetForm));
		const password = form.data.password;
		form.data.password = '';
		if (!form.valid) return fail(400, { form });
		const { identity, rateLimit } = services();
		if (!(await rateLimit('auth', clientOf(event))).allowed) {
			return message(form, { kind: 'rate_limited' }, { status: 429 });
		}
		if (!(await identity.resetPassword(form.data.token, password))) {
			return message(form, { kind: 'invalid_link' }, { status: 400 });
		}
		redirect(303, `${localizePath('/auth/login', event.locals.locale)}?notice=reset`);
	}
};
