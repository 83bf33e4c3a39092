// Throughput and latency of orgweb's routes against the reference servers, measured in the same
// run, plus orgweb's resident memory idle, after the table and over repeated rounds of load.
//
//   node bench/http.mjs            (alone; bench/run.mjs runs it with the other benches)
//
// Loopback only; every load is bounded by its duration. Durations (seconds) from the environment:
// BENCH_SECONDS_1, BENCH_SECONDS_10, BENCH_SECONDS_50 (per route and connection count),
// BENCH_MEMORY_ROUNDS and BENCH_MEMORY_SECONDS (the repeated mixed load); BENCH_QUICK=1 shortens
// all of them for development runs.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUICK, failure, load, seconds, warm } from './lib/load.mjs';
import { BENCH_LIMITS, ensureBuild, firstLink, startOrgweb } from './lib/orgweb.mjs';
import {
	buildNextRef,
	buildSvelteKitRef,
	startBare,
	startNextRef,
	startSvelteKitRef
} from './lib/refs.mjs';
import { assertAllAlive, isMain, rssMb, settle, stopAll } from './lib/servers.mjs';
import { fmtMs, fmtRatio, printTable, ratio } from './lib/table.mjs';

export const GOALS = {
	pageVsSvelteKit: 0.6,
	pageVsNext: 5,
	healthVsSvelteKit: 0.9,
	p99Ms: 100,
	idleMb: 120,
	afterLoadMb: 200,
	roundGrowth: 0.05
};

export function settings() {
	return {
		connections: [1, 10, 50],
		seconds: {
			1: seconds('BENCH_SECONDS_1', QUICK ? 1 : 2),
			10: seconds('BENCH_SECONDS_10', QUICK ? 1 : 2),
			50: seconds('BENCH_SECONDS_50', QUICK ? 1.5 : 5)
		},
		memoryRounds: Math.round(seconds('BENCH_MEMORY_ROUNDS', 3)),
		memorySeconds: seconds('BENCH_MEMORY_SECONDS', QUICK ? 3 : 20)
	};
}

const PAGES = [
	'/en',
	'/en/events',
	'/en/shop',
	'/en/units',
	'/en/jobs/treasurer-oslo',
	'/en/safety/report'
];

export async function httpBench() {
	const cfg = settings();
	ensureBuild();
	const versions = { ...buildSvelteKitRef(), ...buildNextRef() };
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-http-'));
	const servers = [];
	try {
		const logFile = join(dir, 'orgweb.log');
		const orgweb = await startOrgweb({
			databaseFile: join(dir, 'orgweb.db'),
			logFile,
			env: BENCH_LIMITS
		});
		servers.push(orgweb);
		const bare = await startBare();
		servers.push(bare);
		const sveltekit = await startSvelteKitRef();
		servers.push(sveltekit);
		const next = await startNextRef();
		servers.push(next);
		console.log(
			`orgweb: NODE_ENV=production, LOG_LEVEL=info (request log to a file), fresh demo database; rate limits raised to ${BENCH_LIMITS.RATE_LIMIT_PUBLIC} so the load is measured, not refused`
		);

		const eventPage = await firstLink(orgweb.url, '/en/events', '/en/events/');
		const targets = [
			...[...PAGES, eventPage].map((path) => ({ server: orgweb, path, kind: 'page' })),
			{ server: orgweb, path: '/api/health', kind: 'api' },
			{ server: orgweb, path: '/api/auth/check', kind: 'api' },
			{ server: sveltekit, path: '/', kind: 'ref-page' },
			{ server: sveltekit, path: '/api/health', kind: 'ref-api' },
			{ server: next, path: '/', kind: 'ref-page' },
			{ server: next, path: '/api/health', kind: 'ref-api' },
			{ server: bare, path: '/', kind: 'ref-api' }
		];

		// Idle is read once the process has settled from start, before any request but the
		// health probe and the events list the event page was found on.
		await new Promise((r) => setTimeout(r, 1000));
		const idle = Object.fromEntries(servers.map((s) => [s.name, rssMb(s.pid)]));

		for (const t of targets) {
			await warm(t.server.url + t.path);
			await settle(t.server);
		}

		const rows = [];
		for (const connections of cfg.connections) {
			for (const t of targets) {
				const r = await load(t.server.url + t.path, {
					connections,
					duration: cfg.seconds[connections]
				});
				assertAllAlive(servers);
				await settle(t.server);
				rows.push({ server: t.server.name, path: t.path, kind: t.kind, connections, ...r });
				process.stdout.write('.');
			}
		}
		process.stdout.write('\n');
		addRatios(rows);
		const afterTable = rssMb(orgweb.pid);
		const refsAfterTable = {
			[sveltekit.name]: rssMb(sveltekit.pid),
			[next.name]: rssMb(next.pid)
		};

		// Repeated rounds of the same mixed page load: a leak shows as growth round over round.
		const mixed = [...PAGES, eventPage].map((p) => orgweb.url + p);
		const rounds = [];
		for (let i = 0; i < cfg.memoryRounds; i++) {
			const r = await load(mixed, { connections: 50, duration: cfg.memorySeconds });
			assertAllAlive(servers);
			await settle(orgweb);
			rounds.push({ round: i + 1, rssMb: rssMb(orgweb.pid), rps: r.rps, p99: r.p99, ok: r.ok });
		}
		const logLines = readFileSync(logFile, 'utf8').split('\n').length - 1;

		const memory = {
			orgweb: { idleMb: idle[orgweb.name], afterTableMb: afterTable, rounds },
			refs: {
				idleMb: {
					[bare.name]: idle[bare.name],
					[sveltekit.name]: idle[sveltekit.name],
					[next.name]: idle[next.name]
				},
				afterTableMb: refsAfterTable
			}
		};
		const result = {
			settings: cfg,
			versions,
			rateLimits: BENCH_LIMITS,
			eventPage,
			orgwebLogLines: logLines,
			rows,
			memory
		};
		result.goals = goals(result);
		printHttp(result);
		return result;
	} finally {
		await stopAll(servers);
		rmSync(dir, { recursive: true, force: true });
	}
}

