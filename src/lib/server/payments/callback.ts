import { CallbackBody, sessionIdOf } from '$lib/schemas/payments';

/**
 * The session id of a raw callback body: null when the body is not a JSON object (not JSON, null,
 * an array, a scalar), undefined when no usable id sits in any of its four places.
 */
export function readCallbackSessionId(text: string): string | null | undefined {
	let raw: unknown;
	try {
		raw = JSON.parse(text);
	} catch {
		return null;
	}
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
	const body = CallbackBody.safeParse(raw);
	// An object whose id fields have the wrong type carries no usable id.
	return body.success ? sessionIdOf(body.data) : undefined;
}
