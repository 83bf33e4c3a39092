// `npm run db:copy` as an operator runs it: a site seeded by its first start on SQLite, stopped,
// copied into a new PostgreSQL database by the real script, then served from PostgreSQL: the
// pages and API answers are those the SQLite site gives, and its signed-in user stays signed in.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../src/lib/server/db/test-db';
import { createSession, withDb, type SessionFixture } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'orgweb-db-copy-it-'));
const file = join(dir, 'data', 'orgweb.db');
const servers: TestServer[] = [];
let pg: { url: string; drop(): Promise<void> };
let sqliteSite: TestServer;
let pgSite: TestServer;
let session: SessionFixture;
let copy: { code: number; output: string };

async function dbCopy(args: string[]) {
	try {
		const { stdout, stderr } = await run(process.execPath, ['scripts/db-copy.js', ...args], {
			env: { PATH: process.env.PATH, DATABASE_FILE: file },
			// A refusal must end the command, not leave it waiting on an open connection.
			timeout: 15_000
		});
		return { code: 0, output: stdout + stderr };
	} catch (error) {
		const e = error as { code: number; stdout: string; stderr: string };
		return { code: e.code, output: e.stdout + e.stderr };
	}
}

async function start(env: Record<string, string>) {
	// One public origin for both: absolute links (canonical, feeds, calendar UIDs) would otherwise
	// carry each server's own port.
	const server = await startServer({
		DATABASE_FILE: file,
		PUBLIC_ORIGIN: 'http://site.example',
		...env
	});
	servers.push(server);
	return server;
}

beforeAll(async () => {
	// First start: migrates and seeds the demo site; then it stops, as the README says to.
	const first = await start({});
	await first.stop();
	session = createSession(file, { name: 'Ada Copied', email: 'ada@example.org' });
	pg = await createPgDatabase(false);
	copy = await dbCopy(['--to', pg.url]);
	[sqliteSite, pgSite] = await Promise.all([start({}), start({ DATABASE_URL: pg.url })]);
}, 120_000);

afterAll(async () => {
	await Promise.all(servers.map((s) => s.stop()));
	await pg?.drop();
	rmSync(dir, { recursive: true, force: true });
});

/** What legitimately differs between two answers to the same request. */
function comparable(body: string): string {
	return (
		body
			// /api/health says when it answered.
			.replace(/"timestamp":"[^"]*"/g, '"timestamp":""')
			// A calendar feed stamps the second it was made; the two requests may straddle one.
			.replace(/^DTSTAMP:.*$/gm, 'DTSTAMP:')
	);
}

async function answer(site: TestServer, path: string, cookie?: string) {
	const response = await fetch(site.url + path, {
		headers: cookie ? { cookie } : {},
		redirect: 'manual'
	});
	return {
		status: response.status,
		type: response.headers.get('content-type'),
		body: comparable(await response.text())
	};
}

describe('npm run db:copy', { timeout: 60_000 }, () => {
	it('copies the stopped SQLite site into the new PostgreSQL database and says what it copied', () => {
		expect(copy.output).toMatch(/^\s+events\s+\d+$/m);
		expect(copy.output).toMatch(/copied \d+ rows in \d+ tables in \d+ ms; row counts checked/);
		expect(copy.code).toBe(0);
	});

	it('serves from PostgreSQL the same pages and API answers the SQLite site serves', async () => {
		const eventId = withDb(file, (db) =>
			db.prepare('select id from events order by starts_at desc limit 1').pluck().get()
		) as string;
		const slug = withDb(file, (db) =>
			db
				.prepare("select slug from products where category <> 'membership' order by slug")
				.pluck()
				.get()
		) as string;
		const newsId = withDb(file, (db) =>
			db.prepare('select id from news order by published_at desc limit 1').pluck().get()
		) as string;
		const paths = [
			'/en',
			'/no',
			'/en/events',
			`/en/events/${eventId}`,
			`/no/events/${eventId}`,
			'/en/events/calendar.ics',
			'/en/shop',
			`/en/shop/${slug}`,
			'/en/membership',
			'/en/units',
			'/en/units/board-oslo',
			'/en/news',
			`/en/news/${newsId}`,
			'/en/news/rss.xml',
			'/en/jobs',
			'/en/projects',
			'/en/campus',
			'/en/search?q=board',
			'/sitemap.xml',
			'/api/campus-leadership',
			'/api/auth/check',
			'/api/health',
			'/en/no-such-page'
		];
		for (const path of paths) {
			const [fromSqlite, fromPg] = await Promise.all([
				answer(sqliteSite, path),
				answer(pgSite, path)
			]);
			expect(fromPg, path).toEqual(fromSqlite);
			expect(fromSqlite.status, path).toBeLessThan(path.includes('no-such') ? 500 : 300);
		}
	});

	it('keeps a signed-in user signed in after the move', async () => {
		for (const path of ['/en/profile', '/api/auth/check']) {
			const [fromSqlite, fromPg] = await Promise.all([
				answer(sqliteSite, path, session.cookie),
				answer(pgSite, path, session.cookie)
			]);
			expect(fromPg, path).toEqual(fromSqlite);
		}
		const profile = await answer(pgSite, '/en/profile', session.cookie);
		expect(profile.status).toBe(200);
		expect(profile.body).toContain('Ada Copied');
	});

	it('refuses an SQLite file an older version left, telling to start the site once, and exits at once', async () => {
		const old = join(dir, 'old.db');
		withDb(file, (db) => db.prepare('vacuum into ?').run(old));
		withDb(old, (db) =>
			db.prepare("delete from kysely_migration where name = '009_indexes'").run()
		);
		const fresh = await createPgDatabase(false);
		try {
			const refused = await dbCopy(['--from', old, '--to', fresh.url]);
			expect(refused.output).toMatch(/lacks migrations 009_indexes: start the site once/);
			expect(refused.code).toBe(1);
		} finally {
			await fresh.drop();
		}
	});

	it('refuses to copy while the SQLite site is running, and the PostgreSQL site keeps serving', async () => {
		const again = await dbCopy(['--to', pg.url]);
		expect(again.code).toBe(1);
		expect(again.output.trim()).toBe(
			`db:copy: ${file} is open in another process: stop the site first`
		);
		expect((await answer(pgSite, '/en/events')).status).toBe(200);
	});
});