/** Pages against the reference pages, API routes against the reference health endpoints. */
function addRatios(rows) {
	const find = (server, path, connections) =>
		rows.find((r) => r.server === server && r.path === path && r.connections === connections);
	for (const row of rows) {
		if (row.server !== 'orgweb') continue;
		const path = row.kind === 'page' ? '/' : '/api/health';
		row.vsSvelteKit = ratio(row.rps, find('minimal SvelteKit', path, row.connections)?.rps);
		row.vsNext = ratio(row.rps, find('minimal Next.js', path, row.connections)?.rps);
	}
}

function goals({ rows, memory }) {
	const at50 = rows.filter((r) => r.server === 'orgweb' && r.connections === 50);
	const pages = at50.filter((r) => r.kind === 'page');
	const health = at50.find((r) => r.path === '/api/health');
	const { rounds } = memory.orgweb;
	const roundGrowth =
		rounds.length > 1 ? (rounds.at(-1).rssMb - rounds[0].rssMb) / rounds[0].rssMb : null;
	const afterLoad = Math.max(memory.orgweb.afterTableMb, ...rounds.map((r) => r.rssMb));
	const list = [
		...pages.map((r) => ({
			goal: `${r.path}: ≥ ${GOALS.pageVsSvelteKit}× SvelteKit page, ≥ ${GOALS.pageVsNext}× Next page, p99 < ${GOALS.p99Ms} ms`,
			measured: `${fmtRatio(r.vsSvelteKit)}, ${fmtRatio(r.vsNext)}, p99 ${r.p99} ms`,
			holds:
				r.ok &&
				r.vsSvelteKit >= GOALS.pageVsSvelteKit &&
				r.vsNext >= GOALS.pageVsNext &&
				r.p99 < GOALS.p99Ms
		})),
		{
			goal: `/api/health: ≥ ${GOALS.healthVsSvelteKit}× SvelteKit health`,
			measured: fmtRatio(health?.vsSvelteKit ?? null),
			holds: Boolean(health?.ok) && health.vsSvelteKit >= GOALS.healthVsSvelteKit
		},
		{
			goal: `RSS idle < ${GOALS.idleMb} MB`,
			measured: `${memory.orgweb.idleMb} MB`,
			holds: memory.orgweb.idleMb < GOALS.idleMb
		},
		{
			goal: `RSS after load < ${GOALS.afterLoadMb} MB`,
			measured: `${afterLoad} MB (highest reading after the table and each round)`,
			holds: afterLoad < GOALS.afterLoadMb
		}
	];
	if (roundGrowth !== null)
		list.push({
			goal: `RSS flat over repeated loads (last round ≤ first + ${GOALS.roundGrowth * 100} %)`,
			measured: `${rounds.map((r) => r.rssMb).join(' → ')} MB (${(roundGrowth * 100).toFixed(1)} %)`,
			holds: roundGrowth <= GOALS.roundGrowth
		});
	return list;
}

export function printHttp({ rows, memory, goals: list, settings: cfg, orgwebLogLines }) {
	console.log(
		`\nThroughput and latency (autocannon; ${cfg.seconds[1]} s at 1, ${cfg.seconds[10]} s at 10, ${cfg.seconds[50]} s at 50 connections)`
	);
	console.log('× SK / × Next: pages against the reference page, API routes against its health');
	printTable(
		['server', 'route', 'conn', 'rps', 'p50 ms', 'p99 ms', '× SK', '× Next', 'failures'],
		rows.map((r) => [
			r.server,
			r.path,
			r.connections,
			r.rps,
			fmtMs(r.p50),
			fmtMs(r.p99),
			fmtRatio(r.vsSvelteKit ?? null),
			fmtRatio(r.vsNext ?? null),
			r.ok ? '' : failure(r)
		])
	);
	const failed = rows.filter((r) => !r.ok);
	if (failed.length > 0)
		console.log(`\n!! ${failed.length} load(s) had non-2xx answers or errors: figures flagged`);
	console.log(`orgweb wrote ${orgwebLogLines} log lines during the run`);

	console.log('\nResident memory (VmRSS, MB)');
	const { orgweb, refs } = memory;
	printTable(
		['process', 'idle', 'after table', ...orgweb.rounds.map((r) => `round ${r.round}`)],
		[
			['orgweb', orgweb.idleMb, orgweb.afterTableMb, ...orgweb.rounds.map((r) => r.rssMb)],
			...Object.entries(refs.idleMb).map(([name, mb]) => [
				name,
				mb,
				refs.afterTableMb[name] ?? '',
				...orgweb.rounds.map(() => '')
			])
		]
	);
	if (orgweb.rounds.length > 0)
		console.log(
			`rounds: ${cfg.memorySeconds} s each of mixed page load at 50 connections (${orgweb.rounds.map((r) => `${r.rps} rps`).join(', ')})`
		);
	printGoals(list);
}

export function printGoals(list, title = 'Goals of issue 17') {
	console.log(`\n${title}`);
	for (const g of list) console.log(`  ${g.holds ? 'holds ' : 'MISSED'}  ${g.goal}: ${g.measured}`);
}

if (isMain(import.meta.url)) await httpBench();
