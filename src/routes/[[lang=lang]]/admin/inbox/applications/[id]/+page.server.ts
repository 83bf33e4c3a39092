import { fail } from '@sveltejs/kit';
import { m } from '$lib/paraglide/messages';
import { APPLICATION_LIMITS } from '$lib/schemas/application';
import { services } from '$lib/server/app';
import { applicationTrail } from '$lib/server/applications/words';
import { trailTexts } from '$lib/server/audit/trail-entry';
import { allowedOr404 } from '$lib/server/web/admin-route';
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
	status: async (event) => {
		const posted = Object.fromEntries(await event.request.formData());
		const result = await allowedOr404(
			services().applications.changeStatus(event.locals.caller, event.params.id, posted)
		);
		if (result.ok) return { action: 'status', done: m.applications_status_changed() };
		return fail(result.reason === 'invalid' ? 400 : 409, {
			action: 'status',
			refusal:
				result.reason === 'conflict'
					? m.applications_status_conflict()
					: m.applications_status_not_allowed()
		});
	},
	note: async (event) => {
		const posted = Object.fromEntries(await event.request.formData());
		const result = await allowedOr404(
			services().applications.addNote(event.locals.caller, event.params.id, posted)
		);
		if (result.ok) return { action: 'note', done: m.applications_note_saved() };
		return fail(400, {
			action: 'note',
			refusal: m.applications_note_invalid({ max: APPLICATION_LIMITS.noteMax })
		});
	}
};
