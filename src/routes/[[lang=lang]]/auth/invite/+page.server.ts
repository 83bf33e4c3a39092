import { superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { AcceptInviteForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { acceptInviteAction } from '$lib/server/web/sign-in';
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

export const actions: Actions = { default: (event) => acceptInviteAction(event) };
