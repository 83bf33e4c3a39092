// A local stand-in for an OpenAI-compatible chat-completions server at the machine's edge. It
// speaks the wire format the real servers do (a JSON chat.completion, or server-sent
// chat.completion.chunk events ending in `data: [DONE]`), answers any path ending in
// /chat/completions (so /v1/… as OpenAI, Ollama, vLLM and llama.cpp serve it, and Azure's
// /openai/deployments/{name}/…), records every request, and is scripted per request: a delay, a
// status, a dropped connection, odd chunking, a stream that breaks after some content.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
	method: string;
	/** Path and query, e.g. /openai/deployments/d/chat/completions?api-version=2024-10-21 */
	url: string;
	headers: IncomingMessage['headers'];
	body: {
		model?: string;
		stream?: boolean;
		messages?: { role: string; content: string }[];
		[key: string]: unknown;
	};
}

/** What the fake does with one request; unset fields fall back to the fake's defaults. */
export interface Behaviour {
	/** The assistant's text. */
	text?: string;
	/** Wait this long before answering (the headers too). */
	delayMs?: number;
	/** Answer with this status and an OpenAI-style error body instead. */
	status?: number;
	/** Close the connection without an answer. */
	drop?: boolean;
	/** Streams: write the SSE body in pieces of this many bytes (splits lines, even characters). */
	writeSize?: number;
	/** Answer a stream request with one JSON completion, as a server without streaming does. */
	ignoreStream?: boolean;
	/** Streams: wait this long before each event after the first. */
	eventDelayMs?: number;
	/** Streams: after this many content chunks, stop writing and destroy the connection. */
	dropAfterChunks?: number;
	/** Streams: after this many content chunks, stall until the client gives up. */
	stallAfterChunks?: number;
	/** Streams: the exact bytes of the SSE body (several: written eventDelayMs apart). */
	rawStream?: string | string[];
}

export interface FakeOpenAI {
	/** The base URL a client appends /chat/completions to: http://127.0.0.1:<port>/v1 */
	url: string;
	/** The server's origin, for Azure-style paths. */
	origin: string;
	requests: RecordedRequest[];
	/** The text every request is answered with unless a queued behaviour says otherwise. */
	setAnswer(text: string): void;
	/** The next requests, in order, behave as given (then the defaults again). */
	next(...behaviours: Behaviour[]): void;
	/** The next `times` requests fail: with this status, or by dropping the connection. */
	failNext(times: number, how: number | 'drop'): void;
	/** Only requests carrying this key (as a bearer token or api-key) are answered; others 401. */
	requireKey(key: string | null): void;
	/** Forget the requests, the queue, the key and the answer set by an earlier test. */
	reset(): void;
	close(): Promise<void>;
}

const errorBody = (status: number, message: string) =>
	JSON.stringify({
		error: {
			message,
			type: status === 401 ? 'invalid_request_error' : 'server_error',
			param: null,
			code: status === 401 ? 'invalid_api_key' : null
		}
	});

/** The text in the word-sized pieces a model streams: "Hello", " world", "." */
function pieces(text: string): string[] {
	return text.match(/\s*\S+|\s+$/g) ?? [];
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
	const requests: RecordedRequest[] = [];
	const queue: Behaviour[] = [];
	const DEFAULT_ANSWER = 'This is the fake model speaking.';
	let answer = DEFAULT_ANSWER;
	let key: string | null = null;
	let counter = 0;
	const sockets = new Set<import('node:net').Socket>();

	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => void handle(req, Buffer.concat(chunks).toString('utf8'), res));
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	async function handle(req: IncomingMessage, raw: string, res: ServerResponse) {
		let body: RecordedRequest['body'] = {};
		try {
			body = JSON.parse(raw) as RecordedRequest['body'];
		} catch {
			// Recorded as empty; answered 400 below.
		}
		requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
		const b: Behaviour = queue.shift() ?? {};
		if (b.delayMs) await new Promise((r) => setTimeout(r, b.delayMs));
		if (res.destroyed) return;
		if (b.drop) return void req.socket.destroy();

		const send = (status: number, text: string) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(text);
		};
		const path = (req.url ?? '').split('?')[0] ?? '';
		if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
			return send(404, errorBody(404, 'Not found'));
		}
		if (key !== null) {
			const given = req.headers['api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '');
			if (given !== key) return send(401, errorBody(401, 'Incorrect API key provided.'));
		}
		if (b.status) return send(b.status, errorBody(b.status, `Scripted failure ${b.status}`));
		if (!Array.isArray(body.messages) || body.messages.length === 0) {
			return send(400, errorBody(400, "'messages' is a required property"));
		}

		const id = `chatcmpl-fake${++counter}`;
		const created = Math.floor(Date.now() / 1000);
		const model = body.model ?? 'fake-deployment';
		const text = b.text ?? answer;
		if (!body.stream || b.ignoreStream) {
			return send(
				200,
				JSON.stringify({
					id,
					object: 'chat.completion',
					created,
					model,
					choices: [
						{
							index: 0,
							message: { role: 'assistant', content: text },
							logprobs: null,
							finish_reason: 'stop'
						}
					],
					usage: { prompt_tokens: 42, completion_tokens: pieces(text).length, total_tokens: 99 }
				})
			);
		}

		res.writeHead(200, {
			'content-type': 'text/event-stream',
			'cache-control': 'no-cache',
			connection: 'keep-alive'
		});
		const chunk = (delta: object, finish: string | null) =>
			`data: ${JSON.stringify({
				id,
				object: 'chat.completion.chunk',
				created,
				model,
				choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }]
			})}\n\n`;
		let events: string[];
		if (b.rawStream !== undefined) events = [b.rawStream].flat();
		else {
			events = [chunk({ role: 'assistant', content: '' }, null)];
			for (const p of pieces(text)) events.push(chunk({ content: p }, null));
			events.push(chunk({}, 'stop'), 'data: [DONE]\n\n');
		}
		let sent = 0;
		for (const [i, event] of events.entries()) {
			// Event 0 is the role chunk; content chunks are 1…n.
			if (b.dropAfterChunks !== undefined && i > b.dropAfterChunks)
				return void req.socket.destroy();
			if (b.stallAfterChunks !== undefined && i > b.stallAfterChunks) return;
			if (b.eventDelayMs && i > 0) await new Promise((r) => setTimeout(r, b.eventDelayMs));
			const bytes = Buffer.from(event, 'utf8');
			const size = b.writeSize ?? bytes.length;
			for (let at = 0; at < bytes.length; at += size) {
				if (res.destroyed) return;
				res.write(bytes.subarray(at, at + size));
				// A turn of the event loop between writes, so they leave as separate packets.
				await new Promise((r) => setImmediate(r));
			}
			sent++;
		}
		if (sent === events.length) res.end();
	}

	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		url: `${origin}/v1`,
		origin,
		requests,
		setAnswer: (text) => void (answer = text),
		next: (...behaviours) => void queue.push(...behaviours),
		failNext(times, how) {
			for (let i = 0; i < times; i++) queue.push(how === 'drop' ? { drop: true } : { status: how });
		},
		requireKey: (k) => void (key = k),
		reset() {
			requests.length = 0;
			queue.length = 0;
			answer = DEFAULT_ANSWER;
			key = null;
		},
		close: () =>
			new Promise<void>((resolve) => {
				for (const s of sockets) s.destroy();
				server.close(() => resolve());
			})
	};
}
