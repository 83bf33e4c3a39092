// The JSON API of an event's registration (/api/events/{id}/registration): the member's view, their
// registration and its end. Signed in only; the writes count against the member's own rate limit,
// after a bad body is refused; every answer is private. The engine's two refusals that carry data
// say it in `details` (errors.ts): when registration opens, and what the pools ask for.
import { json, type RequestEvent } from '@sveltejs/kit';
import { RegistrationRequest } from '$lib/schemas/registration';
import { services } from '../app';
import { memberKey } from '../rate-limit';
import { errorResponse, toErrorResponse } from './errors';
import { overRateLimit } from './guard';
import { readJsonBody } from './json-body';

type Event = RequestEvent<{ id: string }>;

const PRIVATE = { 'cache-control': 'private, no-store' };

/** The signed-in member, or null (no session, or an anonymous cart's session). */
export function memberOf(event: RequestEvent) {
	const user = event.locals.user;
	return user && !user.isAnonymous ? user : null;
}

export const unauthorized = () => errorResponse(401, { error: 'Unauthorized' }, PRIVATE);

/** `work`'s value as a private JSON answer; a refusal or a fault in the error convention. */
export async function answered(
	event: RequestEvent,
	work: () => Promise<unknown>
): Promise<Response> {
	try {
		return json(await work(), { headers: PRIVATE });
	} catch (error) {
		return toErrorResponse(error, event.locals.requestId);
	}
}

export function showRegistration(event: Event): Promise<Response> | Response {
	if (!memberOf(event)) return unauthorized();
	return answered(event, () =>
		services().registration.overview(event.locals.caller, event.params.id)
	);
}

export async function register(event: Event): Promise<Response> {
	const user = memberOf(event);
	if (!user) return unauthorized();
	const body = await readJsonBody(event.request, RegistrationRequest, {});
	if (body instanceof Response) return body;
	const limited = await overRateLimit(event, 'registration', memberKey(user.id));
	if (limited) return limited;
	return answered(event, () =>
		services().registration.register(event.locals.caller, event.params.id, {
			answer: body.answer ?? null
		})
	);
}

export async function unregister(event: Event): Promise<Response> {
	const user = memberOf(event);
	if (!user) return unauthorized();
	const limited = await overRateLimit(event, 'registration', memberKey(user.id));
	if (limited) return limited;
	return answered(event, async () => {
		const { mine } = await services().registration.unregister(event.locals.caller, event.params.id);
		return mine;
	});
}
