import { fail, redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { TokenForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import type { Actions, PageServerLoad } from './$types';

// Opening the link shows a button; only the POST uses the token, so a mail scanner that fetches
// the link does not spend it.
export const load: PageServerLoad = ({ url }) => ({ token: url.searchParams.get('token') ?? '' });

export const actions: Actions = {
	default: async ({ request, locals }) => {
		const parsed = TokenForm.safeParse(Object.fromEntries(await request.formData()));
		if (!parsed.success || !(await services().identity.confirmEmail(parsed.data.token))) {
			return fail(400, { invalid: true });
		}
		redirect(303, `${localizePath('/auth/login', locals.locale)}?notice=verified`);
	}
};
