// Door check-in (issue 33): 300 ticket holders scanned in a row, as one door does it, against the
// built server on SQLite. Each scan is a POST /api/events/{id}/check-in with the holder's ticket
// (signed here with the server's key, as the member's page shows it), timed from request to
// answer; a scan that is not answered `checked_in` flags the run. Then the same 300 again: each
// answered `already`, and still 300 check-ins stored. Figures: p50 and p99 per scan (goal: 200 ms
// server-side).
//   node bench/checkin.mjs      (part `checkin` of `npm run bench`)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { percentile } from './lib/burst.mjs';
import { BENCH_LIMITS, ensureBuild, insertSession, startOrgweb } from './lib/orgweb.mjs';
import { isMain } from './lib/servers.mjs';
import { sourceLoader } from './lib/sources.mjs';
import { printTable } from './lib/table.mjs';

const HOLDERS = 300;
const EVENT = 'evt-julebord';
const ADMIN_EMAIL = 'bench-admin@example.org';
/** The goal of issue 33 for one scan, server-side. */
export const CHECKIN_GOAL_MS = 200;

/** HOLDERS confirmed registrations on EVENT, written as the engine writes them. */
function seatHolders(file) {
	const db = new Database(file);
	try {
		const now = new Date().toISOString();
		db.prepare(
			'insert into event_registration (event_id, enabled, opens_at, closes_at, capacity, updated_at) values (?, 1, ?, ?, ?, ?)'
		).run(EVENT, now, new Date(Date.now() + 86_400_000).toISOString(), HOLDERS, now);
		const ids = [];
		const user = db.prepare(
			'insert into users (id, email, name, is_anonymous, created_at, email_verified_at) values (?, ?, ?, 0, ?, ?)'
		);
		const seat = db.prepare(
			"insert into registrations (id, event_id, user_id, status, arrival, queue, created_at, updated_at) values (?, ?, ?, 'confirmed', ?, ?, ?, ?)"
		);
		db.transaction(() => {
			for (let i = 1; i <= HOLDERS; i++) {
				const userId = randomUUID();
				const id = randomUUID();
				user.run(userId, `holder-${i}@example.org`, `Holder ${i}`, now, now);
				seat.run(id, EVENT, userId, i, i, now, now);
				ids.push(id);
			}
		})();
		const { secret } = insertSession(db, ADMIN_EMAIL, 'Bench Admin');
		return { ids, cookie: `session=${secret}` };
	} finally {
		db.close();
	}
}

async function scanAll(url, cookie, tokens) {
	const times = [];
	const outcomes = {};
	for (const token of tokens) {
		const started = performance.now();
		const res = await fetch(`${url}/api/events/${EVENT}/check-in`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: url, cookie },
			body: JSON.stringify({ token, door: 'bench' })
		});
		const body = await res.json();
		times.push(performance.now() - started);
		const outcome = res.ok ? body.outcome : `${res.status} ${body.code ?? body.error}`;
		outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
	}
	return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), outcomes };
}

export async function checkinBench() {
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-bench-checkin-'));
	const key = randomBytes(32);
	const sources = await sourceLoader();
	try {
		const { keyring } = await sources.load('/src/lib/server/crypto/keyring.ts');
		const { issueTicket, TICKET_PURPOSE } = await sources.load('/src/lib/server/tickets/token.ts');
		const file = join(dir, 'orgweb.db');
		const server = await startOrgweb({
			databaseFile: file,
			logFile: join(dir, 'server.log'),
			env: {
				...BENCH_LIMITS,
				CRON_ENABLED: 'false',
				ADMIN_EMAILS: ADMIN_EMAIL,
				EXPENSE_ACCOUNT_KEY: key.toString('base64')
			}
		});
		try {
			const { ids, cookie } = seatHolders(file);
			const keys = keyring([key]).signingKeys(TICKET_PURPOSE);
			const tokens = ids.map((registrationId) =>
				issueTicket(keys, { eventId: EVENT, registrationId })
			);
			const first = await scanAll(server.url, cookie, tokens);
			const again = await scanAll(server.url, cookie, tokens);
			const stored = new Database(file, { readonly: true })
				.prepare('select count(*) as n from check_ins where event_id = ?')
				.get(EVENT).n;
			server.assertAlive();
			const flagged =
				first.outcomes.checked_in !== HOLDERS ||
				again.outcomes.already !== HOLDERS ||
				stored !== HOLDERS;
			const result = { holders: HOLDERS, first, again, stored, goalMs: CHECKIN_GOAL_MS, flagged };
			console.log(
				`\nCheck-in: ${HOLDERS} tickets scanned in a row at one door (SQLite, 1 instance)`
			);
			printTable(
				['pass', 'p50 ms', 'p99 ms', 'answers'],
				[
					['first scans', first.p50, first.p99, JSON.stringify(first.outcomes)],
					['scanned again', again.p50, again.p99, JSON.stringify(again.outcomes)]
				]
			);
			console.log(
				`stored check-ins: ${stored}; goal ≤ ${CHECKIN_GOAL_MS} ms per scan${flagged ? '\n!! FLAGGED: a scan was not answered as expected' : ''}`
			);
			return result;
		} finally {
			await server.stop();
		}
	} finally {
		await sources.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

if (isMain(import.meta.url)) {
	ensureBuild();
	const result = await checkinBench();
	if (result.flagged) process.exitCode = 1;
}
