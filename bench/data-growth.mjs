// How the pages' figures grow with the data: orgweb on databases holding 100, 10,000 and
// 100,000 events and as many products (on top of the demo content), each size measured at 50
// connections. A list page that is not paginated, or a query without an index, shows here.
//
//   node bench/data-growth.mjs     (alone; bench/run.mjs runs it with the other benches)
//
// BENCH_GROWTH_SIZES (default 100,10000,100000), BENCH_GROWTH_SECONDS (default 3 per route).
// Rows are copied from a seeded row of the same table (so every column the schema needs, both
// locales included, is filled) with new ids, slugs, titles and dates, in one transaction.
// A route whose single request takes over GROWTH_PROBE_LIMIT_MS (the faster of a cold and a warm
// request) is not loaded: 50 connections on it would take the machine's memory and minutes. Its
// one-request time is reported instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { QUICK, failure, load, seconds, warm } from './lib/load.mjs';
import { BENCH_LIMITS, ensureBuild, startOrgweb } from './lib/orgweb.mjs';
import { isMain, rssMb, settle } from './lib/servers.mjs';
import { printTable } from './lib/table.mjs';

const GROWTH_PROBE_LIMIT_MS = 1000;
const pad = (i) => String(i).padStart(6, '0');
const eventId = (i) => `bench-evt-${pad(i)}`;
const productSlug = (i) => `bench-product-${pad(i)}`;

export function growthSettings() {
	const sizes = (process.env.BENCH_GROWTH_SIZES ?? '100,10000,100000')
		.split(',')
		.map(Number)
		.filter((n) => Number.isInteger(n) && n > 0)
		.sort((a, b) => a - b);
	return { sizes, seconds: seconds('BENCH_GROWTH_SECONDS', QUICK ? 1 : 3), connections: 50 };
}

/** Copies the template row `count` times from index `from`, changing the columns `vary` gives. */
function copyRows(db, table, template, from, count, vary) {
	const columns = db
		.prepare(`select name from pragma_table_info(?)`)
		.all(table)
		.map((c) => c.name);
	const insert = db.prepare(
		`insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => '@' + c).join(', ')})`
	);
	for (let i = from; i < from + count; i++) insert.run({ ...template, ...vary(i) });
}

/** Grows the database to `size` bench events and products; `have` is how many it holds. */
export function growTo(file, have, size) {
	const db = new Database(file);
	try {
		const now = Date.now();
		const event = db
			.prepare(`select * from events where ends_at >= ? order by starts_at limit 1`)
			.get(new Date(now).toISOString());
		const product = db
			.prepare(
				`select * from products where active = 1 and category != 'membership' order by slug limit 1`
			)
			.get();
		if (!event || !product) throw new Error('the seeded database has no event or product to copy');
		db.transaction(() => {
			copyRows(db, 'events', event, have, size - have, (i) => {
				// One new event every 30 minutes from tomorrow on: all upcoming, so all listed.
				const starts = now + 86_400_000 + i * 1_800_000;
				return {
					id: eventId(i),
					title_no: `Arrangement ${i}`,
					title_en: `Event ${i}`,
					starts_at: new Date(starts).toISOString(),
					ends_at: new Date(starts + 7_200_000).toISOString(),
					product_id: null
				};
			});
			copyRows(db, 'products', product, have, size - have, (i) => ({
				id: `bench-prod-${pad(i)}`,
				slug: productSlug(i),
				name_no: `Vare ${i}`,
				name_en: `Product ${i}`,
				featured: 0,
				active: 1
			}));
		})();
	} finally {
		db.close();
	}
}

async function probe(url) {
	const started = performance.now();
	const res = await fetch(url);
	const body = await res.arrayBuffer();
	return {
		status: res.status,
		ms: Math.round(performance.now() - started),
		bytes: body.byteLength
	};
}

export async function dataGrowth() {
	const cfg = growthSettings();
	ensureBuild();
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-growth-'));
	const databaseFile = join(dir, 'growth.db');
	const rows = [];
	try {
		// The first start migrates and seeds; the rows are added with the server stopped.
		await (await startOrgweb({ databaseFile, env: { LOG_LEVEL: 'warn' } })).stop();
		let have = 0;
		for (const size of cfg.sizes) {
			const t0 = performance.now();
			growTo(databaseFile, have, size);
			const insertMs = Math.round(performance.now() - t0);
			have = size;
			const server = await startOrgweb({
				databaseFile,
				logFile: join(dir, 'orgweb.log'),
				env: BENCH_LIMITS
			});
			try {
				const middle = Math.floor(size / 2);
				const routes = [
					'/en',
					'/en/events',
					'/en/shop',
					`/en/events/${eventId(middle)}`,
					`/en/shop/${productSlug(middle)}`
				];
				for (const path of routes) {
					const url = server.url + path;
					// The faster of a cold and a warm request decides, unless the first was so slow
					// that it cannot be the shared machine's noise.
					let first = await probe(url).catch((e) => {
						server.assertAlive();
						throw e;
					});
					if (first.ms < 10 * GROWTH_PROBE_LIMIT_MS) {
						const again = await probe(url);
						if (again.ms < first.ms) first = again;
					}
					const row = {
						size,
						insertMs,
						path,
						probeMs: first.ms,
						bytes: first.bytes,
						status: first.status
					};
					if (first.status !== 200) row.skipped = `answered ${first.status}`;
					else if (first.ms > GROWTH_PROBE_LIMIT_MS)
						row.skipped = `one request took ${first.ms} ms`;
					else {
						await warm(url, 0.5);
						await settle(server);
						Object.assign(
							row,
							await load(url, { connections: cfg.connections, duration: cfg.seconds })
						);
						await settle(server);
					}
					server.assertAlive();
					rows.push(row);
					process.stdout.write('.');
				}
				rows.filter((r) => r.size === size).forEach((r) => (r.rssMb = rssMb(server.pid)));
			} finally {
				await server.stop();
			}
		}
		process.stdout.write('\n');
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
	printGrowth(rows, cfg);
	return { settings: cfg, rows };
}

export function printGrowth(rows, cfg) {
	console.log(
		`\nData growth: bench events and products added to the demo content (${cfg.connections} connections, ${cfg.seconds} s per route)`
	);
	const sizePath = (p) => p.replace(/bench-(evt|product)-\d+/, '<$1>');
	printTable(
		['rows', 'route', 'rps', 'p50 ms', 'p99 ms', '1 req ms', 'page kB', 'note'],
		rows.map((r) => [
			r.size.toLocaleString('en'),
			sizePath(r.path),
			r.skipped ? '' : r.rps,
			r.skipped ? '' : r.p50,
			r.skipped ? '' : r.p99,
			r.probeMs,
			Math.round(r.bytes / 1000),
			r.skipped ?? (r.ok ? '' : failure(r))
		])
	);
	const bySize = [...new Set(rows.map((r) => r.size))];
	console.log(
		`orgweb RSS after each size's load: ${bySize.map((s) => `${s.toLocaleString('en')}: ${rows.find((r) => r.size === s).rssMb} MB`).join(', ')}`
	);
}

if (isMain(import.meta.url)) await dataGrowth();
