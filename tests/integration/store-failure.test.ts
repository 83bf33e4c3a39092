// Writes that meet a store which cannot take them: the database locked by another connection past
// the busy timeout, and a full disk. Each answers 503 with Retry-After (the error envelope for
// /api, the localized error page for form posts), shows no stack, leaves every table as it was,
// and the same request succeeds once the store is back.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, withDb } from '../helpers/fixtures';
import { postForm } from '../helpers/http';
import { copyEvent, openRegistration } from '../helpers/registration';
import { startServer, type TestServer } from '../helpers/server';
import { checkOut, shopper, shownTotal, BUYER, type Shopper } from '../helpers/shop';
import { STACK_OR_DRIVER, holdWriteLock, snapshot } from '../helpers/store';

const TOKEN = 'store-failure-callback-token-0123456789';
const ENV = {
	PAYMENT_CALLBACK_TOKEN: TOKEN,
	PAYMENT_SIMULATOR_ENABLED: 'true',
	RATE_LIMIT_ANONYMOUS: '10000/60',
	RATE_LIMIT_CONTACT: '10000/60',
	// Short, so a locked store gives up quickly; the default is 5 s.
	DATABASE_BUSY_TIMEOUT_MS: '150'
};
const CONTACT = {
	name: 'Kari Nordmann',
	email: 'kari@example.org',
	subject: 'A question',
	message: 'Does the store keep this when it cannot write?',
	website: ''
};

function callback(url: string, sessionId: string) {
	return fetch(`${url}/api/payment/simulator/callback`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
		body: JSON.stringify({ sessionId, reference: 'x', sessionState: 'PaymentSuccessful' })
	});
}

/** A failed page request: 503, Retry-After, the localized "not saved" page, no internals. */
async function expectNotSavedPage(res: Response, text: RegExp) {
	expect(res.status).toBe(503);
	expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
	const html = await res.text();
	expect(html).toMatch(text);
	expect(html).not.toMatch(STACK_OR_DRIVER);
}

async function expectUnavailableJson(res: Response) {
	expect(res.status).toBe(503);
	expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
	const body = await res.text();
	expect(body).not.toMatch(STACK_OR_DRIVER);
	return JSON.parse(body) as Record<string, unknown>;
}

