// The one place that reads process.env. Parsed once, on first use; a bad value stops start-up
// with one line naming the variable. Everything has a local default so nothing must be set.
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { parseLimit } from './rate-limit';

const bool = z
	.enum(['true', 'false', '1', '0', 'yes', 'no'])
	.transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number().int().min(0).max(65_535);

const limit = z.string().transform((value, ctx) => {
	const parsed = parseLimit(value);
	if (!parsed) {
		ctx.addIssue({ code: 'custom', message: 'expected "<requests>/<seconds>", e.g. 10/60' });
		return z.NEVER;
	}
	return parsed;
});

// "a.example, B.example" → ['a.example', 'b.example']; lower-cased, blanks dropped.
const list = z.string().transform((value) =>
	value
		.split(',')
		.map((v) => v.trim().toLowerCase())
		.filter((v) => v !== '')
);

export const OidcProviderSchema = z.object({
	id: z.string().regex(/^[a-z0-9-]{1,32}$/, 'lower-case letters, digits and dashes'),
	name: z.string().min(1).max(60),
	issuer: z.url({ protocol: /^https?$/ }),
	clientId: z.string().min(1),
	clientSecret: z.string().min(1),
	trustEmails: z.boolean().default(false)
});

const oidcProviders = z.string().transform((value, ctx) => {
	let parsed: unknown;
	try {
		parsed = JSON.parse(value);
	} catch {
		ctx.addIssue({ code: 'custom', message: 'expected a JSON array of providers' });
		return z.NEVER;
	}
	const result = z
		.array(OidcProviderSchema)
		.refine((ps) => new Set(ps.map((p) => p.id)).size === ps.length, 'provider ids must differ')
		.safeParse(parsed);
	if (!result.success) {
		for (const issue of result.error.issues) {
			ctx.addIssue({ code: 'custom', message: `${issue.path.join('.')}: ${issue.message}` });
		}
		return z.NEVER;
	}
	return result.data;
});

// "512K", "10M", "1G" or plain bytes, as adapter-node reads its BODY_SIZE_LIMIT (powers of 1024).
const bytes = z.string().transform((value, ctx) => {
	const match = /^\s*(\d{1,12})\s*([KMG]?)\s*$/i.exec(value);
	const unit = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[(match?.[2] ?? '').toUpperCase()];
	const parsed = match && unit ? Number(match[1]) * unit : NaN;
	if (!Number.isSafeInteger(parsed) || parsed < 1024) {
		ctx.addIssue({ code: 'custom', message: 'expected bytes (at least 1024), e.g. 512K or 2M' });
		return z.NEVER;
	}
	return parsed;
});

const accountKey = z
	.string()
	.refine(
		(v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v.trim()) && Buffer.from(v.trim(), 'base64').length === 32,
		'expected 32 random bytes in base64, e.g. from `openssl rand -base64 32`'
	);

