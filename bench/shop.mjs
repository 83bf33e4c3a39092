// The shop's database figures from bench/shop.bench.ts (vitest bench on a real SQLite file):
// reservations per second with 200 buyers contending for 10 units, against a plain insert as the
// baseline, and cleanup of 100,000 expired reservations, bulk against one by one.
//
//   node bench/shop.mjs            (or `npx vitest bench --run --dir bench` for vitest's tables)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/orgweb.mjs';
import { isMain } from './lib/servers.mjs';
import { printTable, ratio } from './lib/table.mjs';

const BUYERS = 200;
const ROWS = 100_000;

export function shopBench() {
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-shop-'));
	try {
		const report = join(dir, 'shop.json');
		const run = spawnSync(
			join(ROOT, 'node_modules/.bin/vitest'),
			['bench', '--run', '--dir', 'bench', '--outputJson', report],
			{ cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 16 << 20 }
		);
		if (run.status !== 0) {
			process.stderr.write(run.stdout + run.stderr);
			throw new Error(`vitest bench failed (exit ${run.status})`);
		}
		const json = JSON.parse(readFileSync(report, 'utf8'));
		const benches = json.files.flatMap((f) => f.groups.flatMap((g) => g.benchmarks));
		const mean = (prefix) => benches.find((b) => b.name.startsWith(prefix)).mean;
		const reserveMs = mean('atomic check-and-reserve');
		const insertMs = mean('baseline: plain insert');
		const bulkMs = mean('one bulk DELETE');
		const oneByOneMs = mean('one by one');
		const result = {
			contention: {
				buyers: BUYERS,
				units: 10,
				reserveAttemptsPerSecond: Math.round((BUYERS / reserveMs) * 1000),
				plainInsertsPerSecond: Math.round((BUYERS / insertMs) * 1000),
				msPerRound: Math.round(reserveMs * 10) / 10,
				baselineMsPerRound: Math.round(insertMs * 10) / 10
			},
			cleanup: {
				rows: ROWS,
				bulkMs: Math.round(bulkMs),
				oneByOneMs: Math.round(oneByOneMs)
			}
		};
		console.log(
			`\nShop on SQLite: ${BUYERS} concurrent buyers of one product with 10 in stock; cleanup of ${ROWS.toLocaleString('en')} expired reservations`
		);
		printTable(
			['measure', 'figure', 'baseline', '× baseline'],
			[
				[
					'check-and-reserve attempts/s (10 win per round)',
					result.contention.reserveAttemptsPerSecond,
					`${result.contention.plainInsertsPerSecond} plain inserts/s`,
					`${ratio(result.contention.reserveAttemptsPerSecond, result.contention.plainInsertsPerSecond)}×`
				],
				[
					'cleanup, one bulk DELETE (ms)',
					result.cleanup.bulkMs,
					`${result.cleanup.oneByOneMs} ms one by one`,
					`${ratio(result.cleanup.bulkMs, result.cleanup.oneByOneMs)}×`
				]
			]
		);
		return result;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

if (isMain(import.meta.url)) shopBench();
