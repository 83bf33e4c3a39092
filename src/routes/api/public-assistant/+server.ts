import { json } from '@sveltejs/kit';
import { AssistantRequest } from '$lib/schemas/assistant';
import { services } from '$lib/server/app';
import { answerStream } from '$lib/server/assistant/sse';
import { errorResponse, toErrorResponse, validationFailed } from '$lib/server/http/errors';
import { overRateLimit } from '$lib/server/http/guard';
import type { RequestHandler } from './$types';

// Public: anyone may ask, so questions are rate limited per client address. JSON answers whole;
// `Accept: text/event-stream` answers as server-sent events while the answer is written.
export const POST: RequestHandler = async (event) => {
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
	const parsed = AssistantRequest.safeParse(body);
	if (!parsed.success) return validationFailed(parsed.error);
	const question = { ...parsed.data, locale: parsed.data.locale ?? event.locals.locale };
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
