import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbCopyCommand } from './copy-cli';
import { copyDatabase, rowSet } from './copy';
import { migrate, openSqlite, type Db } from './index';
import { openPostgres } from './postgres';
import { seedDemo } from './seed';
import { DEMO_MEMBER_COUNT } from './seed-registration';
import { createPgDatabase } from './test-db';
import { orderRow, paidClaimRow, receiptLineRow, reservationRow } from './test-rows';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

const T = '2026-11-23T12:00:00.000Z';
const LATER = '2026-12-23T12:00:00.000Z';

// A site as it runs: the demo content plus a row in every table the demo leaves empty.
async function fillEveryTable(db: Db): Promise<void> {
	await seedDemo(db, new Date(T));
	await db
		.insertInto('users')
		.values([
			{ id: 'u1', email: 'ada@example.org', name: 'Ada', is_anonymous: 0, created_at: T },
			{ id: 'u2', email: null, name: '', is_anonymous: 1, created_at: T, locale: 'no' }
		])
		.execute();
	await db
		.insertInto('sessions')
		.values({ id: 's1', user_id: 'u1', secret_hash: 'h1', created_at: T, expires_at: LATER })
		.execute();
	await db
		.insertInto('calendar_feeds')
		.values({ user_id: 'u1', token_hash: 'feed-h1', created_at: T })
		.execute();
	await db
		.insertInto('cart_reservations')
		.values(reservationRow('r1', 'c1', 'prod-mug', 2, { from: T, until: LATER }))
		.execute();
	await db
		.insertInto('orders')
		.values(orderRow('o1', 'paid', { locale: 'en', provider_session_id: 'ps1' }))
		.execute();
	await db
		.insertInto('order_lines')
		.values({
			id: 'l1',
			order_id: 'o1',
			product_id: 'membership-year-student',
			name: 'Membership — full year (student) «æøå»',
			unit_price_ore: 35_000,
			quantity: 1
		})
		.execute();
	await db
		.insertInto('order_events')
		.values({ id: 'e1', order_id: 'o1', to_status: 'paid', actor: 'provider', at: T })
		.execute();
	await db
		.insertInto('payment_sessions')
		.values({
			id: 'ps1',
			order_id: 'o1',
			state: 'paid',
			amount_ore: 35_000,
			created_at: T,
			updated_at: T
		})
		.execute();
	await db
		.insertInto('memberships')
		.values({
			id: 'm1',
			user_id: 'u1',
			order_id: 'o1',
			product_id: 'membership-year-student',
			starts_at: T,
			ends_at: '2027-11-23T12:00:00.000Z',
			created_at: T
		})
		.execute();
	await db
		.insertInto('mail_outbox')
		.values({
			id: 'mail1',
			kind: 'contact',
			to_address: 'post@example.org',
			subject: 'Hei',
			text_body: 'Line one\nline two\ttabbed',
			transport: 'log',
			created_at: T,
			reply_to: 'ada@example.org',
			about_address: 'ada@example.org'
		})
		.execute();
	await db
		.insertInto('contact_messages')
		.values({
			id: 'cm1',
			name: 'Ada',
			email: 'ada@example.org',
			subject: 'Hei',
			message: 'Emoji 🎉 and quotes "\'',
			locale: 'no',
			created_at: T,
			mail_id: 'mail1',
			status: 'handled',
			assignee_id: 'u1',
			handled_at: T,
			version: 3
		})
		.execute();
	await db
		.insertInto('contact_replies')
		.values({
			id: 'cr1',
			message_id: 'cm1',
			author_id: 'u1',
			body: 'Takk, «vi» svarer\nsnart',
			mail_id: 'mail1',
			created_at: T
		})
		.execute();
	await db
		.insertInto('auth_tokens')
		.values({
			id: 't1',
			user_id: 'u1',
			purpose: 'verify',
			token_hash: 'th1',
			created_at: T,
			expires_at: LATER
		})
		.execute();
	await db
		.insertInto('login_failures')
		.values({ key: 'ada@example.org', failures: 3, last_failure_at: T })
		.execute();
	await db
		.insertInto('oauth_accounts')
		.values({ provider: 'entra', subject: 'sub-1', user_id: 'u1', created_at: T })
		.execute();
	await db
		.insertInto('oauth_flows')
		.values({
			state_hash: 'st1',
			provider: 'entra',
			code_verifier: 'cv',
			nonce: 'n',
			redirect_to: '/en',
			created_at: T,
			expires_at: LATER
		})
		.execute();
	await db
		.insertInto('team_members')
		.values({ unit_id: 'board-oslo', user_id: 'u1', role: 'leader', created_at: T })
		.execute();
	await db
		.insertInto('invitations')
		.values({
			id: 'i1',
			unit_id: 'board-oslo',
			role: 'member',
			email: 'bob@example.org',
			token_hash: 'ih1',
			invited_by: 'u1',
			created_at: T,
			expires_at: LATER,
			accepted_at: T,
			accepted_by: 'u2'
		})
		.execute();
	// A site's own change to catalogue rows a migration inserted must survive the copy.
	await db
		.updateTable('products')
		.set({ price_ore: 21_000 })
		.where('id', '=', 'membership-semester-student')
		.execute();
	await db
		.insertInto('rate_limits')
		.values({ key: 'auth:10.0.0.1', count: 3, reset_at_ms: Date.parse(T) + 60_000 })
		.execute();
	await db
		.insertInto('job_leases')
		.values({ name: 'cleanup', holder: 'h1', expires_at: T })
		.execute();
	await db
		.insertInto('files')
		.values({
			id: 'f1',
			owner_id: 'u1',
			purpose: 'receipt',
			mime_type: 'image/jpeg',
			size: 123_456,
			sha256: 'ab'.repeat(32),
			original_name: 'Kvittering blåbær.jpg',
			storage_key: '0123456789abcdef0123456789abcdef',
			width: 2560,
			height: 1920,
			thumbnail_key: 'fedcba9876543210fedcba9876543210',
			created_at: T
		})
		.execute();
	await db
		.insertInto('expense_claims')
		.values(
			paidClaimRow('x1', T, {
				advance_ore: 5_000,
				total_ore: 24_990,
				decided_by: 'u1',
				payout_date: '2026-11-23'
			})
		)
		.execute();
	await db
		.insertInto('expense_lines')
		.values(
			receiptLineRow('xl1', 'x1', 'file-1', {
				date: '2026-11-20',
				amount_ore: 24_990,
				currency: 'EUR',
				original_hundredths: 2_150
			})
		)
		.execute();
	await db
		.insertInto('expense_submitted_units')
		.values({ claim_id: 'x1', unit_id: 'board-oslo', submitted_at: T })
		.execute();
	await db
		.insertInto('files')
		.values({
			id: 'f2',
			owner_id: 'u1',
			purpose: 'document',
			mime_type: 'text/markdown; charset=utf-8',
			size: 64,
			sha256: 'cd'.repeat(32),
			original_name: 'Husregler.md',
			storage_key: '00112233445566778899aabbccddeeff',
			width: null,
			height: null,
			thumbnail_key: null,
			created_at: T
		})
		.execute();
	await db
		.insertInto('documents')
		.values({
			id: 'd1',
			file_id: 'f2',
			title: 'Husregler – nøkler',
			locale: null,
			unit_id: null,
			uploaded_by: 'u1',
			characters: 42,
			passage_count: 1,
			created_at: T
		})
		.execute();
	await db
		.insertInto('document_passages')
		.values({ document_id: 'd1', position: 0, heading: 'Nøkler', text: 'Hent nøkkel hos vakt.' })
		.execute();
	await db
		.insertInto('file_variants')
		.values({
			file_id: 'f1',
			format: 'avif',
			width: 480,
			height: 360,
			size: 20_480,
			storage_key: 'aaaabbbbccccddddeeeeffff00001111'
		})
		.execute();
	await db
		.insertInto('slug_redirects')
		.values({ kind: 'jobs', slug: 'kasserer', target: 'kasserer-i-styret', created_at: T })
		.execute();
	await db
		.insertInto('admin_grants')
		.values({ user_id: 'u1', granted_by: 'system:test', granted_at: T })
		.execute();
	await db
		.insertInto('assistant_feedback')
		.values({
			id: '7f0c3b1e-2d4a-4f6b-9c8d-0e1f2a3b4c5d',
			locale: 'no',
			question: 'Har dere badstue på campus?',
			found: 0,
			answered_by: 'local',
			rating: 'unhelpful',
			created_at: T,
			rated_at: T
		})
		.execute();
	await db
		.insertInto('safety_grants')
		.values({ user_id: 'u1', granted_by: 'system:test', granted_at: T })
		.execute();
	await db
		.insertInto('safety_reports')
		.values({
			id: 'sr1',
			receipt_hash: 'a'.repeat(64),
			passphrase_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
			body: 'v1:00000000:iv:tag:body',
			reporter_name: null,
			reporter_email: null,
			unit_id: null,
			locale: 'no',
			status: 'new',
			last_message_by: 'staff',
			created_at: T,
			updated_at: T
		})
		.execute();
	await db
		.insertInto('safety_messages')
		.values({
			id: 'sm1',
			report_id: 'sr1',
			author: 'staff',
			staff_id: 'u1',
			body: 'v1:00000000:iv:tag:reply',
			created_at: T
		})
		.execute();
	await db
		.insertInto('safety_access_log')
		.values({ id: '0001', report_id: 'sr1', actor: 'u1', action: 'reply', details: null, at: T })
		.execute();
	await db
		.insertInto('job_applications')
		.values({
			id: 'a1',
			job_id: 'job-treasurer',
			owner_id: 'u1',
			name: 'Kari Nordmann',
			email: 'kari@example.org',
			phone: '+47 912 34 567',
			motivation: 'Jeg vil gjerne føre regnskapet.',
			locale: 'no',
			status: 'in_review',
			version: 2,
			withdraw_token_hash: 'ab'.repeat(32),
			mail_ids: '[]',
			created_at: T,
			updated_at: T
		})
		.execute();
	await db
		.insertInto('job_application_files')
		.values({ application_id: 'a1', position: 0, file_id: 'f1' })
		.execute();
	await db
		.insertInto('job_application_notes')
		.values({
			id: 'n1',
			application_id: 'a1',
			author_id: 'u1',
			body: 'Sterk søker.',
			created_at: T
		})
		.execute();
	// An event the demo gives no registration of its own.
	const event = await db
		.selectFrom('events')
		.select('id')
		.where('id', '=', 'evt-julebord')
		.executeTakeFirstOrThrow();
	await db
		.insertInto('event_registration')
		.values({
			event_id: event.id,
			enabled: 1,
			opens_at: T,
			closes_at: '2026-12-01T12:00:00.000Z',
			unregister_by: null,
			late_unregister: 0,
			capacity: 10,
			mode: 'draw',
			draw_minutes: 10,
			draw_seed: 'ab'.repeat(16),
			drawn_at: T,
			merge_at: null,
			price_member_ore: null,
			price_other_ore: 5000,
			question_no: 'Allergier?',
			question_en: 'Allergies?',
			answer_keep_days: 30,
			updated_at: T
		})
		.execute();
	await db
		.insertInto('registration_pools')
		.values({
			id: 'pool1',
			event_id: event.id,
			sort: 0,
			name_no: 'Kor',
			name_en: 'Choir',
			seats: 5,
			eligibility: 'units',
			unit_ids: '["board-oslo"]',
			campus_id: null
		})
		.execute();
	await db
		.insertInto('registrations')
		.values({
			id: 'r1',
			event_id: event.id,
			user_id: 'u1',
			pool_id: 'pool1',
			status: 'confirmed',
			arrival: 1,
			queue: 3,
			answer: 'Nøtter',
			order_id: null,
			pay_by: T,
			late: 0,
			cancelled_reason: null,
			created_at: T,
			updated_at: T
		})
		.execute();
	await db
		.insertInto('notification_preferences')
		.values({ user_id: 'u1', kind: 'promoted', enabled: 0, updated_at: T })
		.execute();
	await db
		.insertInto('event_feedback_settings')
		.values({ event_id: event.id, enabled: 1, updated_at: T })
		.execute();
	await db
		.insertInto('event_feedback')
		.values({
			event_id: event.id,
			user_id: 'u1',
			rating: 4,
			comment: 'Flott, men kø i garderoben',
			created_at: T,
			updated_at: T
		})
		.execute();
	await db
		.insertInto('attendance')
		.values({
			registration_id: 'r1',
			event_id: event.id,
			user_id: 'u1',
			state: 'late',
			arrived_at: T,
			reason: null,
			updated_at: T
		})
		.execute();
	await db
		.insertInto('marks')
		.values({
			id: 'mark1',
			user_id: 'u1',
			event_id: event.id,
			registration_id: 'r1',
			kind: 'no_show',
			weight: 1,
			event_at: T,
			created_at: T,
			removed_at: T,
			removed_by: 'u1',
			removed_reason: 'Syk'
		})
		.execute();
	await db
		.insertInto('check_ins')
		.values({
			registration_id: 'r1',
			event_id: event.id,
			door: 'Inngang øst',
			checked_by: 'u1',
			at: T,
			recorded_at: LATER
		})
		.execute();
	await db
		.insertInto('unit_follows')
		.values({ user_id: 'u1', unit_id: 'board-oslo', created_at: T })
		.execute();
	await db
		.insertInto('audit_log')
		.values({
			id: '0001',
			at: T,
			actor: 'u1',
			subject_type: 'expense_claim',
			subject_id: 'x1',
			action: 'pay',
			details: '{"payout_date":"2026-11-23"}'
		})
		.execute();
}

