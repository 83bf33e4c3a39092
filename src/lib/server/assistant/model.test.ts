import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../tests/helpers/fake-openai';
import { parseConfig } from '../config';
import { createModelClient, ModelUnavailable, type ChatMessage, type ModelClient } from './model';
import { assistantMessages } from './prompt';

const QUESTION: ChatMessage[] = [{ role: 'user', content: 'When is the next board meeting?' }];
const ANSWER = 'The board meets on Tuesday at 18:00 in Blåbærsalen [1]. Bring your ideas!';

let fake: FakeOpenAI;

beforeAll(async () => {
	fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
beforeEach(() => {
	fake.reset();
	fake.setAnswer(ANSWER);
});

function client(env: Record<string, string> = {}, options?: { maxResponseBytes?: number }) {
	const ai = parseConfig({
		AI_BASE_URL: fake.url,
		AI_MODEL: 'llama3.2',
		AI_TIMEOUT_MS: '5000',
		...env
	}).ai!;
	return createModelClient(ai, options);
}

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
	const pieces: string[] = [];
	for await (const piece of iterable) pieces.push(piece);
	return pieces;
}

/** The error `promise` rejects with, which must be a ModelUnavailable. */
async function unavailable(promise: Promise<unknown>): Promise<ModelUnavailable> {
	const error = await promise.then(
		() => null,
		(e: unknown) => e
	);
	expect(error).toBeInstanceOf(ModelUnavailable);
	return error as ModelUnavailable;
}

describe('the model client', () => {
	it('gets the whole answer, asking the configured model with the bearer key', async () => {
		const model = client({ AI_API_KEY: 'sk-local-test' });
		fake.requireKey('sk-local-test');
		expect(await model.complete(QUESTION)).toBe(ANSWER);
		const [request] = fake.requests;
		expect(request?.url).toBe('/v1/chat/completions');
		expect(request?.headers.authorization).toBe('Bearer sk-local-test');
		expect(request?.body).toMatchObject({ model: 'llama3.2', stream: false, messages: QUESTION });
	});

	it('streams the answer in pieces that join to the whole text', async () => {
		const pieces = await collect(client().stream(QUESTION));
		expect(pieces.length).toBeGreaterThan(5);
		expect(pieces.join('')).toBe(ANSWER);
		expect(fake.requests[0]?.body.stream).toBe(true);
	});

	it('joins the text however the events are split across packets, even inside a character', async () => {
		for (const writeSize of [1, 3, 7, 64]) {
			fake.next({ writeSize });
			const pieces = await collect(client().stream(QUESTION));
			expect(pieces.join(''), `writes of ${writeSize} bytes`).toBe(ANSWER);
		}
	});

	it('takes the whole answer from a server that does not stream', async () => {
		fake.next({ ignoreStream: true });
		expect(await collect(client().stream(QUESTION))).toEqual([ANSWER]);
	});

	it('skips keep-alive comments and a garbled event, with CRLF line ends', async () => {
		const event = (content: string) =>
			`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\r\n\r\n`;
		fake.next({
			rawStream:
				': keep-alive\r\n\r\n' +
				event('Open ') +
				'data: {"choices": [{"delta": {"content": "tr\r\n\r\n' +
				'event: ping\r\ndata: {}\r\n\r\n' +
				event('on Mondays.') +
				'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\r\n\r\n' +
				'data: [DONE]\r\n\r\n',
			writeSize: 5
		});
		expect((await collect(client().stream(QUESTION))).join('')).toBe('Open on Mondays.');
	});

	it('asks once more when the first answer is too slow, and gives the second', async () => {
		fake.next({ delayMs: 10_000, text: 'too late' });
		const model = client({ AI_TIMEOUT_MS: '1000' });
		expect(await model.complete(QUESTION)).toBe(ANSWER);
		expect(fake.requests).toHaveLength(2);
	});

	it('retries a stream whose first attempt times out before any text', async () => {
		fake.next({ delayMs: 10_000 });
		expect((await collect(client({ AI_TIMEOUT_MS: '1000' }).stream(QUESTION))).join('')).toBe(
			ANSWER
		);
		expect(fake.requests).toHaveLength(2);
	});

	it('retries after a rate limit, a server error or a dropped connection', async () => {
		for (const how of [429, 500, 503, 'drop'] as const) {
			fake.requests.length = 0;
			fake.failNext(1, how);
			expect(await client().complete(QUESTION), String(how)).toBe(ANSWER);
			expect(fake.requests).toHaveLength(2);
		}
	});

	it('gives up as unavailable after two failures, having asked exactly twice', async () => {
		fake.failNext(2, 503);
		const error = await unavailable(client().complete(QUESTION));
		expect(error).toMatchObject({ reason: 'status', status: 503, attempts: 2, afterOutput: false });
		expect(fake.requests).toHaveLength(2);

		fake.requests.length = 0;
		fake.failNext(2, 'drop');
		const stream = await unavailable(collect(client().stream(QUESTION)));
		expect(stream).toMatchObject({ reason: 'network', attempts: 2 });
		expect(fake.requests).toHaveLength(2);

		fake.requests.length = 0;
		fake.next({ delayMs: 3000 }, { delayMs: 3000 });
		const slow = await unavailable(client({ AI_TIMEOUT_MS: '50' }).complete(QUESTION));
		expect(slow).toMatchObject({ reason: 'timeout', attempts: 2 });
		expect(fake.requests).toHaveLength(2);
	});

	it('does not retry a refused key, and never names the key in the error', async () => {
		fake.requireKey('the-right-key');
		const error = await unavailable(client({ AI_API_KEY: 'sk-wrong-secret' }).complete(QUESTION));
		expect(error).toMatchObject({ reason: 'status', status: 401, attempts: 1 });
		expect(fake.requests).toHaveLength(1);
		expect(`${error.message} ${error.stack}`).not.toContain('sk-wrong-secret');
	});

	it('does not retry a request the server calls bad', async () => {
		fake.failNext(1, 400);
		const error = await unavailable(client().complete(QUESTION));
		expect(error).toMatchObject({ status: 400, attempts: 1 });
		expect(fake.requests).toHaveLength(1);
	});

	it('surfaces a stream that breaks after some text instead of starting over', async () => {
		fake.next({ dropAfterChunks: 3 });
		const pieces: string[] = [];
		const error = await unavailable(
			(async () => {
				for await (const piece of client().stream(QUESTION)) pieces.push(piece);
			})()
		);
		expect(pieces.join('')).toBe('The board meets');
		expect(error).toMatchObject({ reason: 'network', afterOutput: true, attempts: 1 });
		expect(fake.requests).toHaveLength(1);
	});

	it('gives up on a stream that goes silent mid-answer', async () => {
		fake.next({ stallAfterChunks: 2 });
		const pieces: string[] = [];
		const error = await unavailable(
			(async () => {
				for await (const piece of client({ AI_TIMEOUT_MS: '1000' }).stream(QUESTION)) {
					pieces.push(piece);
				}
			})()
		);
		expect(pieces.join('')).toBe('The board');
		expect(error).toMatchObject({ reason: 'timeout', afterOutput: true });
		expect(fake.requests).toHaveLength(1);
	});

	it('lets a long answer run past the timeout while it keeps coming', async () => {
		// Each piece comes well within the timeout; all of them together take far longer.
		fake.next({ eventDelayMs: 150 });
		const model = client({ AI_TIMEOUT_MS: '1000' });
		expect((await collect(model.stream(QUESTION))).join('')).toBe(ANSWER);
		expect(fake.requests).toHaveLength(1);
	});

	it('does not take keep-alives for an answer: a model that only keeps the line open times out', async () => {
		const keepAlives = Array.from({ length: 60 }, () => ': keep-alive\n\n');
		fake.next(
			{ rawStream: keepAlives, eventDelayMs: 20 },
			{ rawStream: keepAlives, eventDelayMs: 20 }
		);
		const error = await unavailable(collect(client({ AI_TIMEOUT_MS: '150' }).stream(QUESTION)));
		expect(error).toMatchObject({ reason: 'timeout', attempts: 2, afterOutput: false });
	});

	it("does not count the caller's slow reading as the model's silence", async () => {
		const pieces: string[] = [];
		for await (const piece of client({ AI_TIMEOUT_MS: '1000' }).stream(QUESTION)) {
			pieces.push(piece);
			if (pieces.length === 1) await new Promise((r) => setTimeout(r, 1500));
		}
		expect(pieces.join('')).toBe(ANSWER);
	});

	it('treats a stream cut off without its end as broken', async () => {
		fake.next({
			rawStream: `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Half an' } }] })}\n\n`
		});
		const error = await unavailable(collect(client().stream(QUESTION)));
		expect(error).toMatchObject({ reason: 'network', afterOutput: true });
	});

	it('stops the request when the caller gives up, without retrying', async () => {
		fake.next({ delayMs: 3000 });
		const controller = new AbortController();
		const pending = client().complete(QUESTION, { signal: controller.signal });
		await expect.poll(() => fake.requests.length).toBe(1);
		controller.abort();
		expect(await unavailable(pending)).toMatchObject({ reason: 'aborted', attempts: 1 });

		const already = await unavailable(client().complete(QUESTION, { signal: AbortSignal.abort() }));
		expect(already).toMatchObject({ reason: 'aborted', attempts: 0 });
		expect(fake.requests).toHaveLength(1);
	});

	it('ends a stream the caller aborts while reading it slowly, without asking again', async () => {
		const controller = new AbortController();
		const pieces: string[] = [];
		const error = await unavailable(
			(async () => {
				for await (const piece of client().stream(QUESTION, { signal: controller.signal })) {
					pieces.push(piece);
					// The whole answer has arrived by now; the visitor leaves before it is read.
					await expect.poll(() => fake.requests.length).toBe(1);
					await new Promise((r) => setTimeout(r, 100));
					controller.abort();
				}
			})()
		);
		expect(pieces).toEqual(['The']);
		expect(error).toMatchObject({ reason: 'aborted', afterOutput: true, attempts: 1 });
	});

	it('stops a stream when the caller stops reading it, and does not ask again', async () => {
		fake.next({ writeSize: 1 });
		const model: ModelClient = client();
		for await (const piece of model.stream(QUESTION)) {
			expect(piece).toBe('The');
			break;
		}
		expect(fake.requests).toHaveLength(1);
	});

	it('refuses an endless answer rather than keeping it all', async () => {
		fake.setAnswer('word '.repeat(5000));
		const model = client({}, { maxResponseBytes: 4096 });
		expect(await unavailable(model.complete(QUESTION))).toMatchObject({ reason: 'too_large' });
		expect(await unavailable(collect(model.stream(QUESTION)))).toMatchObject({
			reason: 'too_large'
		});
		expect(fake.requests).toHaveLength(2);
	});

	it('calls an empty answer unavailable, so the visitor gets the local one', async () => {
		fake.setAnswer('   ');
		expect(await unavailable(client().complete(QUESTION))).toMatchObject({ reason: 'empty' });
	});

	it("speaks Azure OpenAI's dialect: api-key header, api-version, the deployment as model", async () => {
		fake.requireKey('azure-secret');
		const model = client({
			AI_BASE_URL: `${fake.origin}/openai/deployments/gpt-4o-mini`,
			AI_MODEL: '',
			AI_API_KEY: 'azure-secret',
			AI_API_KEY_HEADER: 'api-key',
			AI_API_VERSION: '2024-10-21'
		});
		expect((await collect(model.stream(QUESTION))).join('')).toBe(ANSWER);
		const [request] = fake.requests;
		expect(request?.url).toBe(
			'/openai/deployments/gpt-4o-mini/chat/completions?api-version=2024-10-21'
		);
		expect(request?.headers['api-key']).toBe('azure-secret');
		expect(request?.headers.authorization).toBeUndefined();
		expect(request?.body.model).toBeUndefined();
	});

	it('sends no credentials at all to a server without a key (Ollama, llama.cpp)', async () => {
		await client().complete(QUESTION);
		const [request] = fake.requests;
		expect(request?.headers.authorization).toBeUndefined();
		expect(request?.headers['api-key']).toBeUndefined();
	});

	it("puts the site's passages, numbered, and the visitor's language in front of the model", async () => {
		const messages = assistantMessages({
			locale: 'no',
			question: 'Når er neste styremøte?',
			passages: [
				{ title: 'Styret', url: '/no/styret', text: 'Styret møtes tirsdager kl. 18.' },
				{ title: 'Kontakt', url: '/no/kontakt', text: 'Send oss en e-post.' }
			],
			history: [
				{ role: 'user', content: 'Hei' },
				{ role: 'assistant', content: 'Hei! Hva lurer du på?' }
			]
		});
		await client().complete(messages);
		const sent = fake.requests[0]?.body.messages ?? [];
		expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
		expect(sent[0]?.content).toMatch(/bokmål/);
		expect(sent[0]?.content).toContain('[1]');
		const last = sent[3]?.content ?? '';
		expect(last).toContain(
			'<excerpt n="1" title="Styret" url="/no/styret">\nStyret møtes tirsdager kl. 18.'
		);
		expect(last).toContain('<excerpt n="2" title="Kontakt" url="/no/kontakt">');
		expect(last.trimEnd().endsWith('Når er neste styremøte?\n</question>')).toBe(true);
	});
});
