// `npm run bench`: every benchmark in one run, so that each figure has its baseline measured
// under the same conditions. Prints each part's table as it goes, the goals of issue 17 at the
// end, and writes everything to bench/results.json.
//
// BENCH_QUICK=1 shortens every load (development runs);
// BENCH_ONLY=http,growth,cold,weight,shop,instances,registration,checkin,expenses,signedin,assistant,mail runs
// some parts only.
// Durations: see bench/README.md.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { assistantBench, printAssistantSummary } from './assistant.mjs';
import { coldStart } from './cold-start.mjs';
import { dataGrowth } from './data-growth.mjs';
import { checkinBench } from './checkin.mjs';
import { expensesBench } from './expenses.mjs';
import { httpBench, printGoals } from './http.mjs';
import { instancesBench } from './instances.mjs';
import { mailBench } from './mail.mjs';
import { QUICK } from './lib/load.mjs';
import { registrationBench } from './registration.mjs';
import { ROOT, ensureBuild } from './lib/orgweb.mjs';
import { HOME_JS_GOAL_BYTES, pageWeight } from './page-weight.mjs';
import { shopBench } from './shop.mjs';
import { signedInBench } from './signedin.mjs';

const PARTS = {
	http: httpBench,
	growth: dataGrowth,
	cold: coldStart,
	weight: pageWeight,
	shop: shopBench,
	instances: instancesBench,
	registration: registrationBench,
	checkin: checkinBench,
	expenses: expensesBench,
	signedin: signedInBench,
	assistant: assistantBench,
	mail: mailBench
};
const only = process.env.BENCH_ONLY?.split(',').map((p) => p.trim());
const unknown = only?.filter((p) => !(p in PARTS)) ?? [];
if (unknown.length > 0) {
	console.error(`BENCH_ONLY: unknown part(s) ${unknown.join(', ')}; known: ${Object.keys(PARTS)}`);
	process.exit(2);
}

const started = performance.now();
const results = {
	startedAt: new Date().toISOString(),
	quick: QUICK,
	machine: {
		cpus: cpus().length,
		cpuModel: cpus()[0]?.model,
		memoryMb: Math.round(totalmem() / 2 ** 20),
		node: process.version
	}
};
console.log(
	`orgweb bench${QUICK ? ' (BENCH_QUICK: short loads, for development only)' : ''}: ${results.machine.cpus} × ${results.machine.cpuModel}, Node ${process.version}`
);
// The shop, assistant and mail parts load the sources and need no build/.
const selected = Object.keys(PARTS).filter((name) => !only || only.includes(name));
results.built = selected.some((name) => !['shop', 'assistant', 'mail'].includes(name))
	? ensureBuild()
	: false;

for (const [name, run] of Object.entries(PARTS)) {
	if (only && !only.includes(name)) continue;
	const t0 = performance.now();
	results[name] = await run();
	results[name].seconds = Math.round((performance.now() - t0) / 1000);
}

const failedLoads = [
	...(results.http?.rows ?? []).filter((r) => !r.ok),
	...(results.growth?.rows ?? []).filter((r) => !r.skipped && !r.ok),
	...(results.instances?.rows ?? []).flatMap((r) =>
		[r.home, r.cart, r.limited].filter((load) => !load.ok)
	),
	...(results.expenses?.rows ?? []).filter((r) => !r.ok),
	...(results.signedin?.rows ?? []).filter((r) => !r.ok)
];
const receiptUnread = results.assistant && !results.assistant.ocr.readEveryTime;
// A rush or churn check that did not hold, or a server error in either (registration.mjs).
const registrationFailed =
	Boolean(results.registration?.flagged) || Boolean(results.checkin?.flagged);
results.flagged = failedLoads.length > 0 || Boolean(receiptUnread) || registrationFailed;
results.seconds = Math.round((performance.now() - started) / 1000);

console.log('\n================ summary ================');
if (results.http) {
	const goals = [...results.http.goals];
	for (const page of results.weight?.pages ?? [])
		goals.push({
			goal: `${page.page}: first-visit JavaScript ≤ ${HOME_JS_GOAL_BYTES / 1000} kB gzip`,
			measured: `${(page.jsGzipBytes / 1000).toFixed(1)} kB`,
			holds: page.jsGzipBytes <= HOME_JS_GOAL_BYTES
		});
	results.goals = goals;
	printGoals(goals);
}
if (results.expenses) printGoals(results.expenses.goals, 'Budgets of the expense pages');
if (results.signedin) printGoals(results.signedin.goals, 'Signed-in pages (issue 32)');
if (results.assistant) printAssistantSummary(results.assistant);
if (failedLoads.length > 0)
	console.log(
		`\n!! FLAGGED: ${failedLoads.length} load(s) had non-2xx answers or errors; their figures are not speed`
	);
if (registrationFailed)
	console.log(
		'\n!! FLAGGED: a registration check failed or a server error was answered (see its part above)'
	);
if (receiptUnread)
	console.log(
		'\n!! FLAGGED: OCR did not read the receipt every time; its times are not of a reading'
	);
const file = join(ROOT, 'bench/results.json');
writeFileSync(file, JSON.stringify(results, null, '\t') + '\n');
console.log(`\nwhole run: ${results.seconds} s; figures written to bench/results.json`);
if (results.flagged) process.exitCode = 1;