async function tablesOf(db: AnyDb): Promise<string[]> {
	const { rows } = await sql<{ name: string }>`
		select name from sqlite_master where type = 'table'
		and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\'
		order by name`.execute(db);
	return rows.map((r) => r.name);
}

async function contents(db: AnyDb, tables: string[]): Promise<Record<string, string[]>> {
	const all: Record<string, string[]> = {};
	for (const table of tables) all[table] = rowSet(await db.selectFrom(table).selectAll().execute());
	return all;
}

let dir: string;
let file: string;
let source: Db;
let pgUrl: string;
let dropPg: () => Promise<void>;
let target: Db;

beforeEach(async () => {
	dir = mkdtempSync(join(tmpdir(), 'orgweb-copy-'));
	file = join(dir, 'orgweb.db');
	source = openSqlite(file);
	await migrate(source);
	await fillEveryTable(source);
	// A new database, as `createdb` makes it: db:copy migrates it.
	const pg = await createPgDatabase(false);
	pgUrl = pg.url;
	dropPg = pg.drop;
	target = (await openPostgres(pgUrl, { listen: false, poolMax: 3 })).db;
});

afterEach(async () => {
	await source.destroy();
	await target.destroy();
	await dropPg();
	rmSync(dir, { recursive: true, force: true });
});

