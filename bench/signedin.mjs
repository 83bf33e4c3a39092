// Pages for a signed-in member against the same pages for a visitor (issue 32): the home page, the
// events list, an event page and the expense list, at 50 connections, each against the minimal
// SvelteKit page measured in the same run. A visitor's page may come from the page cache; a
// member's never does, so the member's figures are what the server does per request.
//
//   node bench/signedin.mjs        (alone; bench/run.mjs runs it as part `signedin`)
//
// Loopback only, every load bounded by its duration (BENCH_SECONDS_50; BENCH_QUICK=1 shortens it).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startWithMember } from './expenses.mjs';
import { GOALS, printGoals } from './http.mjs';
import { QUICK, failure, load, seconds, warm } from './lib/load.mjs';
import { ensureBuild, firstLink } from './lib/orgweb.mjs';
import { buildSvelteKitRef } from './lib/refs.mjs';
import { isMain, settle, stopAll } from './lib/servers.mjs';
import { fmtRatio, printTable, ratio } from './lib/table.mjs';

/** Makes the bench's claimant an ordinary paying member: a paid order and a year's membership. */
function makeMember(file, userId) {
	const db = new Database(file);
	const at = new Date().toISOString();
	const orderId = randomUUID();
	db.prepare(
		`insert into orders (id, user_id, status, provider, total_ore, buyer_name, buyer_email,
		 buyer_phone, created_at, updated_at) values (?, ?, 'paid', 'simulator', 0, 'Bench Member',
		 'bench@example.org', '12345678', ?, ?)`
	).run(orderId, userId, at, at);
	db.prepare(
		`insert into memberships (id, user_id, order_id, product_id, starts_at, ends_at, created_at)
		 values (?, ?, ?, 'membership-year-regular', ?, ?, ?)`
	).run(
		randomUUID(),
		userId,
		orderId,
		new Date(Date.now() - 86_400_000).toISOString(),
		new Date(Date.now() + 200 * 86_400_000).toISOString(),
		at
	);
	db.close();
}

export async function signedInBench() {
	ensureBuild();
	const versions = buildSvelteKitRef();
	const duration = seconds('BENCH_SECONDS_50', QUICK ? 1.5 : 5);
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-signedin-'));
	const servers = [];
	try {
		const { orgweb, sveltekit, databaseFile, cookie, userId } = await startWithMember(dir, servers);
		makeMember(databaseFile, userId);
		const eventPage = await firstLink(orgweb.url, '/en/events', '/en/events/');
		// The expense list is behind sign-in: a visitor is sent to sign in, so it has no visitor row.
		const pages = [
			['home', '/en', true],
			['events', '/en/events', true],
			['event', eventPage, true],
			['expenses', '/en/fs', false]
		];
		console.log(
			`\nPages signed in as a paying member (no page cache) and as a visitor, 50 connections, ${duration} s each`
		);
		await warm(sveltekit.url + '/');
		const ref = await load(sveltekit.url + '/', { connections: 50, duration });
		const rows = [{ page: 'minimal SvelteKit page', path: '/', who: '', ...ref }];
		for (const [name, path, forVisitors] of pages) {
			const callers = forVisitors
				? [
						['visitor', {}],
						['member', { cookie }]
					]
				: [['member', { cookie }]];
			for (const [who, headers] of callers) {
				await warm(orgweb.url + path, undefined, headers);
				await settle(orgweb);
				const r = await load(orgweb.url + path, { connections: 50, duration, headers });
				rows.push({ page: name, path, who, ...r, vsSvelteKit: ratio(r.rps, ref.rps) });
			}
		}
		printTable(
			['page', 'path', 'who', 'rps', 'p50 ms', 'p99 ms', '× SK', 'failures'],
			rows.map((r) => [
				r.page,
				r.path,
				r.who,
				r.rps,
				r.p50,
				r.p99,
				fmtRatio(r.vsSvelteKit ?? null),
				r.ok ? '' : failure(r)
			])
		);
		const goals = rows
			.filter((r) => r.who === 'member')
			.map((r) => ({
				goal: `${r.path} signed in: ≥ ${GOALS.pageVsSvelteKit}× SvelteKit page, p99 < ${GOALS.p99Ms} ms`,
				measured: `${fmtRatio(r.vsSvelteKit)}, p99 ${r.p99} ms`,
				holds: r.ok && r.vsSvelteKit >= GOALS.pageVsSvelteKit && r.p99 < GOALS.p99Ms
			}));
		return { versions, rows, goals };
	} finally {
		await stopAll(servers);
		rmSync(dir, { recursive: true, force: true });
	}
}

if (isMain(import.meta.url)) {
	const result = await signedInBench();
	printGoals(result.goals, 'Signed-in pages (issue 32)');
}
