import { FileQuery } from '$lib/schemas/api';
import { services } from '$lib/server/app';
import { errorResponse, toErrorResponse, validationFailed } from '$lib/server/web/errors';
import type { RequestHandler } from './$types';

// A stored upload, to its uploader and to whoever may see the claim it is a receipt on. Everyone
// else, a missing file and a caller without an account get the same 404: an id reveals nothing.
// HEAD is answered by this handler too (SvelteKit drops the body).
export const GET: RequestHandler = async ({ locals, params, url }) => {
	const query = FileQuery.safeParse(Object.fromEntries(url.searchParams));
	if (!query.success) return validationFailed(query.error);
	const user = locals.user;
	if (!user || user.isAnonymous) return notFound();
	const { files, expenses } = services();
	const ctx = locals.caller;
	try {
		const served = await files.read(params.id, {
			readerId: user.id,
			mayRead: (file) => file.purpose === 'receipt' && expenses.mayReadFile(ctx, file.id),
			variant: query.data.variant
		});
		if (!served) return notFound();
		// Buffers are never shared-memory ones; the view spares a copy of the file.
		const { buffer, byteOffset, byteLength } = served.body;
		return new Response(new Uint8Array(buffer as ArrayBuffer, byteOffset, byteLength), {
			headers: served.headers
		});
	} catch (error) {
		return toErrorResponse(error, locals.requestId);
	}
};

const notFound = () =>
	errorResponse(404, { error: 'Not found' }, { 'cache-control': 'private, no-store' });
