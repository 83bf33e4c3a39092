// Request bodies that no route can read are refused here, once, before any route runs: bodies over
// the size limit and form posts whose body is not the form its Content-Type claims (broken
// multipart, text/plain, which actions cannot read). Left to the routes, the adapter's "Payload Too
// Large" and undici's form-parse TypeError surfaced as 500s in the JSON routes and the plain
// actions, and as an *empty form* in superforms (which swallows some read errors), so each route
// would need a check. The limits are the app's (config.ts): BODY_SIZE_LIMIT everywhere, more on the
// upload routes; adapter-node is given none of its own (scripts/serve.js), since it cannot tell
// the routes apart.
import { error, json } from '@sveltejs/kit';
import { stripLocale } from '$lib/i18n';
import { errorResponse } from './errors';

const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

export type BodyCheck = 'fits' | 'too-large' | 'unreadable';

const FORM_TYPES =
	/^\s*(multipart\/form-data|application\/x-www-form-urlencoded|text\/plain)\s*(;|$)/i;

// The claim form (new and edit) posts receipts with the rest of the claim, without JavaScript too;
// the assistant's documents are uploaded to the API; the admin's content forms carry an image; a
// job's page takes applications with a CV and attachments.
const UPLOAD_ROUTES =
	/^\/(fs\/(new|[^/]+\/edit)|api\/process-document|admin\/content\/(events|news|projects|units)\/[^/]+|admin\/shop\/products\/[^/]+|jobs\/[^/]+)\/?$/;
// Receipts to describe come as multipart; the same route's JSON form (ids) keeps BODY_SIZE_LIMIT.
const MULTIPART_UPLOAD_ROUTES = /^\/api\/expense\/generate-description\/?$/;
const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i;

/**
 * Whether a POST to `pathname` may carry files (and so the larger body limit); `contentType`
 * decides it on a route that takes files only as multipart.
 */
export function isUploadPath(pathname: string, contentType: string | null = null): boolean {
	const path = stripLocale(pathname);
	if (UPLOAD_ROUTES.test(path)) return true;
	return MULTIPART_UPLOAD_ROUTES.test(path) && MULTIPART.test(contentType ?? '');
}

/** The largest body a request to `pathname` (of `contentType`) may carry. */
export function bodyLimitOf(
	pathname: string,
	limits: { BODY_SIZE_LIMIT: number; uploadBodyLimit: number },
	contentType: string | null = null
): number {
	return isUploadPath(pathname, contentType) ? limits.uploadBodyLimit : limits.BODY_SIZE_LIMIT;
}

/**
 * Reads a copy of the body to its end (the route still reads the original, buffered by the copy).
 * A Content-Length over `limit` is refused before anything is read; a chunked body is counted as
 * it arrives and refused once it passes `limit`. Also covers a body cut off mid-way and (`forms`:
 * on pages, where the form actions are) a form post that does not parse as a form, parsed as it
 * streams in rather than from a second whole copy. API routes answer their own bad bodies.
 */
export async function checkBody(
	request: Request,
	{ forms, limit }: { forms: boolean; limit: number }
): Promise<BodyCheck> {
	const type = request.headers.get('content-type') ?? '';
	const form = forms && !NO_BODY.has(request.method) && FORM_TYPES.test(type);
	if (!request.body) {
		// An empty body too: SvelteKit hands the action no body at all, and a text/plain or
		// boundary-less multipart "form" still fails to parse.
		return !form || (await parsesAsForm(null, type)) ? 'fits' : 'unreadable';
	}
	const announced = Number(request.headers.get('content-length') ?? NaN);
	if (announced > limit) {
		void drain(request.body);
		return 'too-large';
	}
	let size = 0;
	const counted = request.clone().body!.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				size += chunk.byteLength;
				if (size > limit) controller.error(new Error('over the body limit'));
				else controller.enqueue(chunk);
			}
		})
	);
	let fits: boolean;
	try {
		fits = form ? await parsesAsForm(counted, type) : (await drain(counted, true), true);
	} catch (cause) {
		// adapter-node's own limit, when the built handler runs without scripts/serve.js.
		if (statusOf(cause) === 413) return 'too-large';
		fits = false;
	}
	if (size > limit) {
		void drain(request.body);
		return 'too-large';
	}
	return fits ? 'fits' : 'unreadable';
}

/** Whether the body parses as the form its type names; a read error (cut off) is thrown. */
async function parsesAsForm(body: ReadableStream<Uint8Array> | null, type: string) {
	try {
		await new Response(body, { headers: { 'content-type': type } }).formData();
		return true;
	} catch (cause) {
		if (statusOf(cause) === 413) throw cause;
		return false;
	}
}

/** The HTTP status an error carries, itself or as its cause (undici wraps stream errors). */
function statusOf(cause: unknown): number | undefined {
	for (let at = cause, depth = 0; at && depth < 3; depth++) {
		const status = (at as { status?: unknown }).status;
		if (typeof status === 'number') return status;
		at = (at as { cause?: unknown }).cause;
	}
	return undefined;
}

/**
 * Reads a body to its end and drops it: the copy that is only counted, and what is left of a
 * refused body, so the client can finish sending and read the 413 (cancelling the stream would make
 * the adapter destroy the socket before the answer). The server's request timeout
 * (HTTP_REQUEST_TIMEOUT_MS) bounds how long a client can keep this up.
 */
async function drain(body: ReadableStream<Uint8Array>, rethrow = false): Promise<void> {
	const reader = body.getReader();
	try {
		while (!(await reader.read()).done);
	} catch (cause) {
		// Refused already: the client went away, nothing left to drop.
		if (rethrow) throw cause;
	}
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
	return formPostRefused(status, message, request);
}

/**
 * A page's form post refused before any action runs: SvelteKit's action result for an enhanced
 * form (its client then shows the error page), the error page for a plain post (thrown, so
 * SvelteKit renders it).
 */
export function formPostRefused(status: number, message: string, request: Request): Response {
	if (request.headers.get('x-sveltekit-action') === 'true') {
		return json({ type: 'error', error: { message } }, { status });
	}
	error(status, message);
}

/**
 * Whether a post names the action `default` (`?/default`), which SvelteKit reserves and answers
 * with an unhandled error (a 500 and a stack in the log) on every page that has actions. Found as
 * SvelteKit finds the name: the first query key that starts with a slash.
 */
export function namesReservedAction(url: URL): boolean {
	for (const [key] of url.searchParams) {
		if (key.startsWith('/')) return key === '/default';
	}
	return false;
}
