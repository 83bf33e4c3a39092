import { error, redirect } from '@sveltejs/kit';
import { fail, message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import { ContactForm } from '$lib/schemas/contact';
import { services } from '$lib/server/app';
import { accepted, formAction, refused } from '$lib/server/web/form-action';
import { clientOf } from '$lib/server/web/guard';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ locals, url }) => {
	const page = await services().content.page(locals.locale, 'contact');
	if (!page) error(404, 'Not found');
	return {
		page,
		sent: url.searchParams.get('sent') === '1',
		form: await superValidate(zod4(ContactForm))
	};
};

export const actions: Actions = {
	default: (event) =>
		formAction(event, {
			async read() {
				const form = await superValidate(event.request, zod4(ContactForm));
				if (!form.valid) return refused(fail(400, { form }));
				// Only messages that would be stored count, so a visitor fixing a typo is not punished.
				const decision = await services().rateLimit('contact', clientOf(event));
				if (!decision.allowed) return refused(message(form, 'rate_limited', { status: 429 }));
				return accepted(form);
			},
			run: (form) => services().contact.submit(form.data, event.locals.locale),
			// Post/redirect/get: a reload does not send the message twice.
			answer: () => redirect(303, `${localizePath('/contact', event.locals.locale)}?sent=1`)
		})
};
