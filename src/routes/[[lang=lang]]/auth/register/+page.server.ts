import { fail, message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { RegisterForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { tokenLink } from '$lib/server/http/auth';
import { clientOf } from '$lib/server/http/guard';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => ({
	form: await superValidate(zod4(RegisterForm))
});

export const actions: Actions = {
	default: async (event) => {
		const form = await superValidate(event.request, zod4(RegisterForm));
		const password = form.data.password;
		form.data.password = '';
		if (!form.valid) return fail(400, { form });
		const { identity, rateLimit } = services();
		if (!(await rateLimit('auth', clientOf(event))).allowed) {
			return message(form, { kind: 'rate_limited' }, { status: 429 });
		}
		const locale = event.locals.locale;
		const result = await identity.register(
			{ ...form.data, password, locale },
			{
				verify: tokenLink(event, '/auth/verify', locale),
				reset: tokenLink(event, '/auth/reset', locale)
			}
		);
		if (!result.ok) return message(form, { kind: result.reason }, { status: 400 });
		return message(form, { kind: 'sent', email: form.data.email.trim().toLowerCase() });
	}
};
