// Shop benchmarks on a real SQLite file: reservation contention (the atomic check-and-reserve
// against a plain insert as the baseline) and reservation cleanup of 100 000 expired rows (one
// bulk DELETE, as the cron route does, against deleting them one by one).
// Run: npm run bench   (vitest bench prints throughput and the ratios between each pair)
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { bench, describe } from 'vitest';
import { migrate, openSqlite, type Db } from '../src/lib/server/db';
import { seedDemo } from '../src/lib/server/db/seed';
import { shopService } from '../src/lib/server/shop';
import { sqlShopStore } from '../src/lib/server/shop/sql';
import { reserveStock } from '../src/lib/server/shop/reservations';
import { adminContext } from '../src/lib/server/context';

const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-'));
let counter = 0;

async function freshDb(): Promise<{ db: Db; file: string }> {
	const file = join(dir, `bench-${counter++}.db`);
	const db = openSqlite(file);
	await migrate(db);
	await seedDemo(db);
	return { db, file };
}

const { db: contention } = await freshDb();
const BUYERS = 200;

describe('200 concurrent buyers of one product with 10 in stock', () => {
	bench(
		'atomic check-and-reserve (reserveStock)',
		async () => {
			await contention.deleteFrom('cart_reservations').execute();
			await contention
				.updateTable('products')
				.set({ stock: 10, max_per_order: null })
				.where('id', '=', 'prod-mug')
				.execute();
			const results = await Promise.all(
				Array.from({ length: BUYERS }, (_, i) =>
					reserveStock(contention, { cartId: `cart-${i}`, productId: 'prod-mug', quantity: 1 })
				)
			);
			const won = results.filter((r) => r.ok).length;
			if (won !== 10) throw new Error(`oversold: ${won} reservations for 10 units`);
		},
		{ iterations: 20, time: 0 }
	);

	bench(
		'baseline: plain insert without any check',
		async () => {
			await contention.deleteFrom('cart_reservations').execute();
			const at = new Date().toISOString();
			await Promise.all(
				Array.from({ length: BUYERS }, (_, i) =>
					contention
						.insertInto('cart_reservations')
						.values({
							id: randomUUID(),
							cart_id: `cart-${i}`,
							product_id: 'prod-mug',
							quantity: 1,
							created_at: at,
							expires_at: at
						})
						.execute()
				)
			);
		},
		{ iterations: 20, time: 0 }
	);
});

const ROWS = 100_000;
const cleanup = await freshDb();
const cleanupDb = cleanup.db;
// A second, raw handle on the same file fills the table fast; setup is not what is measured.
const rawHandle = new Database(cleanup.file);

function fillExpired() {
	rawHandle.exec('delete from cart_reservations');
	const insert = rawHandle.prepare(
		"insert into cart_reservations (id, cart_id, product_id, quantity, created_at, expires_at) values (?, 'c', 'prod-mug', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:15:00.000Z')"
	);
	rawHandle.transaction(() => {
		for (let i = 0; i < ROWS; i++) insert.run(`r${i}`);
	})();
}

describe(`cleanup of ${ROWS.toLocaleString('en')} expired reservations`, () => {
	const shop = shopService(sqlShopStore(cleanupDb));

	bench(
		'one bulk DELETE (the cron route and schedule)',
		async () => {
			const deleted = await shop.cleanupExpiredReservations(adminContext('bench'));
			if (deleted !== ROWS) throw new Error(`deleted ${deleted}`);
		},
		{ iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0, setup: fillExpired }
	);

	bench(
		'one by one, each its own DELETE (as the spec describes it)',
		async () => {
			const ids = await cleanupDb
				.selectFrom('cart_reservations')
				.select('id')
				.where('expires_at', '<', new Date().toISOString())
				.execute();
			for (const { id } of ids)
				await cleanupDb.deleteFrom('cart_reservations').where('id', '=', id).execute();
			if (ids.length !== ROWS) throw new Error(`deleted ${ids.length}`);
		},
		{ iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0, setup: fillExpired }
	);
});
