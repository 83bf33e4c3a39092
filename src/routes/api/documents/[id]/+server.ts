import { services } from '$lib/server/app';
import { errorResponse, toErrorResponse } from '$lib/server/web/errors';
import type { RequestHandler } from './$types';

// A document the assistant answers from is public (its passages are quoted to anyone), so anyone
// may download it: it is the source an answer links to. Removing one takes it out of the
// assistant's answers at once.
export const GET: RequestHandler = async ({ params, locals }) => {
	const { documents, files } = services();
	try {
		const document = await documents.find(params.id);
		const served =
			document &&
			(await files.read(document.fileId, {
				readerId: locals.user?.id ?? null,
				mayRead: (file) => file.id === document.fileId
			}));
		if (!served) return errorResponse(404, { error: 'Not found' });
		const { buffer, byteOffset, byteLength } = served.body;
		return new Response(new Uint8Array(buffer as ArrayBuffer, byteOffset, byteLength), {
			headers: served.headers
		});
	} catch (error) {
		return toErrorResponse(error, locals.requestId);
	}
};

export const DELETE: RequestHandler = async ({ params, locals }) => {
	const user = locals.user;
	if (!user || user.isAnonymous) return errorResponse(401, { error: 'Unauthorized' });
	try {
		const removed = await services().documents.remove(locals.caller, params.id);
		if (!removed) return errorResponse(404, { error: 'Not found' });
		return new Response(null, { status: 204 });
	} catch (error) {
		return toErrorResponse(error, locals.requestId);
	}
};
