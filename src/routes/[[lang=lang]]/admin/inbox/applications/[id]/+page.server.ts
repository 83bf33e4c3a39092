import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { applicationTrail } from '$lib/server/applications/words';
import { trailTexts } from '$lib/server/audit/trail-entry';
import { allowedOr404 } from '$lib/server/web/admin-route';
import { applicationNoteAction, applicationStatusAction } from '$lib/server/web/applications';
import type { Actions, PageServerLoad } from './$types';

// One application as its reviewers see it: what the applicant sent (shown as text), the files
// (downloaded through a permission check), the status with a version check, notes and history.
export const load: PageServerLoad = async (event) => {
	const { applications, db } = services();
	const { trail, ...application } = await allowedOr404(
		applications.detail(event.locals.caller, event.params.id)
	);
	return {
		application,
		history: await applicationTrail(db, trail),
		historyTexts: trailTexts(m.applications_trail_caption())
	};
};

export const actions: Actions = {
	status: applicationStatusAction,
	note: applicationNoteAction
};
