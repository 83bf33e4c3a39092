// Event registration at an opening and under churn (issue 32), on SQLite with one instance and on
// PostgreSQL with two instances sharing the database (the requests split over both in turn):
//
// - Rush: RUSH members, signed in beforehand, each on a connection opened beforehand, all POST
//   /api/events/{id}/registration at the opening instant, for 100 seats in two pools (60 for
//   members with an active membership, 40 for everyone; half the members have one). Checked
//   against the stored rows: every request answered 200 with a final status, exactly 100
//   confirmed, no pool over its seats, the waiting positions 1..n in the order the server received
//   them (the rows' `arrival`), each answer the same as its row. Measured against the same burst of
//   new visitors adding the sticker to their cart (POST /en/shop/sticker) on the same servers.
// - Churn: CHURN_OPS random operations from CHURN_WORKERS concurrent workers: register and
//   unregister over HTTP (200 members, half with a membership), capacity changes and removals by an
//   organiser through the engine in this process (the API has no admin endpoints yet; each a
//   transaction under the event's lock, like the server's). Then: each pool's confirmed count as
//   the API gives it and a direct count of the rows, no pool or event over its seats, nobody
//   waiting while a seat they may take is free, and every member's own answer (positions 1..n, no
//   gaps) — each disagreement one mismatch.
//
// Figures, not pass/fail: a failed check or a server error flags the run.
//   node bench/registration.mjs      (part `registration` of `npm run bench`)
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../scripts/pg-cluster.js';
import { freshDatabase } from './instances.mjs';
import { burst, client, percentile } from './lib/burst.mjs';
import { QUICK } from './lib/load.mjs';
import { BENCH_LIMITS, ensureBuild, startOrgweb } from './lib/orgweb.mjs';
import { isMain } from './lib/servers.mjs';
import { sourceLoader } from './lib/sources.mjs';
import { fmtRatio, printTable, ratio } from './lib/table.mjs';

const RUSH = Number(process.env.BENCH_RUSH_MEMBERS) || 1000;
const CHURN_OPS = Number(process.env.BENCH_CHURN_OPS) || (QUICK ? 2000 : 10_000);
const CHURN_MEMBERS = 200;
const CHURN_WORKERS = 50;
/** The most seats a capacity change gives the churn's event (it starts with 40). */
const CHURN_SEATS = 60;
// Development runs may take one engine: BENCH_REGISTRATION_ENGINES=sqlite or postgres.
const ENGINES = (process.env.BENCH_REGISTRATION_ENGINES ?? 'sqlite,postgres').split(',');
const ADMIN = { id: 'bench-admin', email: 'bench-admin@example.org' };
const DAY = 86_400_000;
// Every rate limit raised, the registration's too: the churn's members act many times a minute.
// Idle connections are kept for a minute (the default is 5 s), so the thousand opened before an
// opening are still there when it comes on a loaded machine.
const ENV = {
	...BENCH_LIMITS,
	RATE_LIMIT_REGISTRATION: '999999/1',
	CRON_ENABLED: 'false',
	HTTP_KEEP_ALIVE_TIMEOUT_MS: '60000'
};

const pools = (memberSeats, everyoneSeats, ids = []) => [
	{
		...(ids[0] && { id: ids[0] }),
		nameNo: 'Medlemmer',
		nameEn: 'Members',
		seats: memberSeats,
		eligibility: 'members'
	},
	{
		...(ids[1] && { id: ids[1] }),
		nameNo: 'Alle',
		nameEn: 'Everyone',
		seats: everyoneSeats,
		eligibility: 'everyone'
	}
];

/** A repeatable sequence in [0, 1) (mulberry32), so every run churns the same way. */
function random(seed) {
	let a = seed;
	return () => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
	};
}

