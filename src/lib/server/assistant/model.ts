// The client of an OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI, Ollama,
// vLLM, llama.cpp server), over the global fetch. A model is an improvement, never a dependency:
// every way it can fail (down, slow, refusing, answering garbage or endlessly) ends, after at most
// one retry, in a ModelUnavailable that the caller turns into the local answer.
import { config, type AiConfig } from '../config';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant';
	content: string;
}

export interface CallOptions {
	/** The caller giving up (the visitor left): the request stops, nothing is retried. */
	signal?: AbortSignal;
}

export interface ModelClient {
	/** The assistant's whole answer. */
	complete(messages: ChatMessage[], options?: CallOptions): Promise<string>;
	/** The answer as it is written, in pieces; stopping the iteration stops the request. */
	stream(messages: ChatMessage[], options?: CallOptions): AsyncIterable<string>;
}

export type UnavailableReason =
	/** No answer (streaming: no next piece of text, keep-alives aside) within AI_TIMEOUT_MS. */
	| 'timeout'
	/** Refused connection, reset, or a stream that broke off. */
	| 'network'
	/** An HTTP error status, or an error event in the stream. */
	| 'status'
	/** A body that is not a chat completion. */
	| 'malformed'
	/** A completion without text. */
	| 'empty'
	/** A body larger than the bound. */
	| 'too_large'
	/** The caller's signal. */
	| 'aborted';

/** The model gave no usable answer; the caller answers locally. The message never holds the key. */
export class ModelUnavailable extends Error {
	override name = 'ModelUnavailable';
	constructor(
		readonly reason: UnavailableReason,
		/** The HTTP status, when the server answered with one. */
		readonly status: number | null,
		/** How many requests were made. */
		readonly attempts: number,
		/** Whether a stream had already given the caller text before it failed. */
		readonly afterOutput: boolean
	) {
		super(
			`Model unavailable: ${reason}${status ? ` (HTTP ${status})` : ''} after ${attempts} ` +
				`request${attempts === 1 ? '' : 's'}${afterOutput ? ', mid-answer' : ''}`
		);
	}
}

/** No real answer to a visitor needs more; a larger body is a fault, not an answer. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

const ATTEMPTS = 2;

/** One failed attempt, before the retry decision. */
class Failure extends Error {
	constructor(
		readonly reason: UnavailableReason,
		readonly status: number | null = null
	) {
		super(reason);
	}
	get retryable(): boolean {
		if (this.reason === 'timeout' || this.reason === 'network') return true;
		return (
			this.reason === 'status' &&
			(this.status === null || this.status === 429 || this.status >= 500)
		);
	}
}

/**
 * One request's lifetime: its own abort controller, tied to the caller's signal and to a timer
 * that `arm` restarts (once for a whole completion, before each wait of a stream).
 */
class Attempt {
	readonly controller = new AbortController();
	private timer: ReturnType<typeof setTimeout> | undefined;
	private timedOut = false;
	private readonly onCallerAbort = () => this.controller.abort();

	constructor(
		private readonly timeoutMs: number,
		private readonly caller: AbortSignal | undefined
	) {
		caller?.addEventListener('abort', this.onCallerAbort, { once: true });
	}

	arm() {
		clearTimeout(this.timer);
		this.timer = setTimeout(() => {
			this.timedOut = true;
			this.controller.abort();
		}, this.timeoutMs);
	}

	pause() {
		clearTimeout(this.timer);
	}

	/**
	 * The next chunk of a body, or the abort. Node 20's fetch never settles a read of a body that
	 * had fully arrived before the abort, so the abort is raced here rather than trusted to it.
	 */
	read(reader: ReadableStreamDefaultReader<Uint8Array>) {
		const signal = this.controller.signal;
		if (signal.aborted) return Promise.reject(new Failure('network'));
		return new Promise<ReadableStreamReadResult<Uint8Array>>((resolve, reject) => {
			const onAbort = () => reject(new Failure('network'));
			signal.addEventListener('abort', onAbort, { once: true });
			reader
				.read()
				.then(resolve, reject)
				.finally(() => signal.removeEventListener('abort', onAbort));
		});
	}

	/** What went wrong, whatever fetch or the body reader threw. */
	failure(error: unknown): Failure {
		if (this.caller?.aborted) return new Failure('aborted');
		if (this.timedOut) return new Failure('timeout');
		if (error instanceof Failure) return error;
		return new Failure('network');
	}

	dispose() {
		clearTimeout(this.timer);
		this.caller?.removeEventListener('abort', this.onCallerAbort);
		// Releases the connection of a stream the caller stopped reading.
		this.controller.abort();
	}
}

async function readBounded(
	body: ReadableStream<Uint8Array>,
	max: number,
	attempt: Attempt
): Promise<string> {
	const reader = body.getReader();
	const parts: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		const { done, value } = await attempt.read(reader);
		if (done) break;
		total += value.byteLength;
		if (total > max) {
			void reader.cancel().catch(() => {});
			throw new Failure('too_large');
		}
		parts.push(value);
	}
	return Buffer.concat(parts).toString('utf8');
}

/**
 * The data of each server-sent event (the `data:` lines of one event, joined), however the bytes
 * were split across reads; comments and other fields are skipped.
 */
