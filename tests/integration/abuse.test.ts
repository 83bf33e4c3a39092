// Abusive clients against the built server: hundreds of slow connections (slowloris: headers a byte
// at a time, and slow bodies) while a normal visitor is still served, the server closing them
// after its timeouts (short ones here, through the environment), and rate limits that hold
// exactly under parallel bursts. Loopback only, every loop bounded.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

const SLOW = 300;

let server: TestServer;
let port: number;

beforeAll(async () => {
	server = await startServer({
		HTTP_HEADERS_TIMEOUT_MS: '1500',
		HTTP_REQUEST_TIMEOUT_MS: '3000',
		HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000'
	});
	port = Number(new URL(server.url).port);
});
afterAll(() => server?.stop());

interface SlowClient {
	socket: Socket;
	/** What the server sent back before it closed the connection. */
	received: () => string;
	closed: Promise<void>;
	/** Stops trickling bytes (the server should long since have closed the socket). */
	stop: () => void;
}

/** A client that sends `head` at once, then one byte of `drip` every `everyMs`, forever. */
function slowClient(head: string, drip: string, everyMs: number): Promise<SlowClient> {
	return new Promise((resolve, reject) => {
		const socket = connect(port, '127.0.0.1');
		let data = '';
		let i = 0;
		const timer = setInterval(() => {
			if (socket.writable) socket.write(drip[i++ % drip.length]!);
		}, everyMs);
		const closed = new Promise<void>((done) => socket.once('close', () => done()));
		socket.on('data', (chunk) => (data += chunk));
		socket.on('error', () => {});
		closed.then(() => clearInterval(timer));
		socket.once('connect', () => {
			socket.write(head);
			resolve({
				socket,
				received: () => data,
				closed,
				stop: () => {
					clearInterval(timer);
					socket.destroy();
				}
			});
		});
		socket.once('error', reject);
	});
}

async function openMany(n: number, make: () => Promise<SlowClient>): Promise<SlowClient[]> {
	const clients: SlowClient[] = [];
	// In batches, so that the connects themselves are not the burst.
	for (let i = 0; i < n; i += 50) {
		clients.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, make))));
	}
	return clients;
}

/** Whether every client was closed by the server (we never close them) within `ms`. */
async function allClosedWithin(clients: SlowClient[], ms: number): Promise<boolean> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<false>((r) => (timer = setTimeout(() => r(false), ms)));
	const closed = Promise.all(clients.map((c) => c.closed)).then(() => true as const);
	const result = await Promise.race([closed, timeout]);
	clearTimeout(timer);
	return result;
}

describe('slow clients', () => {
	it(`${SLOW} connections trickling their headers: a normal visitor is served meanwhile, and the server closes them with 408`, async () => {
		const clients = await openMany(SLOW, () =>
			slowClient('GET /en HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: aaaaaaaaaaaaaaaa\r\n', 200)
		);
		try {
			const health = await fetch(server.url + '/api/health');
			expect(health.status).toBe(200);
			const page = await fetch(server.url + '/en/events');
			expect(page.status).toBe(200);
			expect(await page.text()).toContain('<main');

			// The bound is the test's patience, not a speed figure: node checks the timeout each second.
			expect(await allClosedWithin(clients, 10_000)).toBe(true);
			const timedOut = clients.filter((c) => c.received().startsWith('HTTP/1.1 408'));
			expect(timedOut.length).toBe(SLOW);
			expect(clients[0]!.received()).toContain('{"error":"Request timeout"}');
		} finally {
			for (const c of clients) c.stop();
		}
	}, 30_000);

	it('a body sent a byte at a time is cut off after the request timeout, and the server stays up', async () => {
		const head =
			'POST /api/payment/psp/callback HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
			'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
		const clients = await openMany(100, () => slowClient(head, '{"reference":"', 100));
		try {
			expect((await fetch(server.url + '/api/health')).status).toBe(200);
			expect(await allClosedWithin(clients, 12_000)).toBe(true);
			expect((await fetch(server.url + '/api/health')).status).toBe(200);
		} finally {
			for (const c of clients) c.stop();
		}
	}, 30_000);

	it('500 connections that send nothing do not stop the server answering', async () => {
		const clients = await openMany(500, () => slowClient('', ' ', 60_000));
		try {
			const answers = await Promise.all(
				Array.from({ length: 20 }, () => fetch(server.url + '/api/health').then((r) => r.status))
			);
			expect(answers.every((s) => s === 200)).toBe(true);
			expect(await allClosedWithin(clients, 10_000)).toBe(true);
		} finally {
			for (const c of clients) c.stop();
		}
	}, 30_000);

	it('headers over 16 kB are answered 431 in the error envelope', async () => {
		const res = await fetch(server.url + '/api/health', {
			headers: { 'x-big': 'x'.repeat(20_000) }
		});
		expect(res.status).toBe(431);
		expect(await res.json()).toEqual({ error: 'Request header fields too large' });
	});
});

describe('rate limits under parallel bursts', () => {
	it('60 parallel anonymous sign-ins against a limit of 10: exactly 10 pass, 50 get 429 with Retry-After', async () => {
		const s = await startServer({ RATE_LIMIT_ANONYMOUS: '10/60' });
		try {
			const answers = await Promise.all(
				Array.from({ length: 60 }, () =>
					fetch(s.url + '/api/auth/anonymous', { method: 'POST' }).then(async (r) => ({
						status: r.status,
						retryAfter: r.headers.get('retry-after'),
						body: await r.json()
					}))
				)
			);
			expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
			const limited = answers.filter((a) => a.status === 429);
			expect(limited).toHaveLength(50);
			for (const a of limited) {
				expect(a.body).toEqual({ error: 'Too many requests' });
				expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
				expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
			}
		} finally {
			await s.stop();
		}
	});

	it('300 parallel checks against the public limit of 120: exactly 120 pass', async () => {
		const s = await startServer({ RATE_LIMIT_PUBLIC: '120/60' });
		try {
			const statuses = await Promise.all(
				Array.from({ length: 300 }, () => fetch(s.url + '/api/auth/check').then((r) => r.status))
			);
			expect(statuses.filter((st) => st === 200)).toHaveLength(120);
			expect(statuses.filter((st) => st === 429)).toHaveLength(180);
		} finally {
			await s.stop();
		}
	});
});