/** The engine and the rows it needs, in this process, on the servers' database. */
function bench(src, db) {
	const roles = src.rolesService({
		store: src.sqlIdentityStore(db),
		isMember: async () => false,
		adminEmails: [ADMIN.email]
	});
	const engine = src.registrationService({ db, roles, canTakePayments: false });
	const admin = src.userContext({ ...ADMIN, name: 'Bench admin', isAnonymous: false }, 's-admin');

	/** `count` verified people with a session each; every other one with an active membership. */
	async function people(prefix, count) {
		const at = new Date().toISOString();
		const made = Array.from({ length: count }, (_, i) => {
			const id = `${prefix}-${i}`;
			const secret = randomBytes(32).toString('base64url');
			return { id, secret, cookie: `session=${secret}`, member: i % 2 === 0 };
		});
		for (let i = 0; i < made.length; i += 100) {
			const chunk = made.slice(i, i + 100);
			await db
				.insertInto('users')
				.values(
					chunk.map((p) =>
						src.userRow(p.id, {
							email: `${p.id}@bench.example.org`,
							created_at: at,
							email_verified_at: at
						})
					)
				)
				.execute();
			await db
				.insertInto('sessions')
				.values(
					chunk.map((p) => ({
						id: randomUUID(),
						user_id: p.id,
						secret_hash: createHash('sha256').update(p.secret).digest('hex'),
						created_at: at,
						expires_at: new Date(Date.now() + DAY).toISOString()
					}))
				)
				.execute();
			const members = chunk.filter((p) => p.member);
			if (members.length === 0) continue;
			await db
				.insertInto('orders')
				.values(members.map((p) => src.orderRow(`o-${p.id}`, 'paid', { user_id: p.id })))
				.execute();
			await db
				.insertInto('memberships')
				.values(
					members.map((p) => ({
						id: `m-${p.id}`,
						user_id: p.id,
						order_id: `o-${p.id}`,
						product_id: 'membership-semester-student',
						starts_at: new Date(Date.now() - DAY).toISOString(),
						ends_at: new Date(Date.now() + 30 * DAY).toISOString(),
						created_at: at
					}))
				)
				.execute();
		}
		return made;
	}

	/** A copy of a seeded event under a new id, with registration saved by the organiser. */
	async function event(name, settings) {
		const template = await db
			.selectFrom('events')
			.selectAll()
			.where('id', '=', 'evt-career')
			.executeTakeFirstOrThrow();
		const id = `evt-bench-${name}`;
		await db
			.insertInto('events')
			.values({ ...template, id, slug_en: null, version: 1 })
			.execute();
		await engine.saveSettings(admin, id, settings);
		return id;
	}

	const liveRows = (eventId) =>
		db
			.selectFrom('registrations')
			.select(['user_id', 'status', 'pool_id', 'arrival', 'queue'])
			.where('event_id', '=', eventId)
			.where('status', '<>', 'cancelled')
			.execute();

	/** Confirmed seats in each of `poolIds`, counted in the rows. */
	async function confirmedByPool(eventId, poolIds) {
		const rows = await liveRows(eventId);
		return poolIds.map(
			(id) => rows.filter((r) => r.status === 'confirmed' && r.pool_id === id).length
		);
	}

	return { engine, admin, people, event, liveRows, confirmedByPool };
}

const settings = (capacity, poolList, opensAt = new Date(Date.now() - 3_600_000)) => ({
	enabled: true,
	opensAt: opensAt.toISOString(),
	closesAt: new Date(Date.now() + DAY).toISOString(),
	capacity,
	pools: poolList
});

const asMember = (c, person, extra = {}) => ({
	cookie: person.cookie,
	origin: c.url,
	accept: 'application/json',
	...extra
});
const registrationPath = (eventId) => `/api/events/${eventId}/registration`;
const parse = (text) => {
	try {
		return JSON.parse(text);
	} catch {
		return null;
	}
};

