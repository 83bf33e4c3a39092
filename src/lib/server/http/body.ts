// Request bodies that no route can read are refused here, once, before any route runs: bodies over
// the size limit (adapter-node's BODY_SIZE_LIMIT, 512 kB by default) and form posts whose body is
// not the form its Content-Type claims (broken multipart, text/plain, which actions cannot read).
// Left to the routes, the adapter's "Payload Too Large" and undici's form-parse TypeError surfaced
// as 500s in the JSON routes and the plain actions, and as an *empty form* in superforms (which
// swallows some read errors), so each route would need a check.
import { error, json } from '@sveltejs/kit';
import { errorResponse } from './errors';

const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

export type BodyCheck = 'fits' | 'too-large' | 'unreadable';

const FORM_TYPES =
	/^\s*(multipart\/form-data|application\/x-www-form-urlencoded|text\/plain)\s*(;|$)/i;

/**
 * Reads a copy of the body to its end (the route still reads the original, buffered by the copy).
 * Covers a too-large Content-Length (refused before reading), a chunked body that grows past the
 * limit while it is read, a body cut off mid-way, and (`forms`: on pages, where the form actions
 * are) a form post that does not parse as a form. API routes answer their own bad bodies.
 */
export async function checkBody(request: Request, forms: boolean): Promise<BodyCheck> {
	let bytes = new ArrayBuffer(0);
	if (request.body) {
		try {
			bytes = await request.clone().arrayBuffer();
		} catch (cause) {
			return statusOf(cause) === 413 ? 'too-large' : 'unreadable';
		}
	}
	const type = request.headers.get('content-type') ?? '';
	if (!forms || NO_BODY.has(request.method) || !FORM_TYPES.test(type)) return 'fits';
	// An empty body too: SvelteKit hands the action no body at all, and a text/plain or
	// boundary-less multipart "form" still fails to parse.
	try {
		await new Response(bytes, { headers: { 'content-type': type } }).formData();
		return 'fits';
	} catch {
		return 'unreadable';
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
