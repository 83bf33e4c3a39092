import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('configuration', () => {
	it('starts with nothing set, on local defaults', () => {
		const c = parseConfig({});
		expect(c.PORT).toBe(3000);
		expect(c.PUBLIC_ORIGIN).toBeUndefined();
		expect(c.DATABASE_FILE).toBe('data/orgweb.db');
		expect(c.CRON_ENABLED).toBe(true);
		expect(c.PAYMENT_PROVIDER).toBe('simulator');
		expect(c.PAYMENT_CALLBACK_TOKEN.length).toBeGreaterThanOrEqual(32);
	});

	it('names the variable that is malformed', () => {
		expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
		expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
		expect(() => parseConfig({ CRON_ENABLED: 'sometimes' })).toThrow(/CRON_ENABLED/);
		expect(() => parseConfig({ PUBLIC_ORIGIN: 'ftp://x' })).toThrow(/PUBLIC_ORIGIN/);
	});

	it('keeps uploads beside the database unless FILES_DIR says otherwise, at most 10 MB each', () => {
		expect(parseConfig({}).FILES_DIR).toBe('data/files');
		expect(parseConfig({ DATABASE_FILE: '/srv/db/site.db' }).FILES_DIR).toBe('/srv/db/files');
		expect(parseConfig({ FILES_DIR: '/mnt/shared/files' }).FILES_DIR).toBe('/mnt/shared/files');
		expect(parseConfig({}).FILES_MAX_BYTES).toBe(10 * 1024 * 1024);
		expect(parseConfig({ FILES_MAX_BYTES: '2097152' }).FILES_MAX_BYTES).toBe(2 * 1024 * 1024);
		expect(() => parseConfig({ FILES_MAX_BYTES: '10MB' })).toThrow(/FILES_MAX_BYTES/);
	});

	it('limits request bodies to 512 kB, upload posts to five files of FILES_MAX_BYTES and 1 MiB', () => {
		const c = parseConfig({});
		expect(c.BODY_SIZE_LIMIT).toBe(512 * 1024);
		expect(c.FILES_MAX_PER_REQUEST).toBe(5);
		expect(c.uploadBodyLimit).toBe(5 * 10 * 1024 * 1024 + 1024 * 1024);
		const small = parseConfig({ FILES_MAX_BYTES: '1048576', FILES_MAX_PER_REQUEST: '2' });
		expect(small.uploadBodyLimit).toBe(3 * 1024 * 1024);
		expect(parseConfig({ BODY_SIZE_LIMIT: '2M' }).BODY_SIZE_LIMIT).toBe(2 * 1024 * 1024);
		expect(parseConfig({ BODY_SIZE_LIMIT: '700k' }).BODY_SIZE_LIMIT).toBe(700 * 1024);
		expect(parseConfig({ BODY_SIZE_LIMIT: '4096' }).BODY_SIZE_LIMIT).toBe(4096);
		// An upload route never takes less than any other route.
		expect(parseConfig({ BODY_SIZE_LIMIT: '1G' }).uploadBodyLimit).toBe(1024 ** 3);
		for (const bad of ['lots', '10MB', '-1', 'Infinity', '12']) {
			expect(() => parseConfig({ BODY_SIZE_LIMIT: bad }), bad).toThrow(/BODY_SIZE_LIMIT/);
		}
		expect(() => parseConfig({ FILES_MAX_PER_REQUEST: '0' })).toThrow(/FILES_MAX_PER_REQUEST/);
	});

	it("reads the operator's body limit as serve.js hands it on, past the adapter's own", () => {
		const handedOn = { BODY_SIZE_LIMIT: 'Infinity', APP_BODY_SIZE_LIMIT: '1M' };
		expect(parseConfig(handedOn).BODY_SIZE_LIMIT).toBe(1024 * 1024);
		const unset = { BODY_SIZE_LIMIT: 'Infinity', APP_BODY_SIZE_LIMIT: '' };
		expect(parseConfig(unset).BODY_SIZE_LIMIT).toBe(512 * 1024);
	});

	it('names every bad variable at once', () => {
		expect(() => parseConfig({ PORT: '-1', LOG_LEVEL: 'loud' })).toThrow(/PORT.*LOG_LEVEL/);
	});

	it('reads rate limits as requests per seconds and names a malformed one', () => {
		expect(parseConfig({ RATE_LIMIT_PUBLIC: '5/10' }).RATE_LIMIT_PUBLIC).toEqual({
			max: 5,
			windowMs: 10_000
		});
		expect(parseConfig({}).RATE_LIMIT_ANONYMOUS).toEqual({ max: 10, windowMs: 60_000 });
		expect(() => parseConfig({ RATE_LIMIT_ANONYMOUS: 'lots' })).toThrow(/RATE_LIMIT_ANONYMOUS/);
	});

	it('treats an empty variable as unset', () => {
		expect(parseConfig({ PORT: '' }).PORT).toBe(3000);
	});

	it('drops a trailing slash from the public origin', () => {
		expect(parseConfig({ PUBLIC_ORIGIN: 'https://org.example/' }).PUBLIC_ORIGIN).toBe(
			'https://org.example'
		);
	});
});