async function rush(b, clients) {
	const at = (i) => clients[i % clients.length];
	const [members, warmers] = [await b.people('rush', RUSH), await b.people('warm', 100)];
	// The JIT's first requests are not what an opening costs.
	const warmEvent = await b.event('warm', settings(20, pools(10, 10)));
	await Promise.all(
		warmers.map((p, i) =>
			at(i).request('POST', registrationPath(warmEvent), {
				headers: asMember(at(i), p, { 'content-type': 'application/json' }),
				body: '{}'
			})
		)
	);
	const cartRequest = (i) => ({
		client: at(i),
		method: 'POST',
		path: '/en/shop/sticker',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			accept: 'text/html',
			origin: at(i).url
		},
		body: 'quantity=1'
	});
	await Promise.all(
		Array.from({ length: 100 }, (_, i) => cartRequest(i)).map((r) =>
			r.client.request(r.method, r.path, r)
		)
	);

	const cart = await burst(Array.from({ length: RUSH }, (_, i) => cartRequest(i)));
	const cartFailed = cart.answers.filter((a) => a.status !== 303).length;

	const later = new Date(Date.now() + 3_600_000);
	const eventId = await b.event('rush', settings(100, pools(60, 40), later));
	const poolIds = (await b.engine.settings(b.admin, eventId)).pools.map((p) => p.id);
	const { answers, figures } = await burst(
		members.map((p, i) => ({
			client: at(i),
			method: 'POST',
			path: registrationPath(eventId),
			headers: asMember(at(i), p, { 'content-type': 'application/json' }),
			body: '{}'
		})),
		// The organiser sets the opening a moment ahead once every member is connected.
		async () => {
			const opensAt = Date.now() + 200;
			await b.engine.saveSettings(
				b.admin,
				eventId,
				settings(100, pools(60, 40, poolIds), new Date(opensAt))
			);
			return opensAt + 1;
		}
	);

	const rows = await b.liveRows(eventId);
	const byUser = new Map(rows.map((r) => [r.user_id, r]));
	const waiting = rows.filter((r) => r.status === 'waiting').sort((a, c) => a.arrival - c.arrival);
	const rank = new Map(waiting.map((r, i) => [r.user_id, i + 1]));
	const arrivals = rows.map((r) => r.arrival).sort((a, c) => a - c);
	const problems = [];
	let final = 0;
	let wrongAnswers = 0;
	members.forEach((p, i) => {
		const mine = answers[i].status === 200 ? parse(answers[i].text) : null;
		if (mine?.status === 'confirmed' || mine?.status === 'waiting') final++;
		const row = byUser.get(p.id);
		const agrees =
			row &&
			mine?.status === row.status &&
			(row.status !== 'waiting' || mine.position === rank.get(p.id)) &&
			(row.status !== 'confirmed' || mine.pool?.id === row.pool_id);
		if (!agrees) wrongAnswers++;
	});
	const confirmed = poolIds.map((id) => rows.filter((r) => r.pool_id === id).length);
	const total = rows.filter((r) => r.status === 'confirmed').length;
	if (final !== RUSH) {
		const statuses = {};
		for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
		problems.push(
			`${RUSH - final} requests without a final status (HTTP ${JSON.stringify(statuses)})`
		);
	}
	if (total !== 100) problems.push(`${total} confirmed, not 100`);
	if (confirmed[0] > 60 || confirmed[1] > 40) problems.push(`pools over their seats: ${confirmed}`);
	if (waiting.length !== RUSH - 100) problems.push(`${waiting.length} waiting`);
	if (rows.length !== RUSH || arrivals.some((n, i) => n !== i + 1))
		problems.push('stored arrivals are not 1..n');
	if (wrongAnswers > 0) problems.push(`${wrongAnswers} answers differ from their stored row`);
	return {
		rush: { ...figures, final, confirmed: total, pools: confirmed, waiting: waiting.length },
		wrongAnswers,
		problems,
		cart: { ...cart.figures, failed: cartFailed }
	};
}

async function churn(b, servers, DomainError) {
	// Connections of its own: none left idle through the rush for the server to close meanwhile.
	const clients = servers.map((s) => client(s.url, CHURN_WORKERS));
	try {
		return await churnOn(b, clients, DomainError);
	} finally {
		for (const c of clients) c.close();
	}
}

