import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { trailTexts } from '$lib/server/audit/trail-entry';
import { AssignSchema, ReplySchema, StatusSchema } from '$lib/server/contact/inbox';
import { contactAction } from '$lib/server/web/contact-inbox';
import { allowedOr404 } from '$lib/server/web/admin-route';
import type { Actions, PageServerLoad } from './$types';

// One contact message: what was written (shown as text), its replies, who has it, and its
// history. Assigning, the status and a reply are plain posts, each version-checked: a second
// admin acting on the same message at once is told, and what they typed stays.
export const load: PageServerLoad = async (event) => {
	const message = await allowedOr404(
		services().contactInbox.detail(event.locals.caller, event.params.id, event.locals.locale)
	);
	return {
		message,
		trailTexts: trailTexts(m.contact_inbox_history(), m.contact_inbox_history_empty())
	};
};

export const actions: Actions = {
	assign: (event) =>
		contactAction(event, 'assign', AssignSchema, (input, caller) =>
			services().contactInbox.assign(caller, event.params.id, input)
		),
	status: (event) =>
		contactAction(event, 'status', StatusSchema, (input, caller) =>
			services().contactInbox.setStatus(caller, event.params.id, input)
		),
	reply: (event) =>
		contactAction(event, 'reply', ReplySchema, (input, caller) =>
			services().contactInbox.reply(caller, event.params.id, input)
		)
};
