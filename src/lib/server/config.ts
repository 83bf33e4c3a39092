// The one place that reads process.env. Parsed once, on first use; a bad value stops start-up
// with one line naming the variable. Everything has a local default so nothing must be set.
import { randomBytes } from 'node:crypto';
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

export const ConfigSchema = z.object({
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
	SEED_DEMO: bool.default(true),
	SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
	CRON_ENABLED: bool.default(true),
	CRON_SECRET: z.string().optional(),
	TRUST_PROXY: bool.default(false),
	RATE_LIMIT_ANONYMOUS: limit.default({ max: 10, windowMs: 60_000 }),
	RATE_LIMIT_PUBLIC: limit.default({ max: 120, windowMs: 60_000 }),
	RATE_LIMIT_CONTACT: limit.default({ max: 5, windowMs: 600_000 }),
	LEADERSHIP_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
	PAYMENT_PROVIDER: z.enum(['simulator', 'vipps']).default('simulator'),
	PAYMENT_CALLBACK_TOKEN: z.string().min(16).optional(),
	/** Unset: mail is kept in the mail_outbox table and logged, not sent. */
	SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
	MAIL_FROM: z.string().min(3).default('orgweb <noreply@localhost>'),
	/** Where contact-form messages are sent. */
	CONTACT_TO: z.email().default('post@example.org')
});

export type Config = z.infer<typeof ConfigSchema> & { PAYMENT_CALLBACK_TOKEN: string };

export class ConfigError extends Error {
	override name = 'ConfigError';
}

/** Parse an environment; throws a ConfigError whose message names every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
	// An empty variable means "not set", as in most .env tooling.
	const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
	const result = ConfigSchema.safeParse(present);
	if (!result.success) {
		const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
		throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
	}
	const c = result.data;
	return {
		...c,
		// The simulator is the only caller of the callback route when no token is configured,
		// so a per-process random token keeps the route closed to everyone else.
		PAYMENT_CALLBACK_TOKEN: c.PAYMENT_CALLBACK_TOKEN ?? randomBytes(32).toString('base64url')
	};
}

let cached: Config | undefined;

export function config(): Config {
	cached ??= parseConfig(process.env);
	return cached;
}
