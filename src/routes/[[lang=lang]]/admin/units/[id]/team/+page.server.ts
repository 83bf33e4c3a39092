import { error, redirect } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { MemberForm, MemberRoleForm, MemberTitleForm } from '$lib/schemas/admin-people';
import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { trailTexts } from '$lib/server/audit/trail-entry';
import { historyText } from '$lib/server/identity/words';
import { adminAction } from '$lib/server/web/form-action';
import { inviteAction, inviteForm, revokeInvitationAction } from '$lib/server/web/team';
import { unlessDenied } from '$lib/server/identity/roles';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// A unit's team, for admins and the unit's own leaders: members and their roles, invitations
// (TeamInvitations, the invitations service), and the team's history. A leader of another unit,
// finance, a member: 404; the hook sends visitors to sign in.
export const load: PageServerLoad = async ({ locals, params }) => {
	const team = await unlessDenied(services().people.team(locals.caller, params.id));
	if (!team) error(404, 'Not found');
	return {
		team,
		history: historyText(team.history, locals.locale, true),
		historyTexts: trailTexts(m.admin_people_history(), m.admin_people_history_empty()),
		form: await inviteForm()
	};
};

/** A leader who gave up their own leadership no longer sees the page: back to the dashboard. */
function leaving<T extends object>(event: RequestEvent, answer: T): T {
	if ('stillManages' in answer && answer.stillManages === false) {
		redirect(303, localizePath('/admin', event.locals.locale));
	}
	return answer;
}

export const actions: Actions = {
	role: async (event) =>
		leaving(
			event,
			await adminAction(event, 'role', MemberRoleForm, (input, ctx) =>
				services().people.setTeamRole(ctx, { ...input, unitId: event.params.id })
			)
		),
	title: (event) =>
		adminAction(event, 'title', MemberTitleForm, (input, ctx) =>
			services().people.setTeamTitle(ctx, { ...input, unitId: event.params.id })
		),
	remove: async (event) =>
		leaving(
			event,
			await adminAction(event, 'remove', MemberForm, (input, ctx) =>
				services().people.removeFromTeam(ctx, { ...input, unitId: event.params.id })
			)
		),
	invite: inviteAction,
	revoke: revokeInvitationAction
};
