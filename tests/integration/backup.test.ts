// `npm run backup` and `npm run restore` as an operator runs them, against the built server's
// database while it takes a checkout load; and the backup taken before an upgrade's migrations.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import * as m001 from '../../src/lib/server/db/migrations/001_initial';
import * as m003 from '../../src/lib/server/db/migrations/003_content';
import { withDb } from '../helpers/fixtures';
import { checkoutLoad, until } from '../helpers/load';
import { startServer, type TestServer } from '../helpers/server';
import { shopper } from '../helpers/shop';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'orgweb-backup-it-'));
const servers: TestServer[] = [];
const ENV = {
	PAYMENT_CALLBACK_TOKEN: 'backup-test-callback-token-0123456789',
	PAYMENT_SIMULATOR_ENABLED: 'true',
	RATE_LIMIT_ANONYMOUS: '100000/60'
};

afterAll(async () => {
	await Promise.all(servers.map((s) => s.stop()));
	rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
	const server = await startServer({ ...ENV, ...env });
	servers.push(server);
	return server;
}

/** Runs one of the npm scripts' files as `npm run <name>` does; resolves to exit code and output. */
async function script(file: string, args: string[], env: Record<string, string>) {
	try {
		const { stdout, stderr } = await run(process.execPath, [file, ...args], {
			env: { PATH: process.env.PATH, ...env }
		});
		return { code: 0, output: stdout + stderr };
	} catch (error) {
		const e = error as { code: number; stdout: string; stderr: string };
		return { code: e.code, output: e.stdout + e.stderr };
	}
}

// A load, two script runs and a second server: more than the default 20 s when the suite runs in parallel.
describe('backup and restore', { timeout: 60_000 }, () => {
	it('a backup taken under a checkout load restores into a fresh folder with every order answered before it began', async () => {
		const live = join(dir, 'live', 'orgweb.db');
		const server = await start({ DATABASE_FILE: live });
		withDb(live, (db) =>
			db
				.prepare(
					"update products set stock = 1000, max_per_order = null where id in ('prod-mug', 'prod-hoodie')"
				)
				.run()
		);
		const load = checkoutLoad(server.url, {
			shoppers: 200,
			concurrency: 8,
			picks: [
				{ slug: 'mug', quantity: 1 },
				{ slug: 'hoodie', quantity: 2 }
			]
		});
		await until(() => load.checkedOut() >= 12, 30_000, '12 checkouts');
		const began = Date.now();
		const backup = await script('scripts/backup.js', [join(dir, 'backups')], {
			DATABASE_FILE: live
		});
		const checkedOutDuringBackup = load.flows.filter((f) => (f.checkedOutAt ?? 0) > began).length;
		load.stop();
		await load.done;
		expect(backup.output).toMatch(/backup of .* in /);
		expect(backup.code).toBe(0);
		const [folder] = readdirSync(join(dir, 'backups'));
		console.log(`checkouts answered while the backup ran: ${checkedOutDuringBackup}`);

		// Refused while the site has the database open.
		const refused = await script('scripts/restore.js', [join(dir, 'backups', folder!)], {
			DATABASE_FILE: live
		});
		expect(refused.code).toBe(1);
		expect(refused.output).toMatch(/refusing to restore: .* is open in another process/);

		const fresh = join(dir, 'fresh', 'orgweb.db');
		const restored = await script('scripts/restore.js', [join(dir, 'backups', folder!)], {
			DATABASE_FILE: fresh
		});
		expect(restored.output).toMatch(/^restored /);
		expect(restored.code).toBe(0);

		const copy = await start({ DATABASE_FILE: fresh });
		// Answered before the backup began: in the same millisecond as `began` counts too.
		const before = load.flows.filter((f) => f.checkedOutAt && f.checkedOutAt <= began);
		expect(before.length).toBeGreaterThanOrEqual(12);
		for (const flow of before) {
			const order = withDb(fresh, (db) =>
				db
					.prepare('select id, status from orders where provider_session_id = ?')
					.get(flow.sessionId)
			) as { id: string; status: string } | undefined;
			expect(order, `order of session ${flow.sessionId}`).toBeDefined();
			if (flow.approvedAt && flow.approvedAt <= began) expect(order!.status).toBe('paid');
			// The buyer's own session came along: they find their order on the restored site.
			const page = await shopper(copy.url, flow.shopper.cookie).get(`/en/shop/order/${order!.id}`);
			expect(page.status).toBe(200);
		}
	});

	it('starting a new version on an older database backs it up before migrating and logs where', async () => {
		const old = join(dir, 'old', 'orgweb.db');
		const backups = join(dir, 'upgrade-backups');
		// A database as an older version left it: two migrations applied.
		mkdirSync(dirname(old), { recursive: true });
		const db = new Kysely({ dialect: new SqliteDialect({ database: new Database(old) }) });
		await new Migrator({
			db,
			provider: { getMigrations: async () => ({ '001_initial': m001, '003_content': m003 }) }
		}).migrateToLatest();
		await db.destroy();

		const server = await start({ DATABASE_FILE: old, BACKUP_DIR: backups, LOG_LEVEL: 'info' });

		const line = /"msg":"backup before migrations","dir":"([^"]+)"/.exec(server.output());
		expect(line?.[1]).toBeDefined();
		const copy = new Database(join(line![1]!, 'database.db'), { readonly: true });
		const names = copy.prepare('select name from kysely_migration order by name').all();
		copy.close();
		expect(names).toEqual([{ name: '001_initial' }, { name: '003_content' }]);
		expect((await fetch(`${server.url}/en/shop`)).status).toBe(200);
	});

	it('an up-to-date database starts without a backup', async () => {
		const current = join(dir, 'current', 'orgweb.db');
		const backups = join(dir, 'current-backups');
		await (await start({ DATABASE_FILE: current, BACKUP_DIR: backups })).stop();
		const again = await start({ DATABASE_FILE: current, BACKUP_DIR: backups, LOG_LEVEL: 'info' });
		expect(again.output()).not.toContain('backup before migrations');
		expect(existsSync(backups)).toBe(false);
	});
});