async function* sseData(
	body: ReadableStream<Uint8Array>,
	max: number,
	attempt: Attempt
): AsyncGenerator<string> {
	const reader = body.getReader();
	const decoder = new TextDecoder();
	let buffer = '';
	let data: string[] = [];
	let total = 0;
	const lines = function* (final: boolean): Generator<string> {
		let nl: number;
		while ((nl = buffer.indexOf('\n')) >= 0) {
			yield buffer.slice(0, nl).replace(/\r$/, '');
			buffer = buffer.slice(nl + 1);
		}
		if (final && buffer !== '') {
			yield buffer.replace(/\r$/, '');
			buffer = '';
		}
	};
	try {
		for (;;) {
			const { done, value } = await attempt.read(reader);
			if (!done) {
				total += value.byteLength;
				if (total > max) throw new Failure('too_large');
				buffer += decoder.decode(value, { stream: true });
			} else buffer += decoder.decode();
			for (const line of lines(done)) {
				if (line === '') {
					if (data.length > 0) yield data.join('\n');
					data = [];
				} else if (line.startsWith('data:')) {
					data.push(line.slice(5).replace(/^ /, ''));
				}
			}
			if (done) break;
		}
		if (data.length > 0) yield data.join('\n');
	} finally {
		void reader.cancel().catch(() => {});
	}
}

const contentOf = (completion: unknown): unknown =>
	(completion as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message
		?.content;

/** A client for the configured endpoint. */
export function createModelClient(
	ai: AiConfig,
	options: { maxResponseBytes?: number } = {}
): ModelClient {
	const max = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;

	async function request(messages: ChatMessage[], stream: boolean, attempt: Attempt) {
		const headers: Record<string, string> = {
			'content-type': 'application/json',
			accept: stream ? 'text/event-stream' : 'application/json'
		};
		if (ai.apiKey) {
			headers[ai.keyHeader] = ai.keyHeader === 'authorization' ? `Bearer ${ai.apiKey}` : ai.apiKey;
		}
		const body = JSON.stringify({ ...(ai.model ? { model: ai.model } : {}), messages, stream });
		attempt.arm();
		const response = await fetch(ai.endpoint, {
			method: 'POST',
			headers,
			body,
			signal: attempt.controller.signal
		});
		if (!response.ok) {
			// The error body is not read: some servers echo part of the key in it.
			void response.body?.cancel().catch(() => {});
			throw new Failure('status', response.status);
		}
		if (!response.body) throw new Failure('malformed');
		return response;
	}

	function parseCompletion(text: string): string {
		let content: unknown;
		try {
			content = contentOf(JSON.parse(text));
		} catch {
			throw new Failure('malformed');
		}
		if (typeof content !== 'string') throw new Failure('malformed');
		if (content.trim() === '') throw new Failure('empty');
		return content;
	}

	/** One streamed attempt: the content deltas, until [DONE] or a finish reason and the end. */
	async function* deltas(messages: ChatMessage[], attempt: Attempt): AsyncGenerator<string> {
		const response = await request(messages, true, attempt);
		// A server that ignores `stream: true` answers with one JSON completion.
		if (response.headers.get('content-type')?.includes('application/json')) {
			const text = await readBounded(response.body!, max, attempt);
			yield parseCompletion(text);
			return;
		}
		let finished = false;
		let any = false;
		for await (const data of sseData(response.body!, max, attempt)) {
			if (data === '[DONE]') {
				if (!any) throwEmpty();
				return;
			}
			let event: {
				error?: unknown;
				choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
			};
			try {
				event = JSON.parse(data);
			} catch {
				continue; // One garbled event costs a few words, not the answer.
			}
			if (event?.error) throw new Failure('status');
			const choice = event?.choices?.[0];
			if (choice?.finish_reason) finished = true;
			const content = choice?.delta?.content;
			if (typeof content === 'string' && content !== '') {
				any = true;
				// The caller's own pace is not the model's silence; keep-alives are not progress.
				attempt.pause();
				yield content;
				attempt.arm();
			}
		}
		if (!finished) throw new Failure('network');
		if (!any) throwEmpty();
	}

	function throwEmpty(): never {
		throw new Failure('empty');
	}

	return {
		async complete(messages, { signal } = {}) {
			for (let n = 1; ; n++) {
				if (signal?.aborted) throw new ModelUnavailable('aborted', null, n - 1, false);
				const attempt = new Attempt(ai.timeoutMs, signal);
				try {
					const response = await request(messages, false, attempt);
					return parseCompletion(await readBounded(response.body!, max, attempt));
				} catch (error) {
					const failure = attempt.failure(error);
					if (!failure.retryable || n >= ATTEMPTS) {
						throw new ModelUnavailable(failure.reason, failure.status, n, false);
					}
				} finally {
					attempt.dispose();
				}
			}
		},

		async *stream(messages, { signal } = {}) {
			let yielded = false;
			for (let n = 1; ; n++) {
				if (signal?.aborted) throw new ModelUnavailable('aborted', null, n - 1, yielded);
				const attempt = new Attempt(ai.timeoutMs, signal);
				try {
					for await (const delta of deltas(messages, attempt)) {
						yielded = true;
						yield delta;
					}
					return;
				} catch (error) {
					const failure = attempt.failure(error);
					// Once the visitor has read part of an answer, a second answer would not continue it.
					if (yielded || !failure.retryable || n >= ATTEMPTS) {
						throw new ModelUnavailable(failure.reason, failure.status, n, yielded);
					}
				} finally {
					attempt.dispose();
				}
			}
		}
	};
}

let cached: { client: ModelClient | null } | undefined;

/** The configured model's client, or null when AI_BASE_URL is unset (local answers only). */
export function modelClient(): ModelClient | null {
	if (!cached) {
		const ai = config().ai;
		cached = { client: ai ? createModelClient(ai) : null };
	}
	return cached.client;
}
