import { fail, redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { services } from '$lib/server/app';
import { accepted, formAction } from '$lib/server/web/form-action';
import type { Actions, PageServerLoad } from './$types';

// The link in an applicant's confirmation e-mail. Opening it changes nothing (mail scanners open
// links): the page asks, and its post deletes the application (applications/withdraw.ts).
export const load: PageServerLoad = async ({ locals, params, url }) => {
	if (url.searchParams.get('done') === '1')
		return { state: 'done' as const, jobTitle: null, token: '' };
	const token = url.searchParams.get('token') ?? '';
	const found = await services().applications.withdrawalOf(params.id, token, locals.locale);
	return found
		? { state: 'confirm' as const, jobTitle: found.jobTitle, token }
		: { state: 'invalid' as const, jobTitle: null, token: '' };
};

export const actions: Actions = {
	default: (event) =>
		formAction(event, {
			async read() {
				const token = (await event.request.formData()).get('token');
				return accepted(typeof token === 'string' ? token : '');
			},
			run: (token) => services().applications.withdraw(event.params.id, token),
			answer(done) {
				if (!done) return fail(404, { invalid: true });
				const page = localizePath(`/applications/${event.params.id}/withdraw`, event.locals.locale);
				redirect(303, `${page}?done=1`);
			}
		})
};