async function churnOn(b, clients, DomainError) {
	const people = await b.people('churn', CHURN_MEMBERS);
	const eventId = await b.event('churn', settings(40, pools(20, 20)));
	const poolIds = (await b.engine.settings(b.admin, eventId)).pools.map((p) => p.id);
	const next = random(32);
	const ops = Array.from({ length: CHURN_OPS }, () => {
		const r = next();
		const who = people[Math.floor(next() * people.length)];
		const [extra, toMembers] = [Math.floor(next() * 21), next()];
		const kind = r < 0.5 ? 'register' : r < 0.8 ? 'unregister' : r < 0.9 ? 'capacity' : 'remove';
		return { kind, who, extra, toMembers };
	});
	const tally = {};
	const count = (key) => (tally[key] = (tally[key] ?? 0) + 1);
	const times = [];
	async function apply(op, c) {
		if (op.kind === 'register' || op.kind === 'unregister') {
			const a = await c.request(
				op.kind === 'register' ? 'POST' : 'DELETE',
				registrationPath(eventId),
				op.kind === 'register'
					? { headers: asMember(c, op.who, { 'content-type': 'application/json' }), body: '{}' }
					: { headers: asMember(c, op.who) }
			);
			times.push(a.ms);
			return count(`${op.kind} ${a.status}${a.error ? ` (${a.error})` : ''}`);
		}
		try {
			if (op.kind === 'capacity') {
				// From the seats taken now to up to 20 more, never past CHURN_SEATS in all, split at
				// random between the pools: a raise promotes the waiting, a cut to the taken seats
				// fills the event; with about 125 of the 200 registered at a time, the waiting list
				// stays long. A registration landing between the count and the save makes it a
				// refusal, which is an answer too.
				const taken = await b.confirmedByPool(eventId, poolIds);
				const extra = Math.max(0, Math.min(op.extra, CHURN_SEATS - taken[0] - taken[1]));
				const members = taken[0] + Math.floor(op.toMembers * (extra + 1));
				const everyone = taken[1] + extra - (members - taken[0]);
				const shape = pools(members, everyone, poolIds);
				await b.engine.saveSettings(b.admin, eventId, settings(members + everyone, shape));
			} else {
				await b.engine.remove(b.admin, eventId, { userId: op.who.id, reason: 'bench churn' });
			}
			count(`${op.kind} done`);
		} catch (error) {
			// A refusal is an answer; anything else (a lost connection, a timeout) is a failure.
			count(
				error instanceof DomainError
					? `${op.kind} refused (${error.code})`
					: `${op.kind} failed: ${error.message}`
			);
		}
	}
	let cursor = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: CHURN_WORKERS }, async (_, w) => {
			while (cursor < ops.length) await apply(ops[cursor++], clients[w % clients.length]);
		})
	);
	const seconds = (performance.now() - started) / 1000;

	// The checks: against the rows, each disagreement one mismatch.
	const stored = await b.engine.settings(b.admin, eventId);
	const rows = await b.liveRows(eventId);
	const mismatches = [];
	const confirmed = rows.filter((r) => r.status === 'confirmed');
	const direct = stored.pools.map((p) => confirmed.filter((r) => r.pool_id === p.id).length);
	for (const c of clients) {
		const a = await c.request('GET', registrationPath(eventId), {
			headers: asMember(c, people[0])
		});
		const overview = parse(a.text);
		if (overview?.confirmed !== confirmed.length)
			mismatches.push(`${c.url}: ${overview?.confirmed} confirmed, rows ${confirmed.length}`);
		stored.pools.forEach((p, i) => {
			const shown = overview?.pools?.find((q) => q.id === p.id)?.confirmed;
			if (shown !== direct[i])
				mismatches.push(`${c.url}: pool ${p.name.en} ${shown}, rows ${direct[i]}`);
		});
	}
	if (confirmed.length > stored.capacity) mismatches.push('more confirmed than the capacity');
	stored.pools.forEach((p, i) => {
		if (direct[i] > p.seats) mismatches.push(`pool ${p.name.en} over its seats`);
	});
	if (new Set(rows.map((r) => r.user_id)).size !== rows.length)
		mismatches.push('a person with two live registrations');
	const free = stored.pools.map((p, i) =>
		Math.min(p.seats - direct[i], stored.capacity - confirmed.length)
	);
	const member = new Set(people.filter((p) => p.member).map((p) => p.id));
	const waiting = rows.filter((r) => r.status === 'waiting').sort((a, c) => a.queue - c.queue);
	for (const w of waiting) {
		const couldTake = stored.pools.some(
			(p, i) => free[i] > 0 && (p.eligibility === 'everyone' || member.has(w.user_id))
		);
		if (couldTake) mismatches.push(`${w.user_id} waits beside a free seat`);
	}
	const rank = new Map(waiting.map((r, i) => [r.user_id, i + 1]));
	const byUser = new Map(rows.map((r) => [r.user_id, r]));
	await Promise.all(
		people.map(async (p, i) => {
			const c = clients[i % clients.length];
			const mine = parse(
				(await c.request('GET', registrationPath(eventId), { headers: asMember(c, p) })).text
			)?.mine;
			const row = byUser.get(p.id);
			const expected = row?.status ?? 'none';
			if (mine?.status !== expected) mismatches.push(`${p.id}: ${mine?.status}, row ${expected}`);
			else if (expected === 'waiting' && mine.position !== rank.get(p.id))
				mismatches.push(`${p.id}: position ${mine.position}, rank ${rank.get(p.id)}`);
		})
	);
	const serverErrors = Object.entries(tally)
		.filter(([key]) => / (5\d\d|0)( |$)/.test(key) || key.includes(' failed: '))
		.reduce((n, [, v]) => n + v, 0);
	return {
		ops: CHURN_OPS,
		seconds: Math.round(seconds * 10) / 10,
		opsPerSecond: Math.round(CHURN_OPS / seconds),
		httpP50: percentile(times, 0.5),
		httpP99: percentile(times, 0.99),
		tally,
		serverErrors,
		capacity: stored.capacity,
		pools: stored.pools.map((p, i) => `${p.name.en} ${direct[i]}/${p.seats}`).join(', '),
		waiting: waiting.length,
		mismatches: mismatches.length,
		examples: mismatches.slice(0, 5)
	};
}

