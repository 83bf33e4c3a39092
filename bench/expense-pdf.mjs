// The time to build an expense claim's PDF with five receipts (bench/expense-pdf.bench.ts, run by
// vitest bench), against the same receipts put into an empty PDF with pdf-lib alone, measured in
// the same run.
//
//   node bench/expense-pdf.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/orgweb.mjs';
import { isMain } from './lib/servers.mjs';
import { printTable, ratio } from './lib/table.mjs';

export function expensePdfBench() {
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-expense-pdf-'));
	try {
		const report = join(dir, 'expense-pdf.json');
		const run = spawnSync(
			join(ROOT, 'node_modules/.bin/vitest'),
			['bench', '--run', '--dir', 'bench', '--outputJson', report, 'expense-pdf'],
			{
				cwd: ROOT,
				encoding: 'utf8',
				env: { ...process.env, NO_COLOR: '1', EXPENSE_PDF_BENCH: '1' },
				maxBuffer: 16 << 20
			}
		);
		if (run.status !== 0) {
			process.stderr.write(run.stdout + run.stderr);
			throw new Error(`vitest bench failed (exit ${run.status})`);
		}
		const sizes = run.stdout.match(/receipts: .*/)?.[0];
		const json = JSON.parse(readFileSync(report, 'utf8'));
		const benches = json.files.flatMap((f) => f.groups.flatMap((g) => g.benchmarks));
		const find = (prefix) => benches.find((b) => b.name.startsWith(prefix));
		const [full, baseline, cover] = ['claimPdf', 'baseline', 'cover only'].map(find);
		const ms = (b) => Math.round(b.mean);
		const result = {
			claimPdfMs: ms(full),
			claimPdfP99Ms: Math.round(full.p99),
			baselineMs: ms(baseline),
			coverOnlyMs: ms(cover),
			ratio: ratio(full.mean, baseline.mean)
		};
		console.log(`\nExpense claim PDF with five receipts (${sizes ?? 'sizes not printed'})`);
		printTable(
			['measure', 'mean ms', 'baseline', '× baseline'],
			[
				[
					'claimPdf: cover + 3 photos + 2 PDFs (4 pages)',
					result.claimPdfMs,
					`${result.baselineMs} ms receipts into an empty PDF`,
					`${result.ratio}×`
				],
				[
					'cover only (font embedding and layout)',
					result.coverOnlyMs,
					`${result.baselineMs} ms`,
					`${ratio(cover.mean, baseline.mean)}×`
				]
			]
		);
		return result;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

if (isMain(import.meta.url)) expensePdfBench();
