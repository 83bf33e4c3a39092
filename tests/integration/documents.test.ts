// The assistant's documents over HTTP against the built server: an admin (or a unit's leader for
// the unit) uploads a PDF, Word, text or Markdown document; the assistant answers from it at once,
// linking to its public download; removing it takes it out of the answers at once. Everyone else
// is refused before anything is kept, and a document without text leaves no file behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf, textPdf } from '../../src/lib/server/documents/test-fixtures';
import { readPdf } from '../../src/lib/server/expenses/pdf/fixtures';
import { docx, pdf, windowsProgram } from '../../src/lib/server/files/test-fixtures';
import { createSession, withDb } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer({
		ADMIN_EMAILS: 'admin1@example.org,admin2@example.org',
		RATE_LIMIT_ASSISTANT: '1000/60',
		// Low enough for a Word "bomb" of a few kilobytes to pass it when inflated.
		DOCUMENTS_MAX_CHARACTERS: '100000'
	});
});
afterAll(() => server?.stop());

type Answer = { answer: string; sources: { title: string; url: string }[]; found: boolean };

function upload(
	cookie: string | null,
	file: { bytes: Buffer; name: string } | null,
	fields: Record<string, string> = {}
) {
	const body = new FormData();
	if (file) body.set('file', new Blob([new Uint8Array(file.bytes)]), file.name);
	for (const [name, value] of Object.entries(fields)) body.set(name, value);
	return fetch(`${server.url}/api/process-document`, {
		method: 'POST',
		headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
		body
	});
}

async function ask(message: string, locale = 'en') {
	const res = await fetch(`${server.url}/api/public-assistant`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: server.url },
		body: JSON.stringify({ message, locale })
	});
	return (await res.json()) as Answer;
}

const filesOf = (userId: string) =>
	withDb(server.dbFile, (db) =>
		db.prepare('select id from files where owner_id = ?').all(userId)
	) as { id: string }[];

function leaderOf(unitId: string) {
	const leader = createSession(server.dbFile, { name: 'Lea Leader' });
	withDb(server.dbFile, (db) =>
		db
			.prepare(
				"insert into team_members (unit_id, user_id, role, created_at) values (?, ?, 'leader', ?)"
			)
			.run(unitId, leader.userId, new Date().toISOString())
	);
	return leader;
}

