// orgweb as the benches run it: the production build from build/ (rebuilt first when missing or
// older than the sources), served by scripts/serve.js on a fresh database with production
// defaults. Only the rate limits are raised, so that the load is measured instead of refused.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuildStale } from '../../scripts/build-state.js';
import { startServer } from './servers.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A verified account with a session valid for a day, written into a bench database (a
 * better-sqlite3 handle); its id and the session's secret (the cookie's value).
 */
export function insertSession(db, email, name) {
	const at = new Date().toISOString();
	const userId = randomUUID();
	const secret = randomBytes(32).toString('base64url');
	db.prepare(
		'insert into users (id, email, name, is_anonymous, created_at, email_verified_at) values (?, ?, ?, 0, ?, ?)'
	).run(userId, email, name, at, at);
	db.prepare(
		'insert into sessions (id, user_id, secret_hash, created_at, expires_at) values (?, ?, ?, ?, ?)'
	).run(
		randomUUID(),
		userId,
		createHash('sha256').update(secret).digest('hex'),
		at,
		new Date(Date.now() + 86_400_000).toISOString()
	);
	return { userId, secret };
}

/** Raised limits (the highest config.ts accepts), stated in every report that uses them. */
export const BENCH_LIMITS = {
	RATE_LIMIT_PUBLIC: '999999/1',
	RATE_LIMIT_ANONYMOUS: '999999/1',
	RATE_LIMIT_AUTH: '999999/1',
	RATE_LIMIT_CONTACT: '999999/1'
};

/** Runs a build step with its chatter kept back; shows it only when the step fails. */
export function quietly(command, args, options) {
	const run = spawnSync(command, args, { ...options, encoding: 'utf8', maxBuffer: 64 << 20 });
	if (run.status !== 0) {
		process.stderr.write(run.stdout + run.stderr);
		throw new Error(`${command} ${args.join(' ')} failed (exit ${run.status})`);
	}
}

/** Runs `npm run build` when build/ is missing or older than the sources; true when it built. */
export function ensureBuild() {
	if (!isBuildStale(ROOT)) return false;
	console.log('build/ is missing or older than the sources: npm run build …');
	quietly('npm', ['run', 'build', '--silent'], { cwd: ROOT });
	return true;
}

// The Node flags `npm start` runs the server with (package.json), so the bench measures it as shipped;
// BENCH_SERVER_FLAGS adds some for a look inside (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: Node
// refuses them in NODE_OPTIONS).
const START_FLAGS = [
	...JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
		.scripts.start.split(/\s+/)
		.filter((arg) => arg.startsWith('--')),
	...(process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? [])
];

/**
 * Starts the built orgweb on `databaseFile` (created, migrated and seeded when new) with the
 * production defaults: NODE_ENV=production, LOG_LEVEL=info (one line per request, written to
 * `logFile`), the in-process cron on. `env` overrides, e.g. the raised rate limits.
 */
export function startOrgweb({ databaseFile, logFile, env = {} }) {
	return startServer({
		name: 'orgweb',
		args: [...START_FLAGS, join(ROOT, 'bench/lib/orgweb-server.mjs')],
		cwd: ROOT,
		env: {
			NODE_ENV: 'production',
			LOG_LEVEL: 'info',
			DATABASE_FILE: databaseFile,
			...env
		},
		healthPath: '/api/health',
		logFile,
		listening: /orgweb listening on http:\/\/[^:\s]+:(\d+)/,
		timeoutMs: 60_000
	});
}

/** The first link on `listPath` under `prefix` (e.g. an event page from /en/events). */
export async function firstLink(baseUrl, listPath, prefix) {
	const html = await (await fetch(baseUrl + listPath)).text();
	const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
	const re = new RegExp(`href="(${escaped}[^"?#/]+)"`, 'g');
	for (const [, href] of html.matchAll(re)) {
		if (!href.endsWith('.ics') && !href.endsWith('.xml')) return href;
	}
	throw new Error(`no link under ${prefix} on ${listPath}`);
}
