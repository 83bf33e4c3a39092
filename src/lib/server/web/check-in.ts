// The door's check-in between the pages and the tickets domain: the JSON API a door posts a scan
// and its offline queue to (/api/events/{id}/check-in[/sync]), in the error convention of /api,
// and the door page's load (the kit it keeps for working offline, and its words). Organisers only
// (the domain asks): 401 without a session, 403 for anyone else, 404 for an unknown event.
import { fail, type RequestEvent } from '@sveltejs/kit';
import { m } from '$lib/paraglide/messages';
import { SECURITY_HEADERS } from '../../../../scripts/response-headers.js';
import { CheckInRequest, CheckInSyncRequest } from '$lib/schemas/check-in';
import type { UserContext } from '../context';
import { services } from '../app';
import { allowedOr404 } from './admin-route';
import { domainStatus } from './errors';
import { formAction, zodPost } from './form-action';
import { readJsonBody } from './json-body';
import { answered, memberOf, unauthorized } from './registration';

type Event = RequestEvent<{ id: string }>;

export async function scanTicket(event: Event): Promise<Response> {
	if (!memberOf(event)) return unauthorized();
	const body = await readJsonBody(event.request, CheckInRequest);
	if (body instanceof Response) return body;
	return answered(event, () =>
		services().tickets.checkIn(event.locals.caller, event.params.id, body)
	);
}

export async function syncScans(event: Event): Promise<Response> {
	if (!memberOf(event)) return unauthorized();
	const body = await readJsonBody(event.request, CheckInSyncRequest);
	if (body instanceof Response) return body;
	return answered(event, () => services().tickets.sync(event.locals.caller, event.params.id, body));
}

/** The door page's words, made here so the page's script carries no message catalogue. */
const doorWords = () => ({
	door: m.tickets_checkin_door(),
	doorHint: m.tickets_checkin_door_hint(),
	startCamera: m.tickets_checkin_start_camera(),
	stopCamera: m.tickets_checkin_stop_camera(),
	cameraFailed: m.tickets_checkin_camera_failed(),
	cameraLabel: m.tickets_checkin_camera_label(),
	search: m.tickets_checkin_search(),
	searchEmpty: m.tickets_checkin_search_empty(),
	checkIn: m.tickets_checkin_check_in(),
	checkedIn: m.tickets_checkin_checked_in(),
	ok: m.tickets_checkin_ok(),
	already: m.tickets_checkin_already({ time: '{time}', door: '{door}' }),
	other_event: m.tickets_checkin_other_event(),
	forged_ticket: m.tickets_checkin_forged(),
	malformed_ticket: m.tickets_checkin_forged(),
	ticket_not_valid: m.tickets_checkin_not_valid(),
	unknown: m.tickets_checkin_unknown(),
	offline: m.tickets_checkin_offline(),
	pending: m.tickets_checkin_pending({ count: '{count}' }),
	synced: m.tickets_checkin_synced(),
	count: m.tickets_checkin_count({ checked: '{checked}', total: '{total}' }),
	failed: m.tickets_checkin_failed(),
	attendees: m.tickets_checkin_attendees(),
	last: m.tickets_checkin_last()
});
export type DoorWords = ReturnType<typeof doorWords>;

const DOOR_PERMISSIONS = SECURITY_HEADERS['permissions-policy']!.replace(
	'camera=()',
	'camera=(self)'
);

export async function doorPage(event: Event) {
	const { caller, locale } = event.locals;
	const kit = await allowedOr404(services().tickets.door(caller, event.params.id));
	event.setHeaders({
		'cache-control': 'private, no-store',
		// Every other page refuses the camera (scripts/response-headers.js); the door needs it.
		'permissions-policy': DOOR_PERMISSIONS
	});
	const title = kit.title[locale] || kit.title.no;
	return {
		kit,
		title: m.tickets_checkin_title({ event: title }),
		locale,
		words: doorWords()
	};
}

/** The page's answer to a check-in posted without scripts (a name found in the list). */
export interface DoorAnswer {
	outcome: 'checked_in' | 'already' | 'refused';
	code: string | null;
	name: string | null;
}

/** The list's "check in" button without JavaScript: the same check-in as a scan of the ticket. */
export function checkInAction(event: Event) {
	return formAction(event, {
		read: zodPost(CheckInRequest, () =>
			fail(400, { outcome: 'refused', code: 'invalid', name: null } satisfies DoorAnswer)
		),
		run: async (input: CheckInRequest, caller: UserContext) => {
			try {
				const done = await services().tickets.checkIn(caller, event.params.id, input);
				return { outcome: done.outcome, code: null, name: done.person.name } as DoorAnswer;
			} catch (e) {
				const status = domainStatus(e);
				// Not allowed, or no such event: the 404 page, as for every admin page.
				if (status === null || status === 403 || status === 404) throw e;
				const code = (e as { code?: string }).code ?? 'refused';
				return fail(status, { outcome: 'refused', code, name: null } satisfies DoorAnswer);
			}
		},
		answer: (result) => result
	});
}