describe('POST /api/process-document', () => {
	it('reads a PDF, the assistant answers from it with a link anyone can download, and removal ends that', async () => {
		const admin = createSession(server.dbFile, { email: 'admin1@example.org' });
		const bytes = await textPdf(
			[
				[
					'Bicycle repair workshop',
					'Every Thursday volunteers fix bicycles for free in the basement.'
				]
			],
			'Bicycle workshop'
		);
		const res = await upload(admin.cookie, { bytes, name: 'workshop.pdf' }, { locale: 'en' });
		expect(res.status).toBe(201);
		const made = (await res.json()) as { documentId: string; title: string; passages: number };
		expect(made).toMatchObject({ title: 'Bicycle workshop' });
		expect(made.passages).toBeGreaterThan(0);

		const answer = await ask('Where can I get my bicycle repaired?');
		expect(answer.found).toBe(true);
		const source = answer.sources.find((s) => s.url === `/api/documents/${made.documentId}`);
		expect(source).toBeDefined();
		// The source a visitor is shown can be opened by that visitor.
		const download = await fetch(server.url + source!.url);
		expect(download.status).toBe(200);
		expect(download.headers.get('content-type')).toBe('application/pdf');
		expect(download.headers.get('x-content-type-options')).toBe('nosniff');
		// The file as the port keeps every PDF: a rebuild of its pages, with the same text.
		const kept = new Uint8Array(await download.arrayBuffer());
		expect(Buffer.from(kept).equals(bytes)).toBe(false);
		expect((await readPdf(kept))[0]?.text).toContain('Bicycle');

		const list = await fetch(`${server.url}/api/documents`, { headers: { cookie: admin.cookie } });
		expect(
			((await list.json()) as { documents: { id: string }[] }).documents.map((d) => d.id)
		).toContain(made.documentId);

		const removed = await fetch(`${server.url}/api/documents/${made.documentId}`, {
			method: 'DELETE',
			headers: { cookie: admin.cookie, origin: server.url }
		});
		expect(removed.status).toBe(204);
		expect(
			(await ask('Where can I get my bicycle repaired?')).sources.map((s) => s.url)
		).not.toContain(`/api/documents/${made.documentId}`);
		expect((await fetch(`${server.url}/api/documents/${made.documentId}`)).status).toBe(404);
		expect(filesOf(admin.userId)).toEqual([]);
	});

	it('reads a Word document for a unit its leader uploads', async () => {
		const leader = leaderOf('board-oslo');
		const bytes = docx(['Board minutes', 'The board approved the new climbing wall budget.']);
		const res = await upload(
			leader.cookie,
			{ bytes, name: 'minutes.docx' },
			{ unitId: 'board-oslo' }
		);
		expect(res.status).toBe(201);
		expect((await ask('climbing wall budget')).found).toBe(true);
	});

	it('refuses whoever may not add documents, before keeping anything', async () => {
		const bytes = await textPdf([['Secret plan']]);
		expect((await upload(null, { bytes, name: 'a.pdf' })).status).toBe(401);
		const member = createSession(server.dbFile);
		expect((await upload(member.cookie, { bytes, name: 'a.pdf' })).status).toBe(403);
		// A leader of one unit, for another unit, or for the whole organisation.
		const leader = leaderOf('events-oslo');
		expect(
			(await upload(leader.cookie, { bytes, name: 'a.pdf' }, { unitId: 'board-oslo' })).status
		).toBe(403);
		expect((await upload(leader.cookie, { bytes, name: 'a.pdf' })).status).toBe(403);
		for (const user of [member, leader]) expect(filesOf(user.userId)).toEqual([]);
		const documents = await fetch(`${server.url}/api/documents`, {
			headers: { cookie: member.cookie }
		});
		expect(documents.status).toBe(403);
	});

	it('says why a document is refused, and keeps no file of it', async () => {
		const admin = createSession(server.dbFile, { email: 'admin2@example.org' });
		const damaged = await textPdf([['Husregler for kjelleren.']]);
		damaged.fill(0x20, 20, damaged.length - 40);
		const encryptedPdf = Buffer.from(
			pdf().toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 9 0 R'),
			'latin1'
		);
		const bomb = docx(['x'.repeat(300_000)]);
		expect(bomb.length).toBeLessThan(10_000);
		const cases: [Buffer, string, number, string][] = [
			[await scannedPdf(), 'scan.pdf', 400, 'no_text_layer'],
			[windowsProgram(), 'notes.txt', 400, 'file_unsupported_type'],
			[windowsProgram(), 'handbook.pdf', 400, 'file_unsupported_type'],
			[encryptedPdf, 'secret.pdf', 400, 'file_unsafe_pdf'],
			// The files port rebuilds every PDF it keeps, so one it cannot read is refused there.
			[damaged, 'damaged.pdf', 400, 'file_unreadable'],
			[docx(['Hei'], { encrypted: true }), 'locked.docx', 400, 'file_unsafe_document'],
			[bomb, 'bomb.docx', 400, 'too_long']
		];
		for (const [bytes, name, status, code] of cases) {
			const res = await upload(admin.cookie, { bytes, name });
			expect(res.status, name).toBe(status);
			expect(await res.json()).toMatchObject({ error: 'Validation failed', code });
		}
		const missing = await upload(admin.cookie, null);
		expect(missing.status).toBe(400);
		const badLocale = await upload(
			admin.cookie,
			{ bytes: Buffer.from('Hello there'), name: 'a.txt' },
			{ locale: 'de' }
		);
		expect(badLocale.status).toBe(400);
		expect(filesOf(admin.userId)).toEqual([]);
	});
});
