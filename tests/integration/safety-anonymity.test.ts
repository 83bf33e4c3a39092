// The anonymity of a named safety report, end to end (issue 36): a reporter who gives a name and
// an e-mail address is found by neither anywhere an operator, a thief of the disk or a reader of
// the logs looks — the database file's raw bytes (WAL included), the server's log, and a backup
// (`npm run backup`) — after the whole cycle: report, answer (whose notice reaches the reporter),
// follow-up and reply, a second answer. Without SMTP (the outbox is the destination) and over
// SMTP (a real local SMTP server), since the two keep and log a notice differently.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createSession, withDb } from '../helpers/fixtures';
import { mainText } from '../helpers/http';
import { Browser } from '../helpers/identity';
import { startServer, type TestServer } from '../helpers/server';
import { localSmtp } from '../helpers/smtp';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'orgweb-safety-anonymity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NAME = 'Sunniva Quistgaard-Varsel';
const EMAIL = 'Sunniva.QV7731@example.org';
const PASSPHRASE = 'seven purple herons';
/** What must not be found, as stored text would hold it (SQLite keeps text as UTF-8). */
const TRACES = ['quistgaard', 'sunniva.qv7731', 'sunniva'];

/** Every file under `path`, as bytes. */
function filesUnder(path: string): { file: string; bytes: Buffer }[] {
	if (!existsSync(path)) return [];
	if (statSync(path).isFile()) return [{ file: path, bytes: readFileSync(path) }];
	return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/** The traces found in these bytes, whatever their case. */
const tracesIn = (bytes: Buffer | string) => {
	const text = (typeof bytes === 'string' ? bytes : bytes.toString('latin1')).toLowerCase();
	return TRACES.filter((t) => text.includes(t));
};

describe.each([
	['without SMTP, the outbox being the destination', false],
	['over SMTP', true]
])('a named report, answered and followed up, %s', { timeout: 60_000 }, (_, withSmtp) => {
	it("leaves the reporter's name and address nowhere in clear: database file, WAL, log, backup", async () => {
		const smtp = withSmtp ? await localSmtp() : null;
		const server: TestServer = await startServer({
			SAFETY_EMAILS: 'safe@example.org',
			LOG_LEVEL: 'info',
			...(smtp ? { SMTP_URL: smtp.url } : {})
		});
		try {
			const q = <T>(sql: string, ...args: unknown[]) =>
				withDb(server.dbFile, (db) => db.prepare(sql).all(...args)) as T[];
			const reporter = new Browser(server.url);
			const sent = await reporter.post('/en/safety/report', {
				body: 'The treasurer keeps making remarks about my body at every meeting.',
				unitId: '',
				name: NAME,
				email: EMAIL,
				passphrase: PASSPHRASE,
				passphraseAgain: PASSPHRASE,
				website: ''
			});
			expect(sent.status).toBe(200);
			const code = /data-testid="safety-receipt-code"[^>]*>([0-9A-Z-]{24})</.exec(
				await sent.text()
			)?.[1];
			expect(code).toBeDefined();
			const [{ id }] = q<{ id: string }>('select id from safety_reports') as [{ id: string }];

			const safe = createSession(server.dbFile, { email: 'safe@example.org', name: 'Siri Safe' });
			const team = new Browser(server.url);
			team.setCookie('session', safe.secret);
			const version = () =>
				String(
					q<{ version: number }>('select version from safety_reports where id = ?', id)[0]!.version
				);
			const answer = (message: string) =>
				team.post(`/en/admin/inbox/safety/${id}?/reply`, { message, version: version() });

			// The team sees who reported: the name and address are there, only encrypted.
			const shown = mainText(await (await team.get(`/en/admin/inbox/safety/${id}`)).text());
			expect(shown).toContain(NAME);
			expect(shown).toContain(EMAIL);
			expect((await answer('Thank you for telling us. Was anyone else there?')).status).toBe(200);
			const opened = await reporter.post('/en/safety/follow-up?/open', {
				code: code!,
				passphrase: PASSPHRASE
			});
			expect(mainText(await opened.text())).toContain('Was anyone else there?');
			const replied = await reporter.post('/en/safety/follow-up?/reply', {
				code: code!,
				passphrase: PASSPHRASE,
				message: 'Yes, the whole board heard it.'
			});
			expect(replied.status).toBe(200);
			expect((await answer('We will talk to the board.')).status).toBe(200);

			// The database as it lies on disk: the file and its WAL (and shared memory), raw.
			const live = filesUnder(server.dbFile).concat(
				filesUnder(`${server.dbFile}-wal`),
				filesUnder(`${server.dbFile}-shm`)
			);
			expect(live.length).toBeGreaterThanOrEqual(2);
			for (const { file, bytes } of live) expect(tracesIn(bytes), file).toEqual([]);

			// The server's log, every line of it.
			await new Promise((r) => setTimeout(r, 50));
			expect(server.output()).toMatch(/"path":"\/en\/safety\/report"/);
			expect(tracesIn(server.output())).toEqual([]);

			// A backup, as an operator takes it while the site runs.
			const backups = join(dir, withSmtp ? 'smtp' : 'outbox');
			const backup = await run(process.execPath, ['scripts/backup.js', backups], {
				env: { PATH: process.env.PATH, DATABASE_FILE: server.dbFile }
			});
			expect(backup.stdout + backup.stderr).toMatch(/backup of .* in /);
			const copied = filesUnder(backups);
			expect(copied.some((f) => f.file.endsWith('database.db'))).toBe(true);
			for (const { file, bytes } of copied) expect(tracesIn(bytes), file).toEqual([]);

			if (smtp) {
				// Both notices reached the reporter; the team was told of the report and the reply.
				const toReporter = smtp.received.filter((m) => m.to.includes(EMAIL));
				expect(toReporter).toHaveLength(2);
				for (const m of toReporter) expect(m.data).not.toContain('board');
				const toTeam = smtp.received.filter((m) => m.to.includes('safe@example.org'));
				expect(toTeam).toHaveLength(2);
				for (const m of toTeam) expect(tracesIn(m.data)).toEqual([]);
				// Delivered, a sealed notice is gone from the outbox.
				expect(q("select id from mail_outbox where kind = 'safety-answer'")).toEqual([]);
			} else {
				// Kept in the outbox, sealed: a row per answer, the address only encrypted.
				expect(q("select sealed from mail_outbox where kind = 'safety-answer'")).toEqual([
					{ sealed: 1 },
					{ sealed: 1 }
				]);
			}
		} finally {
			await server.stop();
			await smtp?.close();
		}
	});
});
