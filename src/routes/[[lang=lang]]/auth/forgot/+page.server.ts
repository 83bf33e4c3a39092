import { fail, message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { ForgotForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { tokenLink } from '$lib/server/http/auth';
import { clientOf } from '$lib/server/http/guard';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async () => ({ form: await superValidate(zod4(ForgotForm)) });

// The answer is the same whether or not the address has an account.
export const actions: Actions = {
	default: async (event) => {
		const form = await superValidate(event.request, zod4(ForgotForm));
		if (!form.valid) return fail(400, { form });
		const { identity, rateLimit } = services();
		if (!(await rateLimit('auth', clientOf(event))).allowed) {
			return message(form, { kind: 'rate_limited' }, { status: 429 });
		}
		const locale = event.locals.locale;
		await identity.requestPasswordReset(
			form.data.email,
			locale,
			tokenLink(event, '/auth/reset', locale)
		);
		return message(form, { kind: 'sent' });
	}
};
