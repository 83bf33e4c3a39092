// Limits of the node:http server in serve.js, from the environment. Read here, before the app
// starts (like PORT and HOST), because they belong to the socket server, not to the app. Strict:
// a value that is not a whole number in range stops start-up naming the variable.

/** @typedef {{ headersTimeout: number, requestTimeout: number, keepAliveTimeout: number, maxConnections: number, maxHeadersCount: number }} ServerLimits */

/** [variable, property, default, min, max] */
const VARIABLES = /** @type {const} */ ([
	// Slow clients (slowloris): the whole header block must arrive within this time.
	['HTTP_HEADERS_TIMEOUT_MS', 'headersTimeout', 15_000, 100, 600_000],
	// The whole request, body included (slow bodies).
	['HTTP_REQUEST_TIMEOUT_MS', 'requestTimeout', 30_000, 100, 3_600_000],
	// An idle kept-alive connection is closed after this.
	['HTTP_KEEP_ALIVE_TIMEOUT_MS', 'keepAliveTimeout', 5_000, 100, 600_000],
	// Connections beyond this are closed at once (0: no limit).
	['HTTP_MAX_CONNECTIONS', 'maxConnections', 2_000, 0, 1_000_000],
	['HTTP_MAX_HEADERS', 'maxHeadersCount', 100, 1, 2_000]
]);

export class ServerLimitsError extends Error {}

/**
 * @param {Record<string, string | undefined>} env
 * @returns {ServerLimits}
 */
export function serverLimits(env) {
	const out = /** @type {ServerLimits} */ ({});
	const problems = [];
	for (const [name, key, fallback, min, max] of VARIABLES) {
		const raw = env[name];
		if (raw === undefined || raw === '') {
			out[key] = fallback;
			continue;
		}
		const value = /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
		if (!Number.isSafeInteger(value) || value < min || value > max) {
			problems.push(`${name}: expected a whole number from ${min} to ${max}, got "${raw}"`);
			continue;
		}
		out[key] = value;
	}
	if (problems.length === 0 && out.headersTimeout > out.requestTimeout) {
		problems.push('HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS');
	}
	if (problems.length > 0) {
		throw new ServerLimitsError(`Invalid configuration: ${problems.join('; ')}`);
	}
	return out;
}

const CLIENT_ERRORS = {
	HPE_HEADER_OVERFLOW: [431, 'Request header fields too large'],
	ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timeout']
};

/**
 * What node:http sends by itself when it cannot parse a request (too-large headers, a timeout,
 * malformed HTTP), in the error envelope instead of an empty body.
 * @param {{ code?: string }} error
 */
export function clientErrorResponse(error) {
	const [status, message] = CLIENT_ERRORS[
		/** @type {keyof typeof CLIENT_ERRORS} */ (error.code)
	] ?? [400, 'Bad request'];
	const body = JSON.stringify({ error: message });
	return (
		`HTTP/1.1 ${status} ${message}\r\ncontent-type: application/json\r\n` +
		`content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
	);
}
