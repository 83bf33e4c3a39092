import { json } from '@sveltejs/kit';
import { AssistantRequest } from '$lib/schemas/assistant';
import { services } from '$lib/server/app';
import { answerStream } from '$lib/server/assistant/sse';
import { toErrorResponse } from '$lib/server/web/errors';
import { overRateLimit } from '$lib/server/web/guard';
import { readJsonBody } from '$lib/server/web/json-body';
import type { RequestHandler } from './$types';

// Public: anyone may ask, so questions are rate limited per client address. JSON answers whole;
// `Accept: text/event-stream` answers as server-sent events while the answer is written.
export const POST: RequestHandler = async (event) => {
	const limited = await overRateLimit(event, 'assistant');
	if (limited) return limited;
	const asked = await readJsonBody(event.request, AssistantRequest);
	if (asked instanceof Response) return asked;
	const question = { ...asked, locale: asked.locale ?? event.locals.locale };
	const { assistant } = services();
	const signal = event.request.signal;
	try {
		if (/\btext\/event-stream\b/.test(event.request.headers.get('accept') ?? '')) {
			return answerStream(assistant.stream(question, signal), event.locals.requestId);
		}
		return json(await assistant.answer(question, signal), {
			headers: { 'cache-control': 'no-store' }
		});
	} catch (error) {
		return toErrorResponse(error, event.locals.requestId);
	}
};
