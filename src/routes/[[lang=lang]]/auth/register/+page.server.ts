import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { RegisterForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { admitAuthForm, keepSignupProof, tokenLink } from '$lib/server/web/auth';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => ({
	form: await superValidate(zod4(RegisterForm))
});

export const actions: Actions = {
	default: async (event) => {
		const form = await superValidate(event.request, zod4(RegisterForm));
		const { password, refusal } = await admitAuthForm(event, form);
		if (refusal) return refusal;
		const { identity } = services();
		const locale = event.locals.locale;
		const result = await identity.register(
			{ ...form.data, password, locale },
			{
				verify: tokenLink(event, '/auth/verify', locale),
				reset: tokenLink(event, '/auth/reset', locale)
			}
		);
		if (!result.ok) return message(form, { kind: result.reason }, { status: 400 });
		keepSignupProof(event, result.signupProof);
		return message(form, { kind: 'sent', email: form.data.email.trim().toLowerCase() });
	}
};
