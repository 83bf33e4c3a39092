// The invite and revoke actions of a unit's team, for every page that shows TeamInvitations.svelte
// (/units/{id}/invitations, /admin/units/{id}/team): the invitations service does the work and
// checks the caller; a caller it refuses gets 403 and nothing is written.
import { fail, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { InviteForm, RevokeInvitationForm } from '$lib/schemas/auth';
import { services } from '../app';
import { tokenLink } from './auth';
import { accepted, formAction, refused, zodPost } from './form-action';

type UnitEvent = RequestEvent<{ id: string }>;
type RevokeInvitation = z.infer<typeof RevokeInvitationForm>;

/** The empty invite form a page starts with. */
export const inviteForm = () => superValidate(zod4(InviteForm));

export function inviteAction(event: UnitEvent) {
	const { locale } = event.locals;
	return formAction(event, {
		async read() {
			const form = await superValidate(event.request, zod4(InviteForm));
			return form.valid ? accepted(form) : refused(fail(400, { form }));
		},
		run: (form, caller) =>
			services().invitations.invite(
				caller,
				{ unitId: event.params.id, ...form.data, locale },
				tokenLink(event, '/auth/invite', locale)
			),
		answer(made, _values, form) {
			const { email, role } = form.data;
			return message(form, { kind: 'invited', email, role, unit: made.unitName, url: made.url });
		},
		denied: (form) => message(form, { kind: 'forbidden' }, { status: 403 })
	});
}

export function revokeInvitationAction(event: UnitEvent) {
	return formAction(event, {
		read: zodPost(RevokeInvitationForm, () => fail(400, { revokeFailed: true })),
		run: (input: RevokeInvitation, caller) =>
			services().invitations.revoke(caller, event.params.id, input.invitationId),
		answer: (revoked) => (revoked ? { revoked: true } : fail(404, { revokeFailed: true })),
		denied: () => fail(403, { revokeFailed: true })
	});
}
