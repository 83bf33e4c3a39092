// Property-based: random and hostile requests to every /api route (methods, query strings,
// headers, bodies of every shape and content type) never answer 5xx, never leak internals, answer
// errors in the envelope and change no row when refused. FUZZ_RUNS raises the count per route.
// Below them, requests whose framing lies (Content-Length) sent over a raw socket.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runs } from '../helpers/fuzz';
import { API_ROUTES, fuzzApiRoute, useFuzzServer } from '../helpers/fuzz-targets';

const ctx = useFuzzServer();
const url = () => ctx().server.url;

describe('hostile requests to the API', () => {
	for (const route of API_ROUTES) {
		it(`${route.path}: no 5xx, no internals, the error envelope, no row changed when refused`, async () => {
			await fuzzApiRoute(ctx(), route, runs(40));
		}, 120_000);
	}
});

/** Writes `raw` to a fresh connection, half-closes it and collects everything until the server closes. */
function rawExchange(raw: string): Promise<string> {
	const { port } = new URL(url());
	return new Promise((resolve, reject) => {
		const socket = connect(Number(port), '127.0.0.1', () => socket.end(raw));
		let data = '';
		socket.on('data', (chunk) => (data += chunk));
		socket.on('error', reject);
		socket.on('close', () => resolve(data));
		socket.setTimeout(10_000, () => socket.destroy());
	});
}

const statusLines = (answer: string) => answer.match(/^HTTP\/1\.1 \d{3}/gm) ?? [];

describe('a Content-Length that lies', () => {
	const callback = (headers: string, body: string) =>
		`POST /api/payment/psp/callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}\r\n${body}`;

	it.each([
		[
			'shorter than the body (the rest is read as a second, broken request)',
			'Content-Length: 5\r\n',
			'{"reference":"x"}'
		],
		[
			'longer than the body, then the client stops sending',
			'Content-Length: 1000\r\n',
			'{"reference":'
		],
		['not a number', 'Content-Length: abc\r\n', '{}'],
		['negative', 'Content-Length: -1\r\n', '{}'],
		['given twice, differently', 'Content-Length: 2\r\nContent-Length: 3\r\n', '{}'],
		[
			'together with chunked encoding',
			'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n',
			'2\r\n{}\r\n0\r\n\r\n'
		]
	])('%s: no 5xx, and the server keeps answering', async (_name, headers, body) => {
		const answer = await rawExchange(callback(headers, body));
		for (const line of statusLines(answer)) expect(Number(line.slice(9))).toBeLessThan(500);
		expect(answer).not.toMatch(/node_modules|\n\s+at /);
		expect((await fetch(url() + '/api/health')).status).toBe(200);
	});

	it('a request node cannot parse is answered 400 in the error envelope', async () => {
		const answer = await rawExchange(callback('Content-Length: abc\r\n', '{}'));
		expect(answer).toMatch(/^HTTP\/1\.1 400 /);
		expect(answer).toContain('{"error":"Bad request"}');
	});
});
