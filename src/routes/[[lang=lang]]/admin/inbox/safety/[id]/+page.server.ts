import { trailTexts } from '$lib/server/audit/trail-entry';
import { SafetyReplyForm, SafetyStatusForm } from '$lib/schemas/safety';
import { m } from '$lib/paraglide/messages';
import { adminAction } from '$lib/server/web/form-action';
import { services } from '$lib/server/app';
import { allowedOr404 } from '$lib/server/web/admin-route';
import { originOf } from '$lib/server/web/auth';
import { accessLogText } from '$lib/server/safety/words';
import type { Actions, PageServerLoad } from './$types';

// One safety report for the safety team: its text (as text), the conversation, its status and an
// answer to the reporter, and its access log. Showing it is a read, and logged as one; everyone
// without the safety role, admins included, gets 404 for the page and every action.
export const load: PageServerLoad = async (event) => {
	const { log, ...report } = await allowedOr404(
		services().safety.report(event.locals.caller, event.params.id)
	);
	return {
		report,
		log: accessLogText(log),
		logTexts: trailTexts(m.safety_admin_log(), m.safety_admin_log_empty())
	};
};

export const actions: Actions = {
	status: (event) =>
		adminAction(event, 'status', SafetyStatusForm, (input, ctx) =>
			services().safety.setStatus(ctx, event.params.id, input)
		),
	reply: (event) =>
		adminAction(event, 'reply', SafetyReplyForm, (input, ctx) =>
			services().safety.reply(ctx, event.params.id, { ...input, origin: originOf(event) })
		)
};
