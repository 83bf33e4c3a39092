// The embedded database driver, chosen by measurement: better-sqlite3 (the baseline), libsql
// (SQLite fork, same synchronous API) and PGlite (PostgreSQL compiled to WASM, async).
// The candidates that are not dependencies are installed on demand into bench/.drivers
// (gitignored), from the npm registry only. Each driver runs the same workload shaped like
// orgweb's hot paths, in the same process run, and prints ms and the ratio to the baseline.
// Usage: node bench/db-drivers.mjs      (about a minute; stops by itself)
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DRIVERS_DIR = new URL('./.drivers/', import.meta.url).pathname;
const CANDIDATES = { libsql: '0.5', '@electric-sql/pglite': '0.3' };

function ensureCandidates() {
	const missing = Object.keys(CANDIDATES).filter(
		(name) => !existsSync(join(DRIVERS_DIR, 'node_modules', name, 'package.json'))
	);
	if (missing.length === 0) return;
	const specs = missing.map((name) => `${name}@${CANDIDATES[name]}`).join(' ');
	console.log(`installing ${specs} into bench/.drivers …`);
	execSync(`npm install --no-save --no-audit --no-fund --prefix "${DRIVERS_DIR}" ${specs}`, {
		stdio: 'inherit'
	});
}

const PRODUCTS = 200;
const READS = 20_000;
const RESERVES = 2_000;
const AVAIL = 5_000;

const SCHEMA = [
	`create table products (id text primary key, slug text not null unique, price_ore integer not null, stock integer)`,
	`create table cart_reservations (id text primary key, cart_id text not null, product_id text not null, quantity integer not null, expires_at text not null)`,
	`create index cart_reservations_product on cart_reservations (product_id, expires_at)`
];
const READ_SQL = `select id, price_ore, stock from products where slug = $1`;
const AVAIL_SQL = `select p.stock - coalesce((select sum(quantity) from cart_reservations r where r.product_id = p.id and r.expires_at > $1), 0) as available from products p where p.id = $2`;
const INSERT_SQL = `insert into cart_reservations (id, cart_id, product_id, quantity, expires_at) values ($1, $2, $3, 1, $4)`;

// Parameters are numbered in order of appearance, so SQLite's plain ? takes the same arguments.
const sqlite = (text) => text.replace(/\$\d+/g, '?');

function syncDriver(open) {
	return async (file) => {
		const db = open(file);
		db.pragma?.('journal_mode = WAL');
		db.pragma?.('synchronous = NORMAL');
		const t = {};
		let start = performance.now();
		for (const s of SCHEMA) db.exec(s);
		const seed = db.prepare(sqlite(`insert into products values ($1, $2, $3, $4)`));
		db.transaction(() => {
			for (let i = 0; i < PRODUCTS; i++) seed.run(`p${i}`, `slug-${i}`, 10_000, 1_000_000);
		})();
		t.setup = performance.now() - start;

		const read = db.prepare(sqlite(READ_SQL));
		start = performance.now();
		for (let i = 0; i < READS; i++) read.get(`slug-${i % PRODUCTS}`);
		t.reads = performance.now() - start;

		const avail = db.prepare(sqlite(AVAIL_SQL));
		const insert = db.prepare(sqlite(INSERT_SQL));
		const later = new Date(Date.now() + 900_000).toISOString();
		const now = new Date().toISOString();
		start = performance.now();
		for (let i = 0; i < RESERVES; i++) {
			const product = `p${i % PRODUCTS}`;
			db.transaction(() => {
				const row = avail.get(now, product);
				if (row.available > 0) insert.run(`r${i}`, `c${i}`, product, later);
			}).immediate();
		}
		t.reserve = performance.now() - start;

		start = performance.now();
		for (let i = 0; i < AVAIL; i++) avail.get(now, `p${i % PRODUCTS}`);
		t.availability = performance.now() - start;
		db.close();
		return t;
	};
}

async function pglite(dir) {
	const require = createRequire(join(DRIVERS_DIR, 'package.json'));
	const { PGlite } = await import(pathToFileURL(require.resolve('@electric-sql/pglite')).href);
	const t = {};
	let start = performance.now();
	const db = await PGlite.create(dir);
	for (const s of SCHEMA) await db.exec(s);
	await db.transaction(async (tx) => {
		for (let i = 0; i < PRODUCTS; i++)
			await tx.query(`insert into products values ($1, $2, $3, $4)`, [
				`p${i}`,
				`slug-${i}`,
				10_000,
				1_000_000
			]);
	});
	t.setup = performance.now() - start;

	start = performance.now();
	for (let i = 0; i < READS; i++) await db.query(READ_SQL, [`slug-${i % PRODUCTS}`]);
	t.reads = performance.now() - start;

	const later = new Date(Date.now() + 900_000).toISOString();
	const now = new Date().toISOString();
	start = performance.now();
	for (let i = 0; i < RESERVES; i++) {
		const product = `p${i % PRODUCTS}`;
		await db.transaction(async (tx) => {
			const { rows } = await tx.query(AVAIL_SQL, [now, product]);
			if (Number(rows[0].available) > 0)
				await tx.query(INSERT_SQL, [`r${i}`, `c${i}`, product, later]);
		});
	}
	t.reserve = performance.now() - start;

	start = performance.now();
	for (let i = 0; i < AVAIL; i++) await db.query(AVAIL_SQL, [now, `p${i % PRODUCTS}`]);
	t.availability = performance.now() - start;
	await db.close();
	return t;
}

ensureCandidates();
const require = createRequire(join(DRIVERS_DIR, 'package.json'));
const BetterSqlite = (await import('better-sqlite3')).default;
const Libsql = require('libsql');

const drivers = [
	['better-sqlite3', syncDriver((file) => new BetterSqlite(file)), 'file'],
	['libsql', syncDriver((file) => new Libsql(file)), 'file'],
	['pglite', pglite, 'dir']
];

const work = mkdtempSync(join(tmpdir(), 'orgweb-drivers-'));
const results = {};
try {
	for (const [name, run, kind] of drivers) {
		const target = join(work, kind === 'file' ? `${name}.db` : name);
		results[name] = await run(target);
	}
} finally {
	rmSync(work, { recursive: true, force: true });
}

const base = results['better-sqlite3'];
const phases = ['setup', 'reads', 'reserve', 'availability'];
console.log(
	`\nworkload: ${PRODUCTS} products; ${READS} point reads; ${RESERVES} check-and-reserve transactions; ${AVAIL} availability queries`
);
console.log(['driver', ...phases.map((p) => `${p} ms (×base)`)].join(' | '));
for (const [name, t] of Object.entries(results)) {
	const cells = phases.map((p) => `${t[p].toFixed(0)} (${(t[p] / base[p]).toFixed(2)}×)`);
	console.log([name, ...cells].join(' | '));
}
