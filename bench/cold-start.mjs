// Time from process start to the first healthy answer: orgweb on a fresh database (migrate +
// seed) and on an existing one, against a bare Node HTTP server as the baseline measured in the
// same run. Needs the build (rebuilt first when stale). Loopback only; stops by itself.
//
//   node bench/cold-start.mjs      (alone; BENCH_COLD_RUNS, default 5, runs of each)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, startOrgweb } from './lib/orgweb.mjs';
import { startBare } from './lib/refs.mjs';
import { isMain } from './lib/servers.mjs';
import { printTable, ratio } from './lib/table.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeToHealthy(start) {
	const server = await start();
	await server.stop();
	return server.startMs;
}

export async function coldStart({ runs = Number(process.env.BENCH_COLD_RUNS) || 5 } = {}) {
	ensureBuild();
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-cold-'));
	try {
		const bare = [];
		const fresh = [];
		const existing = [];
		for (let i = 0; i < runs; i++) {
			bare.push(await timeToHealthy(startBare));
			const databaseFile = join(dir, `cold-${i}.db`);
			fresh.push(await timeToHealthy(() => startOrgweb({ databaseFile })));
			existing.push(await timeToHealthy(() => startOrgweb({ databaseFile })));
		}
		const result = {
			runs,
			bareMs: Math.round(median(bare)),
			freshDatabaseMs: Math.round(median(fresh)),
			existingDatabaseMs: Math.round(median(existing))
		};
		console.log(`\nStart to first healthy response (median of ${runs})`);
		printTable(
			['server', 'ms', '× bare'],
			[
				['bare node:http (baseline)', result.bareMs, ''],
				[
					'orgweb, fresh database',
					result.freshDatabaseMs,
					`${ratio(result.freshDatabaseMs, result.bareMs)}×`
				],
				[
					'orgweb, existing database',
					result.existingDatabaseMs,
					`${ratio(result.existingDatabaseMs, result.bareMs)}×`
				]
			]
		);
		return result;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

if (isMain(import.meta.url)) await coldStart();
