// 2,000 reminder e-mails through the outbox to a local SMTP server (bench/mail.bench.ts, run by
// vitest bench): the time and rate of the reminder run plus the drain, against the same messages
// handed to the SMTP transport directly, measured in the same run. The drain's rate is set to let
// all 2,000 go at once here; in service MAIL_RATE_PER_MINUTE spreads them (the last line).
//
//   node bench/mail.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/orgweb.mjs';
import { isMain } from './lib/servers.mjs';
import { printTable, ratio } from './lib/table.mjs';

const PEOPLE = 2000;
const DEFAULT_RATE = 120;

export function mailBench() {
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-mail-'));
	try {
		const report = join(dir, 'mail.json');
		const run = spawnSync(
			join(ROOT, 'node_modules/.bin/vitest'),
			['bench', '--run', '--dir', 'bench', '--outputJson', report, 'mail'],
			{
				cwd: ROOT,
				encoding: 'utf8',
				env: { ...process.env, NO_COLOR: '1', MAIL_BENCH: '1', LOG_LEVEL: 'warn' },
				maxBuffer: 64 << 20
			}
		);
		if (run.status !== 0) {
			process.stderr.write(run.stdout + run.stderr);
			throw new Error(`vitest bench failed (exit ${run.status})`);
		}
		const json = JSON.parse(readFileSync(report, 'utf8'));
		const benches = json.files.flatMap((f) => f.groups.flatMap((g) => g.benchmarks));
		const find = (prefix) => benches.find((b) => b.name.startsWith(prefix));
		const [outbox, raw] = ['outbox', 'baseline'].map(find);
		const perSecond = (b) => Math.round((PEOPLE / b.mean) * 1000);
		const result = {
			mails: PEOPLE,
			outboxMs: Math.round(outbox.mean),
			outboxPerSecond: perSecond(outbox),
			rawSmtpMs: Math.round(raw.mean),
			rawSmtpPerSecond: perSecond(raw),
			ratio: ratio(outbox.mean, raw.mean),
			minutesAtDefaultRate: Math.ceil(PEOPLE / DEFAULT_RATE)
		};
		console.log(`\n${PEOPLE} reminder e-mails to a local SMTP server (one run each)`);
		printTable(
			['measure', 'ms', 'mails/s', 'baseline', '× baseline'],
			[
				[
					'outbox: reminder run + drain',
					result.outboxMs,
					result.outboxPerSecond,
					`${result.rawSmtpMs} ms raw SMTP sends`,
					`${result.ratio}×`
				],
				['baseline: raw SMTP sends', result.rawSmtpMs, result.rawSmtpPerSecond, '', '']
			]
		);
		console.log(
			`In service the drain sends MAIL_RATE_PER_MINUTE (default ${DEFAULT_RATE}) a minute: ${PEOPLE} reminders in ${result.minutesAtDefaultRate} minutes.`
		);
		return result;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

if (isMain(import.meta.url)) mailBench();
