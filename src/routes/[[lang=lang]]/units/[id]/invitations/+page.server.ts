import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { inviteAction, inviteForm, revokeInvitationAction } from '$lib/server/web/team';
import type { Actions, PageServerLoad } from './$types';

// A unit's invitations, for its leaders and admins (the hook has sent everyone else to sign in).
// A page of its own, so that the public unit page does not carry the form's JavaScript.
export const load: PageServerLoad = async ({ locals, params }) => {
	const ctx = locals.caller;
	const found = await services().content.unit(locals.locale, params.id, 'overview');
	// Whoever may not manage the team learns nothing of its invitations, not even that they exist.
	if (!found || !(await services().roles.can(ctx, { action: 'manage-team', unitId: params.id }))) {
		error(404, 'Not found');
	}
	return {
		unit: { id: found.unit.id, name: found.unit.name },
		pending: await services().invitations.pending(ctx, params.id),
		form: await inviteForm()
	};
};

export const actions: Actions = { invite: inviteAction, revoke: revokeInvitationAction };
