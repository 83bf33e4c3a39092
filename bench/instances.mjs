// Throughput of the home page, of add-to-cart and of a route that only counts its rate limit, on
// the three ways to run orgweb (issue 18):
// SQLite with one instance (the default), PostgreSQL with one instance, PostgreSQL with two
// instances sharing the database (the load split over both, as a load balancer would).
// PostgreSQL runs on this machine with its default durability (a commit waits for its WAL to reach
// the disk), except where orgweb asks for less (stock reservations; see db/dialect.ts). SQLite
// runs as orgweb sets it up: WAL with synchronous=NORMAL.
//
//   node bench/instances.mjs      (part `instances` of `npm run bench`)
import autocannon from 'autocannon';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../scripts/pg-cluster.js';
import { QUICK, seconds } from './lib/load.mjs';
import { BENCH_LIMITS, ensureBuild, startOrgweb } from './lib/orgweb.mjs';
import { isMain } from './lib/servers.mjs';
import { fmtRatio, printTable, ratio } from './lib/table.mjs';

const CONNECTIONS = 50;
const DURATION = seconds('BENCH_INSTANCES_SECONDS', QUICK ? 2 : 8);

/**
 * One load spread over `urls` (one autocannon per instance, the connections split evenly, run
 * at once). `post`: add-to-cart as a browser without JavaScript sends it, a new visitor each
 * time (no cookie: every request also creates its anonymous session); 303 is its success.
 */
async function loadOver(urls, path, post) {
	const runs = await Promise.all(
		urls.map((url) =>
			autocannon({
				url: url + path,
				connections: Math.round(CONNECTIONS / urls.length),
				duration: DURATION,
				timeout: 10,
				...(post && {
					method: 'POST',
					headers: {
						'content-type': 'application/x-www-form-urlencoded',
						accept: 'text/html',
						origin: url
					},
					body: 'quantity=1'
				})
			})
		)
	);
	const expected = post ? '303' : '200';
	const count = (r, code) => r.statusCodeStats?.[code]?.count ?? 0;
	const requests = runs.reduce((n, r) => n + r.requests.total, 0);
	const good = runs.reduce((n, r) => n + count(r, expected), 0);
	const failed = runs.reduce((n, r) => n + r.errors + r.timeouts, 0) + (requests - good);
	return {
		rps: Math.round(runs.reduce((n, r) => n + r.requests.average, 0)),
		p99: Math.max(...runs.map((r) => r.latency.p99)),
		requests,
		failed,
		ok: failed === 0 && requests > 0
	};
}

async function measure(name, servers) {
	const urls = servers.map((s) => s.url);
	// Warm-up: the JIT and the first page renders are not what a running site costs.
	await loadOver(urls, '/en', false);
	const home = await loadOver(urls, '/en', false);
	const cart = await loadOver(urls, '/en/shop/sticker', true);
	// Counted by the rate limiter and nothing else touches the database: in memory on SQLite,
	// one upsert per request on PostgreSQL.
	const limited = await loadOver(urls, '/api/auth/check', false);
	for (const s of servers) s.assertAlive();
	return { setup: name, home, cart, limited };
}

// The sticker has no stock limit, so no add-to-cart is refused for want of stock.
const env = { ...BENCH_LIMITS, CRON_ENABLED: 'false' };

export async function instancesBench() {
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-instances-'));
	const cluster = await startCluster({ durable: true });
	const rows = [];
	try {
		const sqlite = await startOrgweb({
			databaseFile: join(dir, 'orgweb.db'),
			logFile: join(dir, 'sqlite.log'),
			env
		});
		try {
			rows.push(await measure('SQLite, 1 instance', [sqlite]));
		} finally {
			await sqlite.stop();
		}

		for (const count of [1, 2]) {
			const url = await freshDatabase(cluster.adminUrl, `bench_${count}`);
			const pgEnv = { ...env, DATABASE_URL: url };
			const servers = [];
			try {
				// One after the other: the first migrates and seeds.
				for (let i = 0; i < count; i++) {
					servers.push(
						await startOrgweb({
							databaseFile: '',
							logFile: join(dir, `pg${count}.log`),
							env: pgEnv
						})
					);
				}
				rows.push(await measure(`PostgreSQL, ${count} instance${count > 1 ? 's' : ''}`, servers));
			} finally {
				await Promise.all(servers.map((s) => s.stop()));
			}
		}
	} finally {
		cluster.stop();
		rmSync(dir, { recursive: true, force: true });
	}
	printInstances(rows);
	return { connections: CONNECTIONS, durationSeconds: DURATION, rows };
}

export async function freshDatabase(adminUrl, name) {
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	await admin.query(`drop database if exists ${name}`);
	await admin.query(`create database ${name}`);
	await admin.end();
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	return url.toString();
}

function printInstances(rows) {
	const base = rows[0];
	const cell = (r, b) =>
		r.ok
			? `${r.rps} rps (${fmtRatio(ratio(r.rps, b.rps))}), p99 ${r.p99} ms`
			: `${r.rps} rps, ${r.failed} of ${r.requests} failed FAILED`;
	console.log(
		`\nInstances: ${CONNECTIONS} connections for ${DURATION} s each, split over the instances; ratios against SQLite with one instance`
	);
	printTable(
		['setup', 'home page /en', 'add to cart (POST, new visitor)', '/api/auth/check (rate limit)'],
		rows.map((r) => [
			r.setup,
			cell(r.home, base.home),
			cell(r.cart, base.cart),
			cell(r.limited, base.limited)
		])
	);
}

if (isMain(import.meta.url)) {
	ensureBuild();
	await instancesBench();
}
