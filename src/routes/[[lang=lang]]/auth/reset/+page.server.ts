import { redirect } from '@sveltejs/kit';
import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import { ResetForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { admitAuthForm } from '$lib/server/web/auth';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ url }) => ({
	form: await superValidate({ token: url.searchParams.get('token') ?? '' }, zod4(ResetForm), {
		errors: false
	})
});

export const actions: Actions = {
	default: async (event) => {
		const form = await superValidate(event.request, zod4(ResetForm));
		const { password, refusal } = await admitAuthForm(event, form);
		if (refusal) return refusal;
		const { identity } = services();
		if (!(await identity.resetPassword(form.data.token, password))) {
			return message(form, { kind: 'invalid_link' }, { status: 400 });
		}
		redirect(303, `${localizePath('/auth/login', event.locals.locale)}?notice=reset`);
	}
};
