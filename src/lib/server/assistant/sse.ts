// An answer as server-sent events: `event: delta` with `{ text }` for each piece as it is written,
// then `event: done` with the whole answer and its sources. A failure nobody expected ends the
// stream with `event: error` and the error envelope, never a stack.
import { errorFields, log } from '../log';
import type { AnswerEvent } from '.';

const encoder = new TextEncoder();
const frame = (event: string, data: unknown) =>
	encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

export function answerStream(events: AsyncGenerator<AnswerEvent>, requestId: string): Response {
	const body = new ReadableStream<Uint8Array>({
		async pull(controller) {
			try {
				const next = await events.next();
				if (next.done) return controller.close();
				const { type, ...data } = next.value;
				controller.enqueue(frame(type, data));
			} catch (error) {
				log.error('assistant stream failed', { id: requestId, ...errorFields(error) });
				controller.enqueue(frame('error', { error: 'Internal server error' }));
				controller.close();
			}
		},
		// The visitor went away: stopping the generator stops the model's request.
		async cancel() {
			await events.return(undefined);
		}
	});
	return new Response(body, {
		headers: {
			'content-type': 'text/event-stream; charset=utf-8',
			'cache-control': 'no-store',
			// Proxies (nginx) would otherwise hold the pieces back until the answer is whole.
			'x-accel-buffering': 'no'
		}
	});
}
