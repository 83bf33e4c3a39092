import { error } from '@sveltejs/kit';
import { roleTitle } from '$lib/identity/words';
import { services } from '$lib/server/app';
import { parseUnitTab } from '$lib/server/content';
import { followOnUnitPage, followUnitAction } from '$lib/server/web/notifications';
import type { Actions, PageServerLoad } from './$types';

// One URL per tab (?tab=overview|team|products|news), so a tab can be linked and needs no JavaScript.
export const load: PageServerLoad = async (event) => {
	const { locals, params, url } = event;
	const tab = parseUnitTab(url.searchParams.get('tab'));
	if (!tab) error(404, 'Not found');
	const found = await services().content.unit(locals.locale, params.id, tab);
	if (!found) error(404, 'Not found');
	// Leaders (and admins) find the link to the team's invitations on the team tab.
	const canManage =
		tab === 'team' &&
		(await services().roles.can(locals.caller, {
			action: 'manage-team',
			unitId: params.id
		}));
	// A member without a public title is shown by their role's word, written here so that the page
	// carries no message table for roles.
	const team = found.team.map((person) => ({
		...person,
		title: person.title ?? {
			text: roleTitle(person.role),
			locale: locals.locale,
			isFallback: false
		}
	}));
	return { ...found, team, canManage, follow: await followOnUnitPage(event, params.id) };
};

export const actions: Actions = {
	follow: (event) => followUnitAction(event, event.params.id)
};
