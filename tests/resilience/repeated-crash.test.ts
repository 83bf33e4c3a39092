// Twenty-five crashes in a row on one database (a minute or two, hence tests/resilience/): each
// round starts the built server (which reconciles at start), runs a checkout load with tight
// stock, and kills it with SIGKILL at a different moment — sometimes during start-up, sometimes
// deep in the load. After every round the database must be intact, every answered order present
// with its lines, and stock never sold or held twice; after the last, with the payment windows run
// out, everything must be settled. The kill moments come from a seeded generator; the seed is
// printed so a failing run can be repeated (CRASH_SEED).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withDb } from '../helpers/fixtures';
import { checkoutLoad, until, type Flow } from '../helpers/load';
import { startServer, type TestServer } from '../helpers/server';
import { stockAccounts, timePasses } from '../helpers/store';

const ROUNDS = 25;
const dir = mkdtempSync(join(tmpdir(), 'orgweb-crashes-'));
const dbFile = join(dir, 'orgweb.db');
const ENV = {
	DATABASE_FILE: dbFile,
	PAYMENT_CALLBACK_TOKEN: 'crash-rounds-callback-token-0123456789',
	PAYMENT_SIMULATOR_ENABLED: 'true',
	RATE_LIMIT_ANONYMOUS: '100000/60',
	CRON_ENABLED: 'true'
};
const PRODUCT: Record<string, string> = { mug: 'prod-mug', hoodie: 'prod-hoodie' };
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);

// mulberry32: small, seeded, good enough to spread kill moments.
function generator(s: number) {
	return () => {
		s = (s + 0x6d2b79f5) | 0;
		let t = Math.imul(s ^ (s >>> 15), 1 | s);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

let server: TestServer | undefined;
afterAll(async () => {
	await server?.stop();
	rmSync(dir, { recursive: true, force: true });
});

const all = <T = Record<string, unknown>>(sql: string, ...args: unknown[]) =>
	withDb(dbFile, (db) => db.prepare(sql).all(...args)) as T[];

/** 'paid' when an approved order that is not paid yet still has its approval at the provider. */
function approvalKept(orderId: string, flow: Flow): string {
	const [session] = all<{ state: string }>(
		'select state from payment_sessions where id = ?',
		flow.sessionId
	);
	const trail = all('select to_status, actor, at from order_events where order_id = ?', orderId);
	console.warn(
		`approved order ${orderId} not paid at the kill: ${JSON.stringify({ session, trail })}`
	);
	return session?.state === 'AUTHORIZED' ? 'paid' : `not paid, session ${session?.state}`;
}

function checkAfterCrash(answered: Flow[], settled: boolean) {
	expect(withDb(dbFile, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok');
	for (const flow of answered) {
		const [order] = all<{ id: string; status: string }>(
			'select id, status from orders where provider_session_id = ?',
			flow.sessionId
		);
		expect(order, `order of session ${flow.sessionId}`).toBeDefined();
		expect(
			all('select product_id, quantity from order_lines where order_id = ?', order!.id)
		).toEqual([{ product_id: PRODUCT[flow.slug], quantity: flow.quantity }]);
		if (flow.orderId && (settled || order!.status !== 'paid')) {
			// Approved on the hosted page: paid, or — when the simulator's callback did not get
			// through before the kill (it is allowed to fail) — pending with the approval kept at
			// the provider, for reconciliation to finish. Once settled, paid without exception.
			expect(settled ? order!.status : approvalKept(order!.id, flow)).toBe('paid');
		}
	}
	const held = all<{ status: string; held: number; lines: number }>(
		`select o.status,
		 (select coalesce(sum(quantity), 0) from cart_reservations where cart_id = 'order:' || o.id) as held,
		 (select sum(quantity) from order_lines where order_id = o.id) as lines from orders o`
	);
	for (const h of held) expect(h.held).toBe(h.status === 'pending' ? h.lines : 0);
	for (const account of stockAccounts(dbFile)) {
		expect(account.sold + account.reserved, account.id).toBeLessThanOrEqual(account.stock);
		if (settled) expect(account.sold, account.id).toBe(account.paid);
	}
}

describe(`${ROUNDS} crashes in a row on one database (seed ${seed})`, () => {
	const answered: Flow[] = [];

	it('after every crash the database is intact, answered orders are there and stock adds up', async () => {
		const random = generator(seed);
		console.log(`CRASH_SEED=${seed}`);
		for (let round = 1; round <= ROUNDS; round++) {
			server = await startServer(ENV);
			if (round === 1) {
				withDb(dbFile, (db) =>
					db
						.prepare(
							"update products set stock = case id when 'prod-mug' then 300 else 100 end, max_per_order = null where id in ('prod-mug', 'prod-hoodie')"
						)
						.run()
				);
			}
			const load = checkoutLoad(server.url, {
				shoppers: 60,
				concurrency: 12,
				picks: [
					{ slug: 'hoodie', quantity: 1 },
					{ slug: 'mug', quantity: 2 },
					{ slug: 'hoodie', quantity: 2 }
				],
				abandonEvery: 3
			});
			// A kill right after start (reconciliation may be running), or after some checkouts.
			const afterCheckouts = Math.floor(random() * 30);
			const delayMs = Math.floor(random() * 400);
			// With the stock sold out, fewer checkouts than that may ever come.
			await until(
				() => load.checkedOut() >= afterCheckouts || load.finished(),
				60_000,
				`${afterCheckouts} checkouts`
			);
			await new Promise((r) => setTimeout(r, delayMs));
			await server.kill();
			if (process.env.CRASH_DEBUG) console.log(server.output());
			load.stop();
			await load.done;
			server = undefined;
			const roundAnswered = load.flows.filter((f) => f.sessionId);
			answered.push(...roundAnswered);
			const refused = load.flows.filter((f) => f.refused?.startsWith('add 409')).length;
			console.log(
				`round ${round}: killed after ${roundAnswered.length} checkouts (+${delayMs} ms), ${load.flows.filter((f) => f.orderId).length} approvals, ${refused} sold out`
			);
			checkAfterCrash(answered, false);
			// Some rounds the site stays down long enough for payment windows to run out.
			if (random() < 0.5) timePasses(dbFile, 10);
		}
	});

	it('once the payment windows have run out, a last start settles every order', async () => {
		timePasses(dbFile, 40);
		server = await startServer({ ...ENV, LOG_LEVEL: 'info' });
		await until(
			() => /"msg":"job done","job":"cleanup"/.test(server!.output()),
			30_000,
			'reconciliation and cleanup at start'
		);
		const open = all("select id from orders where status in ('pending', 'authorized')");
		expect(open).toEqual([]);
		expect(all('select * from cart_reservations')).toEqual([]);
		checkAfterCrash(answered, true);
		const paid = all<{ n: number }>("select count(*) as n from orders where status = 'paid'")[0]!;
		console.log(`${answered.length} answered checkouts over ${ROUNDS} crashes, ${paid.n} paid`);
	});
});
