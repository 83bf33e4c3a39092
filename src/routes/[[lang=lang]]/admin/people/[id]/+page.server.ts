import { error } from '@sveltejs/kit';
import { z } from 'zod';
import {
	AdminDeleteForm,
	CampusForm,
	SessionRevokeForm,
	UnitForm,
	UnitRoleForm
} from '$lib/schemas/admin-people';
import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { trailTexts } from '$lib/server/audit/trail-entry';
import { historyText } from '$lib/server/identity/words';
import { adminAction } from '$lib/server/web/form-action';
import { unlessDenied } from '$lib/server/identity/roles';
import type { Actions, PageServerLoad, RequestEvent } from './$types';

// One account, for admins: its roles, admin rights, sessions and history, and on its owner's
// request their data and the account's deletion. Every action is checked again by its domain
// function; whoever may not do it gets a 404, as for the page.
export const load: PageServerLoad = async ({ locals, params }) => {
	const ctx = locals.caller;
	const { people, content } = services();
	const found = await unlessDenied(
		Promise.all([people.person(ctx, params.id), people.managedUnits(ctx), content.campuses()])
	);
	if (!found?.[0]) error(404, 'Not found');
	const { history, ...person } = found[0];
	return {
		person,
		units: found[1],
		campuses: found[2],
		history: historyText(history, locals.locale),
		historyTexts: trailTexts(m.admin_people_history(), m.admin_people_history_empty())
	};
};

const Nothing = z.object({});

/** An action that posts no fields: the people service's `method` for the page's person. */
const onPerson =
	(
		action: string,
		method: 'grantAdmin' | 'revokeAdmin' | 'grantSafety' | 'revokeSafety' | 'revokeAllSessions'
	) =>
	(event: RequestEvent) =>
		adminAction(event, action, Nothing, (_, ctx) =>
			services().people[method](ctx, event.params.id)
		);

export const actions: Actions = {
	team: (event) =>
		adminAction(event, 'team', UnitRoleForm, (input, ctx) =>
			services().people.setRoleOfPerson(ctx, { ...input, userId: event.params.id })
		),
	removeTeam: (event) =>
		adminAction(event, 'removeTeam', UnitForm, (input, ctx) =>
			services().people.removePersonFromTeam(ctx, { ...input, userId: event.params.id })
		),
	campus: (event) =>
		adminAction(event, 'campus', CampusForm, (input, ctx) =>
			services().people.setCampus(ctx, { ...input, userId: event.params.id })
		),
	grant: onPerson('grant', 'grantAdmin'),
	revokeGrant: onPerson('revokeGrant', 'revokeAdmin'),
	grantSafety: onPerson('grantSafety', 'grantSafety'),
	revokeSafety: onPerson('revokeSafety', 'revokeSafety'),
	revokeSession: (event) =>
		adminAction(event, 'revokeSession', SessionRevokeForm, (input, ctx) =>
			services().people.revokeSession(ctx, { ...input, userId: event.params.id })
		),
	revokeSessions: onPerson('revokeSessions', 'revokeAllSessions'),
	delete: (event) =>
		adminAction(event, 'delete', AdminDeleteForm, (input, ctx) =>
			services().privacy.deleteAccount(ctx, { userId: event.params.id, reason: input.reason })
		)
};
