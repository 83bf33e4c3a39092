// PostgreSQL goes away under a running instance (a restart, a failover) and comes back: the
// instance keeps running, answers what needs the database with 503 and Retry-After meanwhile
// (no 500, no stack, nothing half-written), and serves normally again once the server is back,
// without being restarted itself. Its own throwaway cluster, so that stopping it disturbs no
// other test.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/pg-cluster.js';
import { startServer, type TestServer } from '../helpers/server';
import { STACK_OR_DRIVER } from '../helpers/store';

let cluster: Cluster;
let server: TestServer;

beforeAll(async () => {
	cluster = await startCluster();
	server = await startServer({
		DATABASE_URL: cluster.adminUrl,
		DATABASE_BUSY_TIMEOUT_MS: '1000',
		RATE_LIMIT_ANONYMOUS: '1000/60',
		PAGE_CACHE_SECONDS: '0'
	});
}, 60_000);
afterAll(async () => {
	await server?.stop();
	cluster?.stop();
});

const sessions = async () => {
	const client = new pg.Client({ connectionString: cluster.adminUrl });
	await client.connect();
	const { rows } = await client.query('select count(*)::int as n from sessions');
	await client.end();
	return rows[0].n as number;
};

async function eventually(check: () => Promise<boolean>, ms: number) {
	const until = Date.now() + ms;
	while (Date.now() < until) {
		if (await check().catch(() => false)) return true;
		await new Promise((r) => setTimeout(r, 200));
	}
	return false;
}

describe('PostgreSQL stops and starts again under a running instance', () => {
	it('meanwhile 503 with Retry-After and no internals; afterwards everything works again', async () => {
		expect((await fetch(`${server.url}/en/shop`)).status).toBe(200);
		const before = await sessions();

		cluster.halt!();
		for (const path of ['/en/shop', '/en/events', '/no']) {
			const page = await fetch(server.url + path);
			expect(page.status).toBe(503);
			expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
			expect(await page.text()).not.toMatch(STACK_OR_DRIVER);
		}
		const write = await fetch(`${server.url}/api/auth/anonymous`, {
			method: 'POST',
			headers: { origin: server.url }
		});
		expect(write.status).toBe(503);
		expect(Number(write.headers.get('retry-after'))).toBeGreaterThan(0);
		const body = await write.json();
		expect(body).toMatchObject({ error: 'Service unavailable' });
		expect(JSON.stringify(body)).not.toMatch(STACK_OR_DRIVER);
		expect(server.exit()).toBeNull();

		cluster.resume!();
		expect(
			await eventually(async () => (await fetch(`${server.url}/en/shop`)).status === 200, 15_000)
		).toBe(true);
		const again = await fetch(`${server.url}/api/auth/anonymous`, {
			method: 'POST',
			headers: { origin: server.url }
		});
		expect(again.status).toBeLessThan(300);
		expect(await sessions()).toBe(before + 1);
		expect(server.exit()).toBeNull();
	});
});
