// Many requests at the same instant, as at an opening time: one keep-alive connection per
// request, opened beforehand (a thousand browsers already on the page), then every request sent at
// once. Latency is each request's own, from its send to the end of its answer; requests per
// second are the burst's answers over the time from the first send to the last answer. autocannon
// keeps a fixed number of connections busy in turn, which is a steady load, not a rush.
import http from 'node:http';

/** Requests over `agent`: { status, text, ms } — status 0 for a socket error or a timeout. */
function requester(hostname, port, agent) {
	return (method, path, { headers = {}, body } = {}) =>
		new Promise((resolve) => {
			const started = performance.now();
			const done = (answer) => resolve({ ...answer, ms: performance.now() - started });
			const req = http.request(
				{
					agent,
					hostname,
					port,
					method,
					path,
					headers: {
						...headers,
						...(body !== undefined && { 'content-length': Buffer.byteLength(body) })
					}
				},
				(res) => {
					const chunks = [];
					res.on('data', (c) => chunks.push(c));
					res.on('end', () =>
						done({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') })
					);
					res.on('error', (error) => done({ status: 0, error: error.message }));
				}
			);
			req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
			req.on('error', (error) => done({ status: 0, error: error.message }));
			req.end(body);
		});
}

/** A loopback HTTP client over a pool of up to `sockets` keep-alive connections. */
export function client(baseUrl, sockets = 64) {
	const { hostname, port } = new URL(baseUrl);
	const agents = [new http.Agent({ keepAlive: true, maxSockets: sockets })];
	return {
		url: baseUrl,
		request: requester(hostname, port, agents[0]),
		/**
		 * `count` connections of their own, each opened (a health check) and kept for one caller;
		 * opened fifty at a time, as a crowd arrives on a page, not in one SYN flood.
		 */
		async connections(count) {
			const made = Array.from({ length: count }, () => {
				const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
				agents.push(agent);
				return requester(hostname, port, agent);
			});
			for (let i = 0; i < count; i += 50) {
				const answers = await Promise.all(
					made.slice(i, i + 50).map((request) => request('GET', '/api/health'))
				);
				const failed = answers.filter((a) => a.status !== 200).length;
				if (failed > 0) throw new Error(`${failed} connections to ${baseUrl} failed`);
			}
			return made;
		},
		/** Closes the connections `connections` opened. */
		release: () => agents.splice(1).forEach((a) => a.destroy()),
		close: () => agents.forEach((a) => a.destroy())
	};
}

/** The value below which `q` of the samples lie (nearest rank), rounded to 0.1 ms. */
export function percentile(samples, q) {
	if (samples.length === 0) return null;
	const sorted = [...samples].sort((a, b) => a - b);
	const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
	return Math.round(value * 10) / 10;
}

/**
 * Sends `requests` (each `{ client, method, path, headers, body }`) all at once over connections
 * opened beforehand, and returns each answer in the same order, with the burst's figures.
 * `ready`: called once the connections are open; the burst waits until the moment (epoch ms) it
 * returns, e.g. an opening time it has just set.
 */
export async function burst(requests, ready = async () => Date.now()) {
	const clients = [...new Set(requests.map((r) => r.client))];
	const connections = new Map(
		await Promise.all(
			clients.map(async (c) => [
				c,
				await c.connections(requests.filter((r) => r.client === c).length)
			])
		)
	);
	const send = requests.map((r) => {
		const request = connections.get(r.client).pop();
		return () => request(r.method, r.path, { headers: r.headers, body: r.body });
	});
	const at = await ready();
	while (Date.now() < at) await new Promise((r) => setTimeout(r, Math.max(1, at - Date.now())));
	const started = performance.now();
	const answers = await Promise.all(send.map((go) => go()));
	const seconds = (performance.now() - started) / 1000;
	for (const c of clients) c.release();
	const times = answers.map((a) => a.ms);
	return {
		answers,
		figures: {
			requests: answers.length,
			rps: Math.round(answers.length / seconds),
			p50: percentile(times, 0.5),
			p99: percentile(times, 0.99),
			seconds: Math.round(seconds * 100) / 100,
			serverErrors: answers.filter((a) => a.status >= 500).length,
			socketErrors: answers.filter((a) => a.status === 0).length
		}
	};
}
