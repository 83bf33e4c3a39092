import { json } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { errorResponse, toErrorResponse } from '$lib/server/web/errors';
import { overRateLimit } from '$lib/server/web/guard';
import { descriptionRefused, readDescriptionRequest } from '$lib/server/web/receipts';
import type { RequestHandler } from './$types';

// A suggested description for a claim line from the caller's own receipts: ids of receipts
// uploaded already (JSON), or the receipts themselves (multipart), kept for the form to attach
// unless none of them says anything. Signed in only; reading receipts (OCR) is costly, so it is
// rate limited per client address like the assistant.
export const POST: RequestHandler = async (event) => {
	const user = event.locals.user;
	if (!user || user.isAnonymous) return errorResponse(401, { error: 'Unauthorized' });
	const limited = await overRateLimit(event, 'assistant');
	if (limited) return limited;
	const asked = await readDescriptionRequest(event.request);
	if (asked instanceof Response) return asked;
	const locale = asked.locale ?? event.locals.locale;
	try {
		const { receipts } = services();
		const outcome =
			'uploads' in asked
				? await receipts.suggestFromUploads(user.id, asked.uploads, locale)
				: await receipts.suggest(user.id, asked.fileIds, locale);
		if (!outcome.ok) return descriptionRefused(outcome, 'uploads' in asked ? 'files' : 'fileIds');
		return json(outcome.suggestion, { headers: { 'cache-control': 'private, no-store' } });
	} catch (error) {
		return toErrorResponse(error, event.locals.requestId);
	}
};
