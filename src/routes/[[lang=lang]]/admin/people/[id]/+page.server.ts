import { error } from '@sveltejs/kit';
import { z } from 'zod';
import {
	AdminDeleteForm,
	SessionRevokeForm,
	UnitForm,
	UnitRoleForm
} from '$lib/schemas/admin-people';
import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { trailTexts } from '$lib/server/audit/trail-entry';
import { historyText } from '$lib/server/identity/words';
import { formAction } from '$lib/server/web/form-action';
import { userContext } from '$lib/server/context';
import { unlessDenied } from '$lib/server/identity/roles';
import type { Actions, PageServerLoad } from './$types';

// One account, for admins: its roles, admin rights, sessions and history, and on its owner's
// request their data and the account's deletion. Every action is checked again by its domain
// function; whoever may not do it gets a 404, as for the page.
export const load: PageServerLoad = async ({ locals, params }) => {
	const ctx = userContext(locals.user, locals.sessionId);
	const { people } = services();
	const found = await unlessDenied(
		Promise.all([people.person(ctx, params.id), people.managedUnits(ctx)])
	);
	if (!found?.[0]) error(404, 'Not found');
	const { history, ...person } = found[0];
	return {
		person,
		units: found[1],
		history: historyText(history, locals.locale),
		historyTexts: trailTexts(m.admin_people_history(), m.admin_people_history_empty())
	};
};

const Nothing = z.object({});

export const actions: Actions = {
	team: (event) =>
		formAction(event, 'team', UnitRoleForm, (input, ctx) =>
			services().people.setRoleOfPerson(ctx, { ...input, userId: event.params.id })
		),
	removeTeam: (event) =>
		formAction(event, 'removeTeam', UnitForm, (input, ctx) =>
			services().people.removePersonFromTeam(ctx, { ...input, userId: event.params.id })
		),
	grant: (event) =>
		formAction(event, 'grant', Nothing, (_, ctx) =>
			services().people.grantAdmin(ctx, event.params.id)
		),
	revokeGrant: (event) =>
		formAction(event, 'revokeGrant', Nothing, (_, ctx) =>
			services().people.revokeAdmin(ctx, event.params.id)
		),
	grantSafety: (event) =>
		formAction(event, 'grantSafety', Nothing, (_, ctx) =>
			services().people.grantSafety(ctx, event.params.id)
		),
	revokeSafety: (event) =>
		formAction(event, 'revokeSafety', Nothing, (_, ctx) =>
			services().people.revokeSafety(ctx, event.params.id)
		),
	revokeSession: (event) =>
		formAction(event, 'revokeSession', SessionRevokeForm, (input, ctx) =>
			services().people.revokeSession(ctx, { ...input, userId: event.params.id })
		),
	revokeSessions: (event) =>
		formAction(event, 'revokeSessions', Nothing, (_, ctx) =>
			services().people.revokeAllSessions(ctx, event.params.id)
		),
	delete: (event) =>
		formAction(event, 'delete', AdminDeleteForm, (input, ctx) =>
			services().privacy.deleteAccount(ctx, { userId: event.params.id, reason: input.reason })
		)
};
