import { AssistantFeedbackRequest } from '$lib/schemas/assistant';
import { services } from '$lib/server/app';
import { toErrorResponse } from '$lib/server/web/errors';
import { overRateLimit } from '$lib/server/web/guard';
import { readJsonBody } from '$lib/server/web/json-body';
import type { RequestHandler } from './$types';

// A visitor's rating of an answer: counted with the questions (same bucket), kept without who
// gave it. 204: nothing to say back; the widget thanks the visitor itself.
export const POST: RequestHandler = async (event) => {
	const limited = await overRateLimit(event, 'assistant');
	if (limited) return limited;
	const rated = await readJsonBody(event.request, AssistantFeedbackRequest);
	if (rated instanceof Response) return rated;
	try {
		await services().assistantFeedback.rate({
			id: rated.answerId,
			locale: rated.locale ?? event.locals.locale,
			question: rated.message,
			by: rated.by,
			rating: rated.rating
		});
		return new Response(null, { status: 204 });
	} catch (error) {
		return toErrorResponse(error, event.locals.requestId);
	}
};