export const ConfigSchema = z.object({
	/**
	 * The largest request body on every route but the upload routes (see uploadBodyLimit). Checked
	 * in the hook (http/body.ts); scripts/serve.js hands the value on under APP_BODY_SIZE_LIMIT.
	 */
	BODY_SIZE_LIMIT: bytes.default(512 * 1024),
	NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
	PORT: port.default(3000),
	HOST: z.string().min(1).default('0.0.0.0'),
	/** Unset: absolute links use the origin the request came in on. */
	PUBLIC_ORIGIN: z
		.url({ protocol: /^https?$/ })
		.transform((u) => u.replace(/\/+$/, ''))
		.optional(),
	LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
	DATABASE_FILE: z.string().min(1).default('data/orgweb.db'),
	/** postgres://user:password@host:port/database — set: PostgreSQL instead of DATABASE_FILE. */
	DATABASE_URL: z
		.url({ protocol: /^postgres(ql)?$/, error: 'expected postgres://user:password@host/database' })
		.optional(),
	/** The most PostgreSQL connections one instance opens. */
	DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
	/**
	 * How long a write waits for another connection's lock (PostgreSQL: also for a free pooled
	 * connection) before the request fails with 503.
	 */
	DATABASE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
	/** Where `npm run backup` and the pre-migration backup write; unset: backups/ next to the database. */
	BACKUP_DIR: z.string().min(1).optional(),
	SEED_DEMO: bool.default(true),
	SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
	CRON_ENABLED: bool.default(true),
	CRON_SECRET: z.string().optional(),
	TRUST_PROXY: bool.default(false),
	RATE_LIMIT_ANONYMOUS: limit.default({ max: 10, windowMs: 60_000 }),
	RATE_LIMIT_PUBLIC: limit.default({ max: 120, windowMs: 60_000 }),
	RATE_LIMIT_CONTACT: limit.default({ max: 5, windowMs: 600_000 }),
	/** Questions to the public assistant (POST /api/public-assistant), per client address. */
	RATE_LIMIT_ASSISTANT: limit.default({ max: 20, windowMs: 60_000 }),
	/**
	 * Safety reports sent, and follow-up attempts (receipt code and passphrase), each per client
	 * address, counted under a keyed hash of it (safety/anonymous-client.ts).
	 */
	RATE_LIMIT_SAFETY: limit.default({ max: 5, windowMs: 600_000 }),
	/** Job applications (the form on /jobs/{slug}), per client address; only complete ones count. */
	RATE_LIMIT_APPLICATION: limit.default({ max: 5, windowMs: 3_600_000 }),
	/**
	 * Registering for and unregistering from events (POST/DELETE /api/events/{id}/registration), per
	 * signed-in member, not per address: a campus network puts hundreds behind one address.
	 */
	RATE_LIMIT_REGISTRATION: limit.default({ max: 10, windowMs: 60_000 }),
	/** Sign-in, registration, reset and invitation forms, per client address. */
	RATE_LIMIT_AUTH: limit.default({ max: 30, windowMs: 60_000 }),
	/** Unset: anyone may create an account; set: only addresses in these domains. */
	SIGNUP_EMAIL_DOMAINS: list.optional(),
	/** Verified e-mail addresses that have the admin role. */
	ADMIN_EMAILS: list.default([]),
	/**
	 * Verified e-mail addresses with the safety role: they read and answer safety reports. Admins
	 * do not have it unless named here or given it by another holder (safety_grants).
	 */
	SAFETY_EMAILS: list.default([]),
	/** OpenID Connect providers, a JSON array of { id, name, issuer, clientId, clientSecret }. */
	OIDC_PROVIDERS: oidcProviders.default([]),
	LEADERSHIP_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
	/** Pages rendered for visitors without a session are kept this long; 0 turns the cache off. */
	PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
	/** The most memory the kept pages may take, in megabytes. */
	PAGE_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(16),
	PAYMENT_PROVIDER: z.enum(['simulator', 'vipps']).default('simulator'),
	PAYMENT_CALLBACK_TOKEN: z.string().min(16).optional(),
	/** Unset: on unless NODE_ENV=production (`npm start` turns it on for the demo; see decisions). */
	PAYMENT_SIMULATOR_ENABLED: bool.optional(),
	VIPPS_API_URL: z
		.url({ protocol: /^https?$/ })
		.transform((u) => u.replace(/\/+$/, ''))
		.default('https://apitest.vipps.no'),
	VIPPS_CLIENT_ID: z.string().min(1).optional(),
	VIPPS_CLIENT_SECRET: z.string().min(1).optional(),
	VIPPS_SUBSCRIPTION_KEY: z.string().min(1).optional(),
	VIPPS_MERCHANT_SERIAL_NUMBER: z
		.string()
		.regex(/^\d{4,10}$/)
		.optional(),
	/** Unset: mail is kept in the mail_outbox table and logged, not sent. */
	SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
	MAIL_FROM: z.string().min(3).default('orgweb <noreply@localhost>'),
	/**
	 * Bulk notices (reminders, registration opening, an event changed) sent per minute, over all
	 * instances; receipts and other single mails go at once. 120 (docs/decisions.md): 2,000
	 * reminders in under 17 minutes, below the hourly caps common SMTP relays start at.
	 */
	MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
	/** Where contact-form messages are sent. */
	CONTACT_TO: z.email().default('post@example.org'),

	// Files
	/** Where uploads are kept; unset: files/ next to DATABASE_FILE. */
	FILES_DIR: z.string().min(1).optional(),
	/** The largest upload accepted, in bytes. */
	FILES_MAX_BYTES: z.coerce
		.number()
		.int()
		.min(1024)
		.max(100 * 1024 * 1024)
		.default(10 * 1024 * 1024),
	/** The most files one form post may carry (the claim form refuses more: too_many_files). */
	FILES_MAX_PER_REQUEST: z.coerce.number().int().min(1).max(20).default(5),
	/** The most pages, and characters of text, an assistant document may have (documents/). */
	DOCUMENTS_MAX_PAGES: z.coerce.number().int().min(1).max(5000).default(300),
	DOCUMENTS_MAX_CHARACTERS: z.coerce.number().int().min(1000).max(20_000_000).default(1_000_000),
	/** The most one receipt photo's OCR may take before it is refused (receipts/ocr.ts). */
	OCR_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),

	// --- Expenses ---
	/** AES-256-GCM key for payout accounts (base64, 32 bytes); unset: a key file in the data folder. */
	EXPENSE_ACCOUNT_KEY: accountKey.optional(),
	/** Earlier keys, still able to decrypt after a rotation; comma-separated base64. */
	EXPENSE_ACCOUNT_OLD_KEYS: z
		.string()
		.transform((v) =>
			v
				.split(',')
				.map((k) => k.trim())
				.filter((k) => k !== '')
		)
		.pipe(z.array(accountKey))
		.default([]),
	/** The largest amount of one line (øre); above it the line is refused as absurd. */
	EXPENSE_MAX_LINE_ORE: z.coerce.number().int().min(100).max(100_000_000).default(5_000_000),
	/** A line above this (øre) needs the finance role's approval, not only a leader's. */
	EXPENSE_FINANCE_LIMIT_ORE: z.coerce.number().int().min(0).max(100_000_000).default(500_000),
	/** Mileage allowance per kilometre (øre); the state rate changes yearly. */
	EXPENSE_MILEAGE_RATE_ORE: z.coerce.number().int().min(0).max(10_000).default(350),
	/** Receipts older than this many days are refused. */
	EXPENSE_RECEIPT_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
	/** Months after payment the payout account is erased. */
	EXPENSE_ACCOUNT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),

	// --- Assistant (language model) ---
	/**
	 * An OpenAI-compatible API up to (not including) /chat/completions, query allowed; for Azure
	 * OpenAI the deployment's URL. Unset: no model, the assistant answers from retrieval alone.
	 */
	AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
	/** Unset: no key is sent (Ollama, llama.cpp server, a local vLLM). */
	AI_API_KEY: z.string().min(1).optional(),
	/** Required with AI_BASE_URL except in Azure's dialect, where the URL's deployment is the model. */
	AI_MODEL: z.string().min(1).max(200).optional(),
	/** `authorization` (Bearer) or `api-key` (Azure); unset: api-key exactly for Azure hosts. */
	AI_API_KEY_HEADER: z.enum(['authorization', 'api-key']).optional(),
	/** Azure's api-version query parameter; unset: the URL's own, else AZURE_API_VERSION on Azure. */
	AI_API_VERSION: z
		.string()
		.regex(/^\d{4}-\d{2}-\d{2}(-preview)?$/, 'expected a date such as 2024-10-21')
		.optional(),
	/** How long one attempt may wait for the answer (a stream: for each next piece of it). */
	AI_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(20_000),
	/**
	 * Days the assistant keeps the questions it could not answer and the ratings of its answers
	 * (text only, nothing that names who asked), for the admins' list of what the site misses.
	 */
	ASSISTANT_QUESTIONS_DAYS: z.coerce.number().int().min(1).max(730).default(90),
	/**
	 * Days a job application (text, files, notes, e-mails) is kept after its job's deadline before
	 * the cleanup job deletes it (applications/retention.ts); about six months by default.
	 */
	APPLICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(183),
	/**
	 * The longest an index of the site's content is used before it is built again; a write rebuilds
	 * it at once, this only catches what time alone changes (a news item scheduled for now).
	 */
	ASSISTANT_INDEX_MAX_AGE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600)
});

