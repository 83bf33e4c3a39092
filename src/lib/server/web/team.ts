// The invite and revoke actions of a unit's team, for every page that shows TeamInvitations.svelte
// (/units/{id}/invitations, /admin/units/{id}/team): the invitations service does the work and
// checks the caller; a caller it refuses gets 403 and nothing is written.
import { fail, type RequestEvent } from '@sveltejs/kit';
import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { InviteForm, RevokeInvitationForm } from '$lib/schemas/auth';
import { services } from '../app';
import { unlessDenied } from '../identity/roles';
import { tokenLink } from './auth';

type UnitEvent = RequestEvent<{ id: string }>;

/** The empty invite form a page starts with. */
export const inviteForm = () => superValidate(zod4(InviteForm));

export async function inviteAction(event: UnitEvent) {
	const form = await superValidate(event.request, zod4(InviteForm));
	if (!form.valid) return fail(400, { form });
	const { locale } = event.locals;
	const made = await unlessDenied(
		services().invitations.invite(
			event.locals.caller,
			{ unitId: event.params.id, ...form.data, locale },
			tokenLink(event, '/auth/invite', locale)
		)
	);
	if (!made) return message(form, { kind: 'forbidden' }, { status: 403 });
	const { email, role } = form.data;
	return message(form, { kind: 'invited', email, role, unit: made.unitName, url: made.url });
}

export async function revokeInvitationAction(event: UnitEvent) {
	const parsed = RevokeInvitationForm.safeParse(Object.fromEntries(await event.request.formData()));
	if (!parsed.success) return fail(400, { revokeFailed: true });
	const revoked = await unlessDenied(
		services().invitations.revoke(event.locals.caller, event.params.id, parsed.data.invitationId)
	);
	if (revoked === null) return fail(403, { revokeFailed: true });
	return revoked ? { revoked: true } : fail(404, { revokeFailed: true });
}
