// The one place that reads process.env. Parsed once, on first use; a bad value stops start-up
// with one line naming the variable. Everything has a local default so nothing must be set.
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { parseLimit } from './http/rate-limit';

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
	/** Sign-in, registration, reset and invitation forms, per client address. */
	RATE_LIMIT_AUTH: limit.default({ max: 30, windowMs: 60_000 }),
	/** Unset: anyone may create an account; set: only addresses in these domains. */
	SIGNUP_EMAIL_DOMAINS: list.optional(),
	/** Verified e-mail addresses that have the admin role. */
	ADMIN_EMAILS: list.default([]),
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
	EXPENSE_ACCOUNT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13)
});

export interface VippsConfig {
	apiUrl: string;
	clientId: string;
	clientSecret: string;
	subscriptionKey: string;
	merchantSerialNumber: string;
}

export type Config = z.infer<typeof ConfigSchema> & {
	PAYMENT_CALLBACK_TOKEN: string;
	/** False when PAYMENT_CALLBACK_TOKEN was not set and a random one stands in (see app.ts). */
	paymentCallbackTokenSet: boolean;
	/** Whether the simulator's hosted page may take payments. */
	simulatorEnabled: boolean;
	/** Set exactly when PAYMENT_PROVIDER=vipps. */
	vipps: VippsConfig | null;
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