export interface VippsConfig {
	apiUrl: string;
	clientId: string;
	clientSecret: string;
	subscriptionKey: string;
	merchantSerialNumber: string;
}

export interface AiConfig {
	/** The chat-completions endpoint, with any query parameters (api-version). */
	endpoint: string;
	/** Sent as the `model` field; null on Azure without AI_MODEL (the deployment decides). */
	model: string | null;
	apiKey: string | null;
	keyHeader: 'authorization' | 'api-key';
	timeoutMs: number;
}

export type Config = z.infer<typeof ConfigSchema> & {
	PAYMENT_CALLBACK_TOKEN: string;
	/** False when PAYMENT_CALLBACK_TOKEN was not set and a random one stands in (see app.ts). */
	paymentCallbackTokenSet: boolean;
	/** Whether the simulator's hosted page may take payments. */
	simulatorEnabled: boolean;
	/** Set exactly when PAYMENT_PROVIDER=vipps. */
	vipps: VippsConfig | null;
	/** Set exactly when AI_BASE_URL is: the model the assistant may ask. */
	ai: AiConfig | null;
	/** FILES_DIR, or its default beside the database. */
	FILES_DIR: string;
	/**
	 * The largest request body on an upload route: FILES_MAX_PER_REQUEST files of FILES_MAX_BYTES
	 * and 1 MiB for the form's other fields and the multipart framing (never below BODY_SIZE_LIMIT).
	 */
	uploadBodyLimit: number;
};

const VIPPS_REQUIRED = [
	'VIPPS_CLIENT_ID',
	'VIPPS_CLIENT_SECRET',
	'VIPPS_SUBSCRIPTION_KEY',
	'VIPPS_MERCHANT_SERIAL_NUMBER',
	// Vipps calls back long after a restart; a per-process random token would refuse those calls.
	'PAYMENT_CALLBACK_TOKEN'
] as const;

