// Request bodies over the size limit (adapter-node's BODY_SIZE_LIMIT, 512 kB by default) are
// found here, once, for every route, before any route reads its body. Left to the routes, the
// adapter's "Payload Too Large" surfaced as a 500 in the JSON routes and as an empty form in
// superforms (which swallows read errors), so each route would need its own check.
import { error, json } from '@sveltejs/kit';
import { errorResponse } from './errors';

export type BodyCheck = 'fits' | 'too-large' | 'unreadable';

/**
 * Reads a copy of the body to its end (the route still reads the original, buffered by the
 * copy). Covers both a too-large Content-Length, refused before reading, and a chunked body that
 * grows past the limit while it is read.
 */
export async function checkBody(request: Request): Promise<BodyCheck> {
	if (!request.body) return 'fits';
	try {
		await request.clone().arrayBuffer();
		return 'fits';
	} catch (cause) {
		return statusOf(cause) === 413 ? 'too-large' : 'unreadable';
	}
}

function statusOf(cause: unknown): number | undefined {
	const status = (cause as { status?: unknown } | null)?.status;
	return typeof status === 'number' ? status : undefined;
}

const MESSAGES = { 'too-large': 'Payload too large', unreadable: 'Invalid request body' } as const;
const STATUS = { 'too-large': 413, unreadable: 400 } as const;

/**
 * The answer to a body that failed the check: the error envelope for the API, SvelteKit's action
 * result for an enhanced form (its client then shows the error page), and the error page for a
 * plain form post (thrown, so SvelteKit renders it).
 */
export function bodyRefused(
	check: Exclude<BodyCheck, 'fits'>,
	request: Request,
	isPage: boolean
): Response {
	const status = STATUS[check];
	const message = MESSAGES[check];
	if (!isPage) return errorResponse(status, { error: message });
	if (request.headers.get('x-sveltekit-action') === 'true') {
		return json({ type: 'error', error: { message } }, { status });
	}
	error(status, message);
}
