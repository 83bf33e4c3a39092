import { redirect } from '@sveltejs/kit';
import { message, setError, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import { AcceptInviteForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { admitAuthForm, startSession, userAgentOf } from '$lib/server/web/auth';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ url, locals }) => {
	const token = url.searchParams.get('token') ?? '';
	const invitation = await services().invitations.view(token);
	return {
		invitation: invitation && {
			unitName: locals.locale === 'en' ? invitation.unitNameEn : invitation.unitNameNo,
			role: invitation.role,
			email: invitation.email
		},
		signedIn: !!locals.user && !locals.user.isAnonymous,
		form: await superValidate({ token }, zod4(AcceptInviteForm), { errors: false })
	};
};

export const actions: Actions = {
	default: async (event) => {
		const form = await superValidate(event.request, zod4(AcceptInviteForm));
		const { password, refusal } = await admitAuthForm(event, form);
		if (refusal) return refusal;
		const { invitations } = services();
		const { locals } = event;
		const result = await invitations.accept(locals.caller, form.data.token, {
			name: form.data.name,
			password,
			userAgent: userAgentOf(event)
		});
		if (!result.ok) {
			if (result.reason === 'needs_account') {
				if (!form.data.name) setError(form, 'name', 'required');
				return setError(form, 'password', 'required');
			}
			return message(
				form,
				{ kind: result.reason },
				{ status: result.reason === 'sign_in' ? 409 : 410 }
			);
		}
		if (result.session) startSession(event, result.session);
		redirect(303, `${localizePath(`/units/${result.unitId}`, locals.locale)}?tab=team`);
	}
};