/** Room in an upload post for the form's other fields and the multipart framing. */
const UPLOAD_FORM_OVERHEAD = 1024 * 1024;

/** A generally available Azure OpenAI API version, used when neither the URL nor AI_API_VERSION has one. */
export const AZURE_API_VERSION = '2024-10-21';

const isAzureHost = (host: string) =>
	/\.(openai\.azure\.com|cognitiveservices\.azure\.com)$/i.test(host);

/** AI_BASE_URL and its companions as the model client needs them; null without AI_BASE_URL. */
function aiConfig(c: z.infer<typeof ConfigSchema>): AiConfig | null {
	if (!c.AI_BASE_URL) return null;
	const url = new URL(c.AI_BASE_URL);
	const azure = isAzureHost(url.hostname);
	const keyHeader = c.AI_API_KEY_HEADER ?? (azure ? 'api-key' : 'authorization');
	// In Azure's dialect the deployment in the URL names the model.
	if (!c.AI_MODEL && keyHeader !== 'api-key') {
		throw new ConfigError('Invalid configuration: AI_MODEL: required when AI_BASE_URL is set');
	}
	// Accept the endpoint itself as well as its base, as operators copy either from their docs.
	const path = url.pathname.replace(/\/+$/, '');
	url.pathname = path.endsWith('/chat/completions') ? path : `${path}/chat/completions`;
	if (c.AI_API_VERSION) url.searchParams.set('api-version', c.AI_API_VERSION);
	else if (azure && !url.searchParams.has('api-version')) {
		url.searchParams.set('api-version', AZURE_API_VERSION);
	}
	return {
		endpoint: url.toString(),
		model: c.AI_MODEL ?? null,
		apiKey: c.AI_API_KEY ?? null,
		keyHeader,
		timeoutMs: c.AI_TIMEOUT_MS
	};
}

export class ConfigError extends Error {
	override name = 'ConfigError';
}

/** Parse an environment; throws a ConfigError whose message names every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
	// An empty variable means "not set", as in most .env tooling.
	const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
	// scripts/serve.js gives adapter-node no body limit of its own (the hook checks each route's)
	// and passes the operator's BODY_SIZE_LIMIT on under this name, empty when it was not set.
	if (env.APP_BODY_SIZE_LIMIT !== undefined) {
		delete present.BODY_SIZE_LIMIT;
		if (present.APP_BODY_SIZE_LIMIT) present.BODY_SIZE_LIMIT = present.APP_BODY_SIZE_LIMIT;
	}
	const result = ConfigSchema.safeParse(present);
	if (!result.success) {
		const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
		throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
	}
	const c = result.data;
	let vipps: VippsConfig | null = null;
	if (c.PAYMENT_PROVIDER === 'vipps') {
		const missing = VIPPS_REQUIRED.filter((name) => !c[name]);
		if (missing.length > 0) {
			const lines = missing.map((name) => `${name}: required when PAYMENT_PROVIDER=vipps`);
			throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
		}
		vipps = {
			apiUrl: c.VIPPS_API_URL,
			clientId: c.VIPPS_CLIENT_ID!,
			clientSecret: c.VIPPS_CLIENT_SECRET!,
			subscriptionKey: c.VIPPS_SUBSCRIPTION_KEY!,
			merchantSerialNumber: c.VIPPS_MERCHANT_SERIAL_NUMBER!
		};
	}
	return {
		...c,
		FILES_DIR: c.FILES_DIR ?? join(dirname(c.DATABASE_FILE), 'files'),
		uploadBodyLimit: Math.max(
			c.BODY_SIZE_LIMIT,
			c.FILES_MAX_BYTES * c.FILES_MAX_PER_REQUEST + UPLOAD_FORM_OVERHEAD
		),
		vipps,
		ai: aiConfig(c),
		simulatorEnabled:
			c.PAYMENT_PROVIDER === 'simulator' &&
			(c.PAYMENT_SIMULATOR_ENABLED ?? c.NODE_ENV !== 'production'),
		// The simulator is the only caller of the callback route when no token is configured,
		// so a random token keeps the route closed to everyone else (app.ts shares it between
		// the instances of one database).
		PAYMENT_CALLBACK_TOKEN: c.PAYMENT_CALLBACK_TOKEN ?? randomBytes(32).toString('base64url'),
		paymentCallbackTokenSet: c.PAYMENT_CALLBACK_TOKEN !== undefined
	};
}

let cached: Config | undefined;

export function config(): Config {
	cached ??= parseConfig(process.env);
	return cached;
}