async function measure(setup, servers, db, src) {
	const clients = servers.map((s) => client(s.url, RUSH));
	try {
		const b = bench(src, db);
		await db
			.insertInto('users')
			.values(src.userRow(ADMIN.id, { email: ADMIN.email }))
			.execute();
		const r = await rush(b, clients);
		const c = await churn(b, servers, src.DomainError);
		for (const s of servers) s.assertAlive();
		return { setup, ...r, churn: c };
	} finally {
		for (const c of clients) c.close();
	}
}

async function onSqlite(dir, dbModule, parts) {
	const file = join(dir, 'orgweb.db');
	const sqlite = await startOrgweb({
		databaseFile: file,
		logFile: join(dir, 'sqlite.log'),
		env: ENV
	});
	// A second connection to the server's file: SQLite's write lock (BEGIN IMMEDIATE, the busy
	// timeout) orders the organiser's changes here with the server's transactions.
	const { db } = dbModule.openDatabase(file);
	try {
		const row = await measure('SQLite, 1 instance', [sqlite], db, parts);
		printRegistration([row]);
		return row;
	} finally {
		await db.destroy();
		await sqlite.stop();
	}
}

async function onPostgres(dir, cluster, postgres, parts) {
	const url = await freshDatabase(cluster.adminUrl, 'bench_registration');
	const servers = [];
	try {
		// One after the other: the first migrates and seeds.
		for (let i = 0; i < 2; i++)
			servers.push(
				await startOrgweb({
					databaseFile: '',
					logFile: join(dir, 'pg.log'),
					env: { ...ENV, DATABASE_URL: url }
				})
			);
		// A connection for every worker: an organiser's change waits at the event's lock, not here.
		const pg = await postgres.openPostgres(url, { poolMax: CHURN_WORKERS, listen: false });
		try {
			const row = await measure('PostgreSQL, 2 instances', servers, pg.db, parts);
			printRegistration([row]);
			return row;
		} finally {
			await pg.db.destroy();
		}
	} finally {
		await Promise.all(servers.map((s) => s.stop()));
	}
}

