// Serves the built app (adapter-node's handler) and says where. PORT=0 picks a free port,
// which the integration tests read from the "listening" line.
import { ServerResponse, createServer } from 'node:http';
import { SECURITY_HEADERS, requestIdOf } from './response-headers.js';
import { ServerLimitsError, clientErrorResponse, serverLimits } from './server-limits.js';

// adapter-node assumes https unless told otherwise. This server speaks plain HTTP, so it tells
// the handler the real protocol: http, or the proxy's x-forwarded-proto when TRUST_PROXY is on.
const OWN_PROTOCOL_HEADER = 'x-orgweb-protocol';
const useOwnProtocol = !process.env.ORIGIN && !process.env.PROTOCOL_HEADER;
if (useOwnProtocol) process.env.PROTOCOL_HEADER = OWN_PROTOCOL_HEADER;
const trustProxy = ['true', '1', 'yes'].includes(process.env.TRUST_PROXY ?? '');

let limits;
try {
	limits = serverLimits(process.env);
} catch (error) {
	if (!(error instanceof ServerLimitsError)) throw error;
	console.error(error.message);
	process.exit(1);
}

// Request bodies are limited by the app, per route (config.ts: BODY_SIZE_LIMIT, more on the upload
// routes; checked in hooks.server.ts before any route reads a body). adapter-node reads the same
// variable as it loads and would refuse every upload over it before the app could tell the routes
// apart, so it is given no limit of its own; the operator's value goes on as APP_BODY_SIZE_LIMIT.
process.env.APP_BODY_SIZE_LIMIT ??= process.env.BODY_SIZE_LIMIT ?? '';
process.env.BODY_SIZE_LIMIT = 'Infinity';

const { handler } = await import('../build/handler.js');

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || '0.0.0.0';

// A 304 updates the headers a browser stored with the page (RFC 9111 §4.3.4). SvelteKit's 304 for
// a page carries no CSP of its own, so the files' CSP set below would replace the page's, and the
// reloaded page would run none of its scripts and load none of its styles. A 304 sends no CSP: the
// stored one stays.
class Response extends ServerResponse {
	/** @param {number} status @param {...any} rest */
	writeHead(status, ...rest) {
		if (status === 304) this.removeHeader('content-security-policy');
		return super.writeHead(status, ...rest);
	}
}

const server = createServer(
	{
		ServerResponse: Response,
		headersTimeout: limits.headersTimeout,
		requestTimeout: limits.requestTimeout,
		keepAliveTimeout: limits.keepAliveTimeout,
		// How often the timeouts above are checked: often enough that short ones hold.
		connectionsCheckingInterval: Math.min(1000, Math.ceil(limits.headersTimeout / 2))
	},
	(req, res) => {
		// Every response's request id and security headers (see response-headers.js); the app reads
		// the id from the request and logs it.
		const id = requestIdOf(req.headers['x-request-id']);
		req.headers['x-request-id'] = id;
		res.setHeader('x-request-id', id);
		for (const name in SECURITY_HEADERS) res.setHeader(name, SECURITY_HEADERS[name]);
		if (useOwnProtocol) {
			const forwarded = trustProxy
				? String(req.headers['x-forwarded-proto'] ?? '')
						.split(',')[0]
						.trim()
				: '';
			req.headers[OWN_PROTOCOL_HEADER] = forwarded === 'https' ? 'https' : 'http';
		}
		handler(req, res);
	}
);
server.maxHeadersCount = limits.maxHeadersCount;
if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;

// Requests node:http cannot parse get the error envelope (as node's own handler does, nothing when
// the socket is gone or a response has already begun on it).
server.on('clientError', (error, socket) => {
	const answering = socket._httpMessage?.headersSent;
	if (error.code === 'ECONNRESET' || !socket.writable || answering) return socket.destroy();
	socket.end(clientErrorResponse(error));
});

server.listen(port, host, () => {
	const address = server.address();
	const actual = typeof address === 'object' && address ? address.port : port;
	const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
	console.log(`orgweb listening on http://${shown}:${actual}`);
});

// On SIGTERM or SIGINT: no new connections, idle ones closed, then — as adapter-node's own server
// does — `sveltekit:shutdown`, on which the app closes the schedule, the OCR worker (removing its
// temporary folder) and the database (app.ts); with nothing left to wait for, the process ends.
// Connections still busy after 3 s are cut, and a process still alive after 5 s exits regardless.
let stopping = false;
function shutdown(signal) {
	if (stopping) return;
	stopping = true;
	setTimeout(() => process.exit(0), 5000).unref();
	const cut = setTimeout(() => server.closeAllConnections(), 3000).unref();
	server.close(() => {
		clearTimeout(cut);
		process.emit('sveltekit:shutdown', signal);
	});
	server.closeIdleConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
