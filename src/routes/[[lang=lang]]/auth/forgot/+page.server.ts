import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { ForgotForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { admitAuthForm, tokenLink } from '$lib/server/web/auth';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => ({ form: await superValidate(zod4(ForgotForm)) });

// The answer is the same whether or not the address has an account.
export const actions: Actions = {
	default: async (event) => {
		const form = await superValidate(event.request, zod4(ForgotForm));
		const { refusal } = await admitAuthForm(event, form);
		if (refusal) return refusal;
		const { identity } = services();
		const locale = event.locals.locale;
		await identity.requestPasswordReset(
			form.data.email,
			locale,
			tokenLink(event, '/auth/reset', locale)
		);
		return message(form, { kind: 'sent' });
	}
};