export async function registrationBench() {
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-registration-'));
	const sources = await sourceLoader();
	const m = {};
	for (const [name, path] of Object.entries({
		db: 'db/index.ts',
		postgres: 'db/postgres.ts',
		registration: 'registration/index.ts',
		roles: 'identity/roles.ts',
		identity: 'identity/sql.ts',
		context: 'context.ts',
		rows: 'db/test-rows.ts',
		errors: 'errors.ts'
	}))
		m[name] = await sources.load(`/src/lib/server/${path}`);
	const parts = {
		...m.registration,
		...m.roles,
		...m.identity,
		...m.context,
		...m.rows,
		DomainError: m.errors.DomainError
	};
	const cluster = ENGINES.includes('postgres') ? await startCluster({ durable: true }) : null;
	const rows = [];
	try {
		if (ENGINES.includes('sqlite')) rows.push(await onSqlite(dir, m.db, parts));
		if (cluster) rows.push(await onPostgres(dir, cluster, m.postgres, parts));
	} finally {
		cluster?.stop();
		await sources.close();
		rmSync(dir, { recursive: true, force: true });
	}
	const flagged = rows.some(
		(r) =>
			r.problems.length > 0 ||
			r.rush.serverErrors + r.rush.socketErrors > 0 ||
			r.cart.failed > 0 ||
			r.churn.mismatches > 0 ||
			r.churn.serverErrors > 0
	);
	return { rushMembers: RUSH, churnOps: CHURN_OPS, rows, flagged };
}

function printRegistration(rows) {
	console.log(
		`\nRegistration rush: ${RUSH} signed-in members POST at the opening instant, each on its own connection, for 100 seats (pools 60 members + 40 everyone); against the same burst of new visitors adding to the cart`
	);
	printTable(
		[
			'setup',
			'final',
			'5xx',
			'confirmed',
			'waiting',
			'wrong',
			'rps',
			'p50 ms',
			'p99 ms',
			'cart rps',
			'cart p50',
			'cart p99',
			'× cart rps',
			'× p50',
			'× p99'
		],
		rows.map((r) => [
			r.setup,
			`${r.rush.final}/${r.rush.requests}`,
			r.rush.serverErrors + r.rush.socketErrors,
			`${r.rush.confirmed} (${r.rush.pools.join('+')})`,
			r.rush.waiting,
			r.wrongAnswers,
			r.rush.rps,
			r.rush.p50,
			r.rush.p99,
			r.cart.failed ? `${r.cart.rps} (${r.cart.failed} failed)` : r.cart.rps,
			r.cart.p50,
			r.cart.p99,
			fmtRatio(ratio(r.rush.rps, r.cart.rps)),
			fmtRatio(ratio(r.rush.p50, r.cart.p50)),
			fmtRatio(ratio(r.rush.p99, r.cart.p99))
		])
	);
	for (const r of rows)
		console.log(
			`  ${r.setup}: ${r.problems.length ? `FAILED ${r.problems.join('; ')}` : 'every check holds'}`
		);
	console.log(
		`\nRegistration churn: ${CHURN_OPS} operations from ${CHURN_WORKERS} workers (50 % register, 30 % unregister over HTTP by ${CHURN_MEMBERS} members; 10 % capacity changes to 0–20 seats above the taken ones, at most ${CHURN_SEATS}, 10 % removals through the engine)`
	);
	printTable(
		[
			'setup',
			'seconds',
			'ops/s',
			'HTTP p50',
			'HTTP p99',
			'server errors',
			'end state',
			'waiting',
			'mismatches'
		],
		rows.map((r) => [
			r.setup,
			r.churn.seconds,
			r.churn.opsPerSecond,
			r.churn.httpP50,
			r.churn.httpP99,
			r.churn.serverErrors,
			`capacity ${r.churn.capacity}: ${r.churn.pools}`,
			r.churn.waiting,
			r.churn.mismatches
		])
	);
	for (const r of rows) {
		const outcomes = Object.entries(r.churn.tally)
			.sort()
			.map(([k, v]) => `${k}: ${v}`)
			.join(', ');
		console.log(`  ${r.setup}: ${outcomes}`);
		if (r.churn.examples.length) console.log(`    mismatches, e.g. ${r.churn.examples.join('; ')}`);
	}
}

if (isMain(import.meta.url)) {
	ensureBuild();
	const result = await registrationBench();
	if (result.flagged) process.exitCode = 1;
}