describe('copyDatabase', () => {
	it('copies every table of a seeded site so PostgreSQL holds exactly the same rows', async () => {
		const tables = await tablesOf(source as unknown as AnyDb);
		const before = await contents(source as unknown as AnyDb, tables);
		// Otherwise a table could be "copied" without anything in it to compare.
		expect(tables.filter((t) => before[t]!.length === 0)).toEqual([]);

		const result = await copyDatabase(source, target);

		expect(await contents(target as unknown as AnyDb, tables)).toEqual(before);
		expect(result.tables.map((t) => t.table).sort()).toEqual(tables);
		expect(result.rows).toBe(Object.values(before).reduce((n, rows) => n + rows.length, 0));
		expect(result.migrated.length).toBeGreaterThan(0);
		// Parents before children: an order before its lines, a user before their sessions.
		const order = result.tables.map((t) => t.table);
		expect(order.indexOf('orders')).toBeLessThan(order.indexOf('order_lines'));
		expect(order.indexOf('users')).toBeLessThan(order.indexOf('sessions'));
		expect(order.indexOf('products')).toBeLessThan(order.indexOf('membership_plans'));
	});

	it('leaves timestamps and integers readable on PostgreSQL as the site wrote them', async () => {
		await copyDatabase(source, target);
		const order = await target
			.selectFrom('orders')
			.selectAll()
			.where('id', '=', 'o1')
			.executeTakeFirstOrThrow();
		expect(order.created_at).toBe(T);
		expect(order.total_ore).toBe(100);
		const event = await target
			.selectFrom('events')
			.select('starts_at')
			.orderBy('id')
			.executeTakeFirstOrThrow();
		expect(new Date(event.starts_at).toISOString()).toBe(event.starts_at);
		// And a timestamp still compares as time on PostgreSQL (a range query the site makes).
		const { count } = await target
			.selectFrom('sessions')
			.select((eb) => eb.fn.countAll<number>().as('count'))
			.where('expires_at', '>', T)
			.executeTakeFirstOrThrow();
		expect(count).toBe(1);
	});

	it('leaves the target empty when PostgreSQL refuses a row half-way', async () => {
		// PostgreSQL text cannot hold a NUL character; SQLite's can. News is copied after many tables.
		await source
			.updateTable('news')
			.set({ title_en: 'broken\u0000title' })
			.where(
				'id',
				'=',
				(await source.selectFrom('news').select('id').limit(1).executeTakeFirstOrThrow()).id
			)
			.execute();

		await expect(copyDatabase(source, target)).rejects.toThrow(
			/PostgreSQL refused a row of news.*the PostgreSQL database is left empty/
		);

		const tables = await tablesOf(source as unknown as AnyDb);
		const after = await contents(target as unknown as AnyDb, tables);
		const fresh = await freshlyMigrated(tables);
		expect(after).toEqual(fresh);
		expect(after.users).toEqual([]);
		// Once the row is fixed, the same target takes the copy.
		await source
			.updateTable('news')
			.set({ title_en: 'fixed' })
			.where('title_en', 'like', 'broken%')
			.execute();
		await expect(copyDatabase(source, target)).resolves.toBeTruthy();
	});

	it('refuses a timestamp PostgreSQL would read back differently, and writes nothing', async () => {
		await source
			.updateTable('users')
			.set({ created_at: '2026-11-23 12:00:00' })
			.where('id', '=', 'u2')
			.execute();

		await expect(copyDatabase(source, target)).rejects.toThrow(
			/users\.created_at of row \["u2"\] would change from "2026-11-23 12:00:00" to "2026-11-23T12:00:00.000Z"/
		);
		expect(await target.selectFrom('users').selectAll().execute()).toEqual([]);
	});

	it('refuses a target that already holds data and leaves that data alone', async () => {
		await migrate(target);
		await target
			.insertInto('users')
			.values({ id: 'pg-user', name: 'Kept', is_anonymous: 0, created_at: T })
			.execute();

		await expect(copyDatabase(source, target)).rejects.toThrow(
			/already holds data \(users: 1 rows\).*empty database/
		);
		expect(await target.selectFrom('users').select('id').execute()).toEqual([{ id: 'pg-user' }]);
		expect(await target.selectFrom('campuses').selectAll().execute()).toEqual([]);
	});

	it('refuses a target that already received a copy', async () => {
		await copyDatabase(source, target);
		await expect(copyDatabase(source, target)).rejects.toThrow(/already holds data/);
	});

	it('refuses a source that lacks a migration this version has, telling to start the site once', async () => {
		await sql`delete from kysely_migration where name = '009_indexes'`.execute(source);
		await expect(copyDatabase(source, target)).rejects.toThrow(
			/lacks migrations 009_indexes: start the site once on this version/
		);
	});

	it('refuses a source written by a newer version', async () => {
		await sql`insert into kysely_migration (name, timestamp) values ('999_future', ${T})`.execute(
			source
		);
		await expect(copyDatabase(source, target)).rejects.toThrow(/newer orgweb.*999_future/);
		expect(await migratedNames(target)).toEqual([]);
	});

	it('rolls back when the site writes to the SQLite file during the copy', async () => {
		const reader = new SQLite(file, { readonly: true });
		const version = reader.prepare('PRAGMA data_version').pluck();
		let seen = version.get();
		const changed = () => {
			const now = version.get();
			const moved = now !== seen;
			seen = now;
			return moved;
		};
		const readOnly = new Kysely({
			dialect: new SqliteDialect({ database: reader })
		}) as Db;
		try {
			let wrote = false;
			await expect(
				copyDatabase(readOnly, target, {
					sourceChanged: changed,
					onTable: async () => {
						if (wrote) return;
						wrote = true;
						// The running site, on its own connection.
						await source.insertInto('app_meta').values({ key: 'late', value: 'write' }).execute();
					}
				})
			).rejects.toThrow(/written to during the copy.*stop the site/);
			expect(await target.selectFrom('users').selectAll().execute()).toEqual([]);
		} finally {
			await readOnly.destroy();
		}
	});
});

