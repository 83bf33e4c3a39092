import { error, fail } from '@sveltejs/kit';
import { message, superValidate } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { InviteForm, RevokeInvitationForm } from '$lib/schemas/auth';
import { services } from '$lib/server/app';
import { parseUnitTab } from '$lib/server/content';
import { userContext } from '$lib/server/context';
import { tokenLink } from '$lib/server/http/auth';
import { unlessDenied } from '$lib/server/identity/roles';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

const ctxOf = ({ locals }: RequestEvent) => userContext(locals.user, locals.sessionId);

// One URL per tab (?tab=overview|team|products|news), so a tab can be linked and needs no JavaScript.
export const load: PageServerLoad = async (event) => {
	const { locals, params, url } = event;
	const tab = parseUnitTab(url.searchParams.get('tab'));
	if (!tab) error(404, 'Not found');
	const found = await services().content.unit(locals.locale, params.id, tab);
	if (!found) error(404, 'Not found');
	// Leaders (and admins) manage the team's invitations on the team tab.
	const ctx = ctxOf(event);
	const canManage =
		tab === 'team' &&
		(await services().roles.can(ctx, { action: 'manage-team', unitId: params.id }));
	const team = canManage
		? {
				pending: await services().invitations.pending(ctx, params.id),
				form: await superValidate(zod4(InviteForm))
			}
		: null;
	return { ...found, team };
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
