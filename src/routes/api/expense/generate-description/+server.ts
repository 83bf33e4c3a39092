import { json } from '@sveltejs/kit';
import { DescriptionRequest } from '$lib/schemas/assistant';
import { services } from '$lib/server/app';
import { errorResponse, toErrorResponse } from '$lib/server/http/errors';
import { overRateLimit } from '$lib/server/http/guard';
import { readJsonBody } from '$lib/server/http/json-body';
import type { RequestHandler } from './$types';

// A suggested description for a claim line from the caller's own receipts. Signed in only; reading
// receipts (OCR) is costly, so it is rate limited per client address like the assistant.
export const POST: RequestHandler = async (event) => {
	const user = event.locals.user;
	if (!user || user.isAnonymous) return errorResponse(401, { error: 'Unauthorized' });
	const limited = await overRateLimit(event, 'assistant');
	if (limited) return limited;
	const asked = await readJsonBody(event.request, DescriptionRequest);
	if (asked instanceof Response) return asked;
	try {
		const suggestion = await services().receipts.suggest(
			user.id,
			asked.fileIds,
			asked.locale ?? event.locals.locale
		);
		if (!suggestion) return errorResponse(404, { error: 'Not found' });
		return json(suggestion, { headers: { 'cache-control': 'private, no-store' } });
	} catch (error) {
		return toErrorResponse(error, event.locals.requestId);
	}
};