describe('npm run db:copy', () => {
	const io = () => {
		const lines = { out: [] as string[], err: [] as string[] };
		return {
			lines,
			io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) }
		};
	};

	it('copies the configured SQLite file into the PostgreSQL database given with --to and prints each table', async () => {
		// The site is stopped: nobody else has the file open.
		await source.destroy();
		const { lines, io: out } = io();
		const code = await dbCopyCommand(['--to', pgUrl], { DATABASE_FILE: file }, out);
		source = openSqlite(file);
		expect(lines.err).toEqual([]);
		expect(code).toBe(0);
		// The two accounts fillEveryTable writes and the demo's members.
		expect(lines.out.join('\n')).toMatch(
			new RegExp(`^\\s+users\\s+${2 + DEMO_MEMBER_COUNT}$`, 'm')
		);
		expect(lines.out.at(-1)).toMatch(
			/^copied \d+ rows in \d+ tables in \d+ ms; row counts checked$/
		);
		const copied = await target.selectFrom('users').select('id').orderBy('id').execute();
		expect(copied.map((u) => u.id).filter((id) => !id.startsWith('demo-member-'))).toEqual([
			'u1',
			'u2'
		]);
		expect(copied).toHaveLength(2 + DEMO_MEMBER_COUNT);
	});

	it('refuses to copy while the site has the SQLite file open', async () => {
		const { lines, io: out } = io();
		const code = await dbCopyCommand(['--from', file, '--to', pgUrl], {}, out);
		expect(code).toBe(1);
		expect(lines.err).toEqual([`db:copy: ${file} is open in another process: stop the site first`]);
		expect(await migratedNames(target)).toEqual([]);
	});

	it('answers bad usage with one line and exit code 2', async () => {
		const cases: [string[], Record<string, string>, RegExp][] = [
			[
				['--to', pgUrl, '--from', join(dir, 'missing.db')],
				{},
				/--from: no SQLite database at this path/
			],
			[['--from', file], {}, /--to: no PostgreSQL database given/],
			[['--from', file, '--to', 'mysql://x/y'], {}, /--to: expected postgres:\/\//],
			[['--form', file], {}, /Unknown option '--form'/],
			[[], { DATABASE_FILE: file, DATABASE_URL: 'nope' }, /DATABASE_URL/]
		];
		for (const [args, env, message] of cases) {
			const { lines, io: out } = io();
			expect(await dbCopyCommand(args, env, out)).toBe(2);
			expect(lines.err).toHaveLength(1);
			expect(lines.err[0]).toMatch(message);
			expect(lines.err[0]).toMatch(/see --help/);
		}
	});

	it('refuses a file that is not an SQLite database and leaves it as it was', async () => {
		const notDb = join(dir, 'notes.txt');
		writeFileSync(notDb, 'not a database, just some text that is long enough to have a header');
		const { lines, io: out } = io();
		expect(await dbCopyCommand(['--from', notDb, '--to', pgUrl], {}, out)).toBe(1);
		expect(lines.err).toHaveLength(1);
		expect(lines.err[0]).toMatch(/^db:copy: .*notes\.txt is not an SQLite database/);
		expect(readFileSync(notDb, 'utf8')).toMatch(/^not a database/);
	});

	it("leaves a stopped site's file in the journal mode the site keeps it in", async () => {
		await source.destroy();
		const { io: out } = io();
		expect(await dbCopyCommand(['--from', file, '--to', pgUrl], {}, out)).toBe(0);
		const check = new SQLite(file, { readonly: true });
		expect(check.pragma('journal_mode', { simple: true })).toBe('wal');
		check.close();
		source = openSqlite(file);
	});

	it('names the PostgreSQL server it cannot reach without printing the password', async () => {
		await source.destroy();
		const { lines, io: out } = io();
		const url = new URL(pgUrl);
		url.port = '1';
		url.password = 'secret-password';
		const code = await dbCopyCommand(['--from', file, '--to', url.toString()], {}, out);
		source = openSqlite(file);
		expect(code).toBe(1);
		expect(lines.err.join('\n')).toMatch(
			/cannot connect to postgres:\/\/.*:\*\*\*@127\.0\.0\.1:1\//
		);
		expect(lines.err.join('\n')).not.toContain('secret-password');
	});
});

async function migratedNames(db: Db): Promise<string[]> {
	const { rows } = await sql<{
		found: string | null;
	}>`select to_regclass('kysely_migration')::text as found`.execute(db);
	if (!rows[0]?.found) return [];
	return (
		await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
	).rows.map((r) => r.name);
}

async function freshlyMigrated(tables: string[]): Promise<Record<string, string[]>> {
	const db = openSqlite(':memory:');
	await migrate(db);
	const all = await contents(db as unknown as AnyDb, tables);
	await db.destroy();
	return all;
}
