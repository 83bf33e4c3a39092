import { json } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { errorResponse, toErrorResponse } from '$lib/server/web/errors';
import type { RequestHandler } from './$types';

// The assistant's documents the caller manages: all for admins, their units' for leaders.
export const GET: RequestHandler = async ({ locals }) => {
	const user = locals.user;
	if (!user || user.isAnonymous) return errorResponse(401, { error: 'Unauthorized' });
	try {
		const documents = await services().documents.list(locals.caller);
		return json(
			{ documents: documents.map(({ fileId: _file, ...shown }) => shown) },
			{ headers: { 'cache-control': 'private, no-store' } }
		);
	} catch (error) {
		return toErrorResponse(error, locals.requestId);
	}
};
