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

	it('asks no model unless AI_BASE_URL is set, and then needs a model name', () => {
		expect(parseConfig({}).ai).toBeNull();
		expect(() => parseConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/AI_MODEL/);
		expect(() => parseConfig({ AI_BASE_URL: 'localhost:11434' })).toThrow(/AI_BASE_URL/);
		expect(() =>
			parseConfig({ AI_BASE_URL: 'http://x/v1', AI_MODEL: 'm', AI_TIMEOUT_MS: '0' })
		).toThrow(/AI_TIMEOUT_MS/);
	});

	it('sends a bearer key to an OpenAI-compatible server, or none when no key is set', () => {
		const ollama = parseConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_MODEL: 'llama3.2' });
		expect(ollama.ai).toEqual({
			endpoint: 'http://127.0.0.1:11434/v1/chat/completions',
			model: 'llama3.2',
			apiKey: null,
			keyHeader: 'authorization',
			timeoutMs: 20_000
		});
		const openai = parseConfig({
			AI_BASE_URL: 'https://api.openai.com/v1',
			AI_API_KEY: 'sk-test',
			AI_MODEL: 'gpt-4o-mini',
			AI_TIMEOUT_MS: '5000'
		}).ai;
		expect(openai).toMatchObject({
			apiKey: 'sk-test',
			keyHeader: 'authorization',
			timeoutMs: 5000
		});
		// The full endpoint, as some servers' docs print it, is taken as it is.
		const full = parseConfig({ AI_BASE_URL: 'http://gpu:8000/v1/chat/completions', AI_MODEL: 'm' });
		expect(full.ai?.endpoint).toBe('http://gpu:8000/v1/chat/completions');
	});

	it("speaks Azure OpenAI's dialect on an Azure host: api-key header and an api-version", () => {
		const azure = parseConfig({
			AI_BASE_URL: 'https://contoso.openai.azure.com/openai/deployments/gpt4o',
			AI_API_KEY: 'azure-key'
		}).ai;
		expect(azure).toMatchObject({ keyHeader: 'api-key', model: null, apiKey: 'azure-key' });
		expect(azure?.endpoint).toBe(
			'https://contoso.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21'
		);
		const pinned = parseConfig({
			AI_BASE_URL:
				'https://contoso.cognitiveservices.azure.com/openai/deployments/gpt4o?api-version=2024-06-01',
			AI_API_KEY: 'azure-key'
		}).ai;
		expect(pinned?.endpoint).toBe(
			'https://contoso.cognitiveservices.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-06-01'
		);
		// Behind a gateway the host says nothing; the operator names the header and version.
		const gateway = parseConfig({
			AI_BASE_URL: 'https://llm-gateway.example/openai/deployments/gpt4o',
			AI_API_KEY: 'k',
			AI_MODEL: 'gpt-4o',
			AI_API_KEY_HEADER: 'api-key',
			AI_API_VERSION: '2025-01-01-preview'
		}).ai;
		expect(gateway?.keyHeader).toBe('api-key');
		expect(new URL(gateway!.endpoint).searchParams.get('api-version')).toBe('2025-01-01-preview');
		expect(() => parseConfig({ AI_API_KEY_HEADER: 'x-key' })).toThrow(/AI_API_KEY_HEADER/);
		expect(() => parseConfig({ AI_API_VERSION: 'latest' })).toThrow(/AI_API_VERSION/);
	});
});