describe('a write while another connection holds the database lock', () => {
	let server: TestServer;
	let buyer: Shopper;

	beforeAll(async () => {
		server = await startServer(ENV);
		withDb(server.dbFile, (db) =>
			db
				.prepare("update products set stock = 1000, max_per_order = null where id = 'prod-mug'")
				.run()
		);
		buyer = shopper(server.url);
		expect((await buyer.post('/en/shop/mug', { quantity: '1' })).status).toBe(303);
	});
	afterAll(() => server?.stop());

	/** Runs `request` while a second connection holds the write lock; the tables must not move. */
	async function whileLocked<T>(request: () => Promise<T>): Promise<T> {
		const before = snapshot(server.dbFile);
		const lock = holdWriteLock(server.dbFile);
		let result: T;
		try {
			result = await request();
		} finally {
			lock.release();
		}
		expect(snapshot(server.dbFile)).toEqual(before);
		return result;
	}

	it('adding to the cart answers 503 with the Norwegian "not saved" page and reserves nothing', async () => {
		const res = await whileLocked(() => buyer.post('/no/shop/hoodie', { quantity: '1' }));
		await expectNotSavedPage(res, /Ikke lagret[\s\S]*ingenting ble endret/);
		expect((await buyer.post('/no/shop/hoodie', { quantity: '1' })).status).toBe(303);
	});

	it('checking out answers 503 and creates no order; the same checkout works after', async () => {
		const expectedTotalOre = await shownTotal(buyer);
		const res = await whileLocked(() =>
			buyer.post('/en/shop/checkout', { ...BUYER, expectedTotalOre })
		);
		await expectNotSavedPage(res, /Not saved[\s\S]*nothing was changed/);
		const again = await buyer.post('/en/shop/checkout', { ...BUYER, expectedTotalOre });
		expect(again.status).toBe(303);
		expect(again.headers.get('location')).toMatch(/^\/dev\/pay\//);
	});

	it('the contact form answers 503 and stores no message', async () => {
		const res = await whileLocked(() => postForm(server.url, '/en/contact', CONTACT));
		await expectNotSavedPage(res, /Not saved/);
		expect((await postForm(server.url, '/en/contact', CONTACT)).status).toBe(303);
	});

	it('the payment callback answers 503 with Retry-After and leaves the order pending', async () => {
		const { sessionId } = await checkOut(shopper(server.url));
		// The buyer approved at the provider; its callback arrives while the store is locked.
		withDb(server.dbFile, (db) =>
			db.prepare("update payment_sessions set state = 'AUTHORIZED' where id = ?").run(sessionId)
		);
		const res = await whileLocked(() => callback(server.url, sessionId));
		expect(await expectUnavailableJson(res)).toEqual({
			success: false,
			message: 'Service unavailable'
		});
		// The provider's retry goes through.
		expect(await (await callback(server.url, sessionId)).json()).toMatchObject({
			success: true,
			status: 'paid'
		});
	});

	// A member whose session is due for its sliding renewal writes while looking it up. Treated as
	// signed out, their write would be answered 401 or sent to sign in, and a rush's members told
	// they had no session; a public page read may still be shown to them signed out.
	it('a member whose session lookup meets the lock is answered 503 on a write, not signed out; a public page still shows', async () => {
		const event = copyEvent(server.dbFile);
		openRegistration(server.dbFile, event, { capacity: 3 });
		const dueForRenewal = () =>
			createSession(server.dbFile, { expiresInMs: 2 * 86_400_000 }).cookie;
		const [apiCaller, formCaller, reader] = [dueForRenewal(), dueForRenewal(), dueForRenewal()];
		const api = await whileLocked(() =>
			fetch(`${server.url}/api/events/${event}/registration`, {
				method: 'POST',
				headers: {
					origin: server.url,
					'content-type': 'application/json',
					cookie: apiCaller
				},
				body: '{}'
			})
		);
		expect(await expectUnavailableJson(api)).toEqual({
			error: 'Service unavailable',
			code: 'storage_busy'
		});
		const form = await whileLocked(() =>
			postForm(server.url, `/en/events/${event}?/register`, {}, { cookie: formCaller })
		);
		expect(form.status).toBe(503);
		expect(form.headers.get('location')).toBeNull();
		const page = await whileLocked(() =>
			fetch(`${server.url}/en/events/${event}`, { headers: { cookie: reader } })
		);
		expect(page.status).toBe(200);
	});

	it('an API write answers 503 with the error envelope', async () => {
		const res = await whileLocked(() =>
			fetch(`${server.url}/api/auth/anonymous`, { method: 'POST' })
		);
		expect(await expectUnavailableJson(res)).toEqual({
			error: 'Service unavailable',
			code: 'storage_busy'
		});
	});
});

// A real full disk: the database lives on a small tmpfs that the test fills to the last byte.
// Mounting needs root (this machine and CI run as root). SQLite's own SQLITE_FULL through
// `PRAGMA max_page_count` is no substitute: the pragma is per connection, and the server's
// connection is in another process. Where mount is refused the suite is skipped, and says so.
// Probed once with a mount that is taken down at once, so that collecting or filtering the tests
// never leaves a mount behind; the real one is made in beforeAll and removed in afterAll.
function mountTmpfs(at: string): boolean {
	try {
		execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', at], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
}
const canMount = (() => {
	const probe = mkdtempSync(join(tmpdir(), 'orgweb-mount-probe-'));
	const mounted = mountTmpfs(probe);
	if (mounted) execFileSync('umount', [probe]);
	else console.warn('disk-full tests skipped: mounting a tmpfs is not permitted here');
	rmSync(probe, { recursive: true, force: true });
	return mounted;
})();

describe.skipIf(!canMount)('a write when the disk is full', () => {
	let server: TestServer;
	let buyer: Shopper;
	let mountRoot = '';
	let mounted = false;
	const filler = () => join(mountRoot, 'filler');

	beforeAll(async () => {
		mountRoot = mkdtempSync(join(tmpdir(), 'orgweb-full-'));
		mounted = mountTmpfs(mountRoot);
		if (!mounted) throw new Error(`could not mount a tmpfs at ${mountRoot}`);
		mkdirSync(join(mountRoot, 'data'));
		server = await startServer({ ...ENV, DATABASE_FILE: join(mountRoot, 'data', 'orgweb.db') });
		buyer = shopper(server.url);
		expect((await buyer.post('/en/shop/mug', { quantity: '1' })).status).toBe(303);
	});
	afterAll(async () => {
		await server?.stop();
		if (mounted) execFileSync('umount', [mountRoot]);
		if (mountRoot) rmSync(mountRoot, { recursive: true, force: true });
	});

	/** Empties the WAL (it would otherwise be reused in place) and fills the disk to the last byte. */
	function fillDisk() {
		withDb(server.dbFile, (db) => db.pragma('wal_checkpoint(TRUNCATE)'));
		const fd = openSync(filler(), 'w');
		const chunk = Buffer.alloc(1 << 20);
		try {
			for (let size = chunk.length; size >= 1; size = Math.floor(size / 2)) {
				for (;;) {
					try {
						writeSync(fd, chunk, 0, size);
					} catch {
						break;
					}
				}
			}
		} finally {
			closeSync(fd);
		}
	}

	async function whileFull<T>(request: () => Promise<T>): Promise<T> {
		const before = snapshot(server.dbFile);
		fillDisk();
		try {
			return await request();
		} finally {
			rmSync(filler(), { force: true });
			expect(snapshot(server.dbFile)).toEqual(before);
		}
	}

	it('adding to the cart answers 503 with the "not saved" page, reserves nothing, and works once there is space', async () => {
		const res = await whileFull(() => buyer.post('/en/shop/hoodie', { quantity: '1' }));
		await expectNotSavedPage(res, /Not saved[\s\S]*nothing was changed/);
		expect((await buyer.post('/en/shop/hoodie', { quantity: '1' })).status).toBe(303);
	});

	it('checking out answers 503 and creates no order', async () => {
		const expectedTotalOre = await shownTotal(buyer);
		const res = await whileFull(() =>
			buyer.post('/en/shop/checkout', { ...BUYER, expectedTotalOre })
		);
		await expectNotSavedPage(res, /Not saved/);
	});

	it('the contact form answers 503 and stores no message', async () => {
		const res = await whileFull(() => postForm(server.url, '/en/contact', CONTACT));
		await expectNotSavedPage(res, /Not saved/);
		expect((await postForm(server.url, '/en/contact', CONTACT)).status).toBe(303);
	});

	it('an API write answers 503 with the error envelope', async () => {
		const res = await whileFull(() =>
			fetch(`${server.url}/api/auth/anonymous`, { method: 'POST' })
		);
		expect(await expectUnavailableJson(res)).toEqual({
			error: 'Service unavailable',
			code: 'storage_full'
		});
	});
});
