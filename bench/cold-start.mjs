// Time from process start to the first healthy answer: a fresh database (migrate + seed), an
// existing one, and a bare Node HTTP server as the baseline measured in the same run.
// Needs the build (`npm run build`). Loopback only; 5 runs each; stops by itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = 5;
const BARE = `require('node:http').createServer((q, s) => s.end('{"status":"ok"}'))
  .listen(0, '127.0.0.1', function () { console.log('orgweb listening on http://127.0.0.1:' + this.address().port); });`;

async function timeToHealthy(args, env) {
	const started = performance.now();
	const child = spawn(process.execPath, args, {
		env: {
			PATH: process.env.PATH,
			PORT: '0',
			HOST: '127.0.0.1',
			LOG_LEVEL: 'warn',
			CRON_ENABLED: 'false',
			...env
		},
		stdio: ['ignore', 'pipe', 'inherit']
	});
	let out = '';
	const url = await new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('no start within 20 s')), 20_000);
		child.stdout.on('data', (d) => {
			out += d;
			const m = /listening on (http:\/\/\S+)/.exec(out);
			if (m) {
				clearTimeout(timer);
				resolve(m[1]);
			}
		});
	});
	for (;;) {
		const res = await fetch(url + '/api/health').catch(() => null);
		if (res?.ok) break;
	}
	const ms = performance.now() - started;
	child.kill('SIGTERM');
	await new Promise((r) => child.once('exit', r));
	return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-'));
try {
	const bare = [],
		cold = [],
		warm = [];
	for (let i = 0; i < RUNS; i++) {
		bare.push(await timeToHealthy(['-e', BARE], {}));
		const file = join(dir, `cold-${i}.db`);
		cold.push(await timeToHealthy(['scripts/serve.js'], { DATABASE_FILE: file }));
		warm.push(await timeToHealthy(['scripts/serve.js'], { DATABASE_FILE: file }));
	}
	const b = median(bare);
	console.log('start to first healthy response (median of %d)', RUNS);
	console.log('  bare node http server   %s ms  (baseline)', b.toFixed(0));
	console.log(
		'  orgweb, fresh database  %s ms  (%sx baseline)',
		median(cold).toFixed(0),
		(median(cold) / b).toFixed(1)
	);
	console.log(
		'  orgweb, existing db     %s ms  (%sx baseline)',
		median(warm).toFixed(0),
		(median(warm) / b).toFixed(1)
	);
} finally {
	rmSync(dir, { recursive: true, force: true });
}
