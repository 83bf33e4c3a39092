// The HTTP server's limits (scripts/server-limits.js): defaults, strict parsing, and a bad value
// stopping start-up with one line naming the variable.
import { describe, expect, it } from 'vitest';
import { clientErrorResponse, serverLimits } from '../../scripts/server-limits.js';
import { runServerExpectingExit } from '../helpers/server';

describe('HTTP server limits from the environment', () => {
	it('has defaults that stop slow clients well before node’s own (60 s headers, 5 min request)', () => {
		expect(serverLimits({})).toEqual({
			headersTimeout: 15_000,
			requestTimeout: 30_000,
			keepAliveTimeout: 5_000,
			maxConnections: 2_000,
			maxHeadersCount: 100
		});
	});

	it('reads whole numbers, an empty value meaning unset', () => {
		const limits = serverLimits({
			HTTP_HEADERS_TIMEOUT_MS: '2000',
			HTTP_REQUEST_TIMEOUT_MS: ' 4000 ',
			HTTP_KEEP_ALIVE_TIMEOUT_MS: '',
			HTTP_MAX_CONNECTIONS: '0'
		});
		expect(limits).toMatchObject({
			headersTimeout: 2000,
			requestTimeout: 4000,
			keepAliveTimeout: 5000,
			maxConnections: 0
		});
	});

	it.each([
		['HTTP_HEADERS_TIMEOUT_MS', '10s'],
		['HTTP_HEADERS_TIMEOUT_MS', '1e4'],
		['HTTP_REQUEST_TIMEOUT_MS', '-1'],
		['HTTP_REQUEST_TIMEOUT_MS', '99'],
		['HTTP_KEEP_ALIVE_TIMEOUT_MS', '5000.5'],
		['HTTP_MAX_CONNECTIONS', 'lots'],
		['HTTP_MAX_HEADERS', '0']
	])('refuses %s=%s, naming the variable', (name, value) => {
		expect(() => serverLimits({ [name]: value })).toThrow(name);
	});

	it('refuses a headers timeout longer than the request timeout', () => {
		expect(() =>
			serverLimits({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '4000' })
		).toThrow('HTTP_HEADERS_TIMEOUT_MS');
	});

	it('a bad value stops start-up with one line naming it', async () => {
		const { code, output } = await runServerExpectingExit({ HTTP_REQUEST_TIMEOUT_MS: 'soon' });
		expect(code).toBe(1);
		expect(output).toContain('HTTP_REQUEST_TIMEOUT_MS: expected a whole number');
	});

	it('answers what node:http cannot parse in the error envelope', () => {
		const raw = clientErrorResponse({ code: 'HPE_HEADER_OVERFLOW' });
		expect(raw).toMatch(/^HTTP\/1\.1 431 /);
		expect(raw.endsWith('{"error":"Request header fields too large"}')).toBe(true);
		expect(clientErrorResponse({ code: 'HPE_INVALID_METHOD' })).toContain(
			'{"error":"Bad request"}'
		);
	});
});
