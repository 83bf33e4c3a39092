// A membership application's status and note forms for its reviewers
// (/admin/inbox/applications/{id}) in the one form shape. The applications service checks the
// reviewer before it reads the post (so anyone else learns nothing, not even that the post was
// bad: the 404 page), then answers done or why not, in words.
import { fail, type RequestEvent } from '@sveltejs/kit';
import { m } from '$lib/paraglide/messages';
import { APPLICATION_LIMITS } from '$lib/schemas/application';
import { services } from '../app';
import { accepted, formAction } from './form-action';

type ApplicationEvent = RequestEvent<{ id: string; lang?: string }>;

/** The post's fields as sent: the service parses them once it knows the caller may review. */
const posted = async (event: ApplicationEvent) =>
	accepted(Object.fromEntries(await event.request.formData()));

export function applicationStatusAction(event: ApplicationEvent) {
	return formAction(event, {
		read: posted,
		run: (fields, caller) => services().applications.changeStatus(caller, event.params.id, fields),
		answer(result) {
			if (result.ok) return { action: 'status', done: m.applications_status_changed() };
			return fail(result.reason === 'invalid' ? 400 : 409, {
				action: 'status',
				refusal:
					result.reason === 'conflict'
						? m.applications_status_conflict()
						: m.applications_status_not_allowed()
			});
		}
	});
}

export function applicationNoteAction(event: ApplicationEvent) {
	return formAction(event, {
		read: posted,
		run: (fields, caller) => services().applications.addNote(caller, event.params.id, fields),
		answer(result) {
			if (result.ok) return { action: 'note', done: m.applications_note_saved() };
			return fail(400, {
				action: 'note',
				refusal: m.applications_note_invalid({ max: APPLICATION_LIMITS.noteMax })
			});
		}
	});
}
