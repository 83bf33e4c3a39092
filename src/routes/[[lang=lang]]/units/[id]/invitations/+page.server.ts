import { error, fail } from '@sveltejs/kit';
import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { InviteForm, RevokeInvitationForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { userContext } from '$lib/server/context';
import { tokenLink } from '$lib/server/http/auth';
import { unlessDenied } from '$lib/server/identity/roles';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// A unit's invitations, for its leaders and admins (the hook has sent everyone else to sign in).
// A page of its own, so that the public unit page does not carry the form's JavaScript.
const ctxOf = ({ locals }: RequestEvent) => userContext(locals.user, locals.sessionId);

export const load: PageServerLoad = async (event) => {
	const { locals, params } = event;
	const ctx = ctxOf(event);
	const found = await services().content.unit(locals.locale, params.id, 'overview');
	// Whoever may not manage the team learns nothing of its invitations, not even that they exist.
	if (!found || !(await services().roles.can(ctx, { action: 'manage-team', unitId: params.id }))) {
		error(404, 'Not found');
	}
	return {
		unit: { id: found.unit.id, name: found.unit.name },
		pending: await services().invitations.pending(ctx, params.id),
		form: await superValidate(zod4(InviteForm))
	};
};

export const actions: Actions = {
	invite: async (event) => {
		const form = await superValidate(event.request, zod4(InviteForm));
		if (!form.valid) return fail(400, { form });
		const { locale } = event.locals;
		const made = await unlessDenied(
			services().invitations.invite(
				ctxOf(event),
				{ unitId: event.params.id, ...form.data, locale },
				tokenLink(event, '/auth/invite', locale)
			)
		);
		if (!made) return message(form, { kind: 'forbidden' }, { status: 403 });
		return message(form, { kind: 'invited', email: form.data.email, url: made.url });
	},
	revoke: async (event) => {
		const parsed = RevokeInvitationForm.safeParse(
			Object.fromEntries(await event.request.formData())
		);
		if (!parsed.success) return fail(400, { revokeFailed: true });
		const revoked = await unlessDenied(
			services().invitations.revoke(ctxOf(event), event.params.id, parsed.data.invitationId)
		);
		if (revoked === null) return fail(403, { revokeFailed: true });
		return revoked ? { revoked: true } : fail(404, { revokeFailed: true });
	}
};
