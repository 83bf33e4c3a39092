import { json } from '@sveltejs/kit';
import { DescriptionRequest } from '$lib/schemas/assistant';
import { services } from '$lib/server/app';
import { errorResponse, toErrorResponse, validationFailed } from '$lib/server/http/errors';
import { overRateLimit } from '$lib/server/http/guard';
import type { RequestHandler } from './$types';

// A suggested description for a claim line from the caller's own receipts. Signed in only; reading
// receipts (OCR) is costly, so it is rate limited per client address like the assistant.
export const POST: RequestHandler = async (event) => {
	const user = event.locals.user;
	if (!user || user.isAnonymous) return errorResponse(401, { error: 'Unauthorized' });
	const limited = await overRateLimit(event, 'assistant');
	if (limited) return limited;
	let body: unknown;
	try {
		body = await event.request.json();
	} catch {
		return errorResponse(400, {
			error: 'Validation failed',
			details: [{ message: 'Invalid JSON body' }]
		});
	}
	const parsed = DescriptionRequest.safeParse(body);
	if (!parsed.success) return validationFailed(parsed.error);
	try {
		const suggestion = await services().receipts.suggest(
			user.id,
			parsed.data.fileIds,
			parsed.data.locale ?? event.locals.locale
		);
		if (!suggestion) return errorResponse(404, { error: 'Not found' });
		return json(suggestion, { headers: { 'cache-control': 'private, no-store' } });
	} catch (error) {
		return toErrorResponse(error, event.locals.requestId);
	}
};
