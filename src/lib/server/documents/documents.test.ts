import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trail } from '../audit';
import { userContext } from '../context';
import { seedDemo } from '../db/seed';
import { teamMemberRow, userRow } from '../db/test-rows';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { filesService, localDiskStorage, type FilesService } from '../files';
import { docx, png } from '../files/test-fixtures';
import { Forbidden, NotSignedIn } from '../errors';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import { documentsService, type DocumentsService } from '.';
import { scannedPdf, textPdf } from './test-fixtures';

const as = (id: string) =>
	userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, 's');
const visitor = userContext(null, null);

const handbook = docx([
	{ heading: 1, text: 'Økonomihåndbok' },
	'Utlegg skal leveres innen 30 dager med kvittering. '.repeat(12),
	{ heading: 2, text: 'Godkjenning' },
	'Ledere godkjenner utlegg for sin enhet; over 5000 kroner må økonomiansvarlig også godkjenne.'
]);

describe.each(ENGINES)('assistant documents on %s', (engine) => {
	let test: TestDatabase;
	let dir: string;
	let files: FilesService;
	let documents: DocumentsService;
	let heard: number;

	async function upload(owner: string, bytes: Buffer, name: string, purpose = 'document' as const) {
		return (await files.accept({ ownerId: owner, purpose, bytes, name })).id;
	}
	const fileCount = () =>
		readdirSync(dir, { recursive: true }).filter((f) => /[0-9a-f]{8}/.test(String(f))).length;

	beforeEach(async () => {
		test = await testDatabase(engine);
		await seedDemo(test.db, new Date('2026-11-23T12:00:00.000Z'));
		for (const id of ['admin', 'leader', 'member', 'bergen']) {
			await test.db.insertInto('users').values(userRow(id)).execute();
		}
		const team = [
			['leader', 'board-oslo', 'leader'],
			['member', 'board-oslo', 'member'],
			['bergen', 'sport-bergen', 'leader']
		];
		for (const [user_id, unit_id, role] of team) {
			await test.db
				.insertInto('team_members')
				.values(teamMemberRow(user_id!, unit_id!, role!))
				.execute();
		}
		dir = mkdtempSync(join(tmpdir(), 'orgweb-documents-'));
		files = filesService(test.db, localDiskStorage(dir), { maxBytes: 5 * 1024 * 1024 });
		const roles = rolesService({
			store: sqlIdentityStore(test.db),
			isMember: async () => false,
			adminEmails: ['admin@example.org']
		});
		documents = documentsService({ db: test.db, files, roles });
		heard = 0;
		test.changes.onWrite(() => (heard += 1));
	});

	afterEach(async () => {
		await test.destroy();
		rmSync(dir, { recursive: true, force: true });
	});

	it('reads a Word document into passages the assistant finds in both languages, and records who added it', async () => {
		const fileId = await upload('admin', handbook, 'handbok.docx');
		const added = await documents.add(as('admin'), { fileId });
		if (!added.ok) throw new Error(added.reason);
		const doc = added.document;
		expect(doc).toMatchObject({ title: 'Økonomihåndbok', locale: null, unitId: null, fileId });
		expect(doc.passages).toBeGreaterThan(1);
		expect(doc.characters).toBeGreaterThan(600);
		expect(doc.url).toBe(`/api/documents/${doc.id}`);

		for (const locale of ['no', 'en'] as const) {
			const index = await documents.passages(locale);
			expect(index).toHaveLength(doc.passages);
			expect(index[0]).toMatchObject({
				kind: 'document',
				locale,
				url: doc.url,
				title: 'Økonomihåndbok'
			});
			expect(index.at(-1)).toMatchObject({ title: 'Økonomihåndbok – Godkjenning' });
			expect(index.at(-1)!.text).toContain('over 5000 kroner');
			expect(new Set(index.map((d) => d.id)).size).toBe(index.length);
		}
		expect((await trail(test.db, 'document', doc.id)).map((e) => [e.actor, e.action])).toEqual([
			['admin', 'add']
		]);
		await expect.poll(() => heard).toBeGreaterThan(0);
	});

	it('keeps a document in its own language only when one is given', async () => {
		await documents.add(as('admin'), {
			fileId: await upload(
				'admin',
				Buffer.from('# Rules\n\nKeys are kept by the duty officer.'),
				'rules.md'
			),
			locale: 'en'
		});
		expect((await documents.passages('en')).map((d) => d.text)).toEqual([
			'Keys are kept by the duty officer.'
		]);
		expect(await documents.passages('no')).toEqual([]);
	});

	it('refuses a scanned PDF with no_text_layer and keeps nothing of it', async () => {
		const fileId = await upload('admin', await scannedPdf(), 'skannet.pdf');
		expect(await documents.add(as('admin'), { fileId })).toEqual({
			ok: false,
			reason: 'no_text_layer'
		});
		expect(await files.find(fileId)).toBeNull();
		expect(fileCount()).toBe(0);
		expect(await test.db.selectFrom('documents').selectAll().execute()).toEqual([]);
		expect(
			await test.db
				.selectFrom('audit_log')
				.selectAll()
				.where('subject_type', '=', 'document')
				.execute()
		).toEqual([]);
	});

	it('takes a PDF with a text layer, titled by the name given', async () => {
		const bytes = await textPdf([
			['Referat fra styremøtet 12. mars.', 'Styret vedtok budsjettet for våren.']
		]);
		const added = await documents.add(as('admin'), {
			fileId: await upload('admin', bytes, 'r.pdf'),
			title: '  Referat mars  '
		});
		expect(added).toMatchObject({ ok: true, document: { title: 'Referat mars', passages: 1 } });
	});

	it('lets a unit leader manage their own unit’s documents only', async () => {
		const own = await documents.add(as('leader'), {
			fileId: await upload('leader', Buffer.from('Styret møtes hver tirsdag.'), 'møter.txt'),
			unitId: 'board-oslo'
		});
		expect(own).toMatchObject({ ok: true, document: { unitId: 'board-oslo', title: 'møter' } });
		const theirs = await upload('leader', Buffer.from('Trening hver onsdag.'), 'trening.txt');
		await expect(
			documents.add(as('leader'), { fileId: theirs, unitId: 'sport-bergen' })
		).rejects.toBeInstanceOf(Forbidden);
		await expect(documents.add(as('leader'), { fileId: theirs })).rejects.toBeInstanceOf(Forbidden);
		const mine = await upload('member', Buffer.from('Hei'), 'hei.txt');
		await expect(
			documents.add(as('member'), { fileId: mine, unitId: 'board-oslo' })
		).rejects.toBeInstanceOf(Forbidden);
		await expect(documents.add(visitor, { fileId: mine })).rejects.toBeInstanceOf(NotSignedIn);

		const bergen = await documents.add(as('bergen'), {
			fileId: await upload('bergen', Buffer.from('Treningstider i Bergen.'), 'tider.txt'),
			unitId: 'sport-bergen'
		});
		if (!own.ok || !bergen.ok) throw new Error('not added');
		expect((await documents.list(as('leader'))).map((d) => d.id)).toEqual([own.document.id]);
		expect((await documents.list(as('admin'))).map((d) => d.id).sort()).toEqual(
			[own.document.id, bergen.document.id].sort()
		);
		await expect(documents.list(as('member'))).rejects.toBeInstanceOf(Forbidden);
		await expect(documents.remove(as('leader'), bergen.document.id)).rejects.toBeInstanceOf(
			Forbidden
		);
		expect(await documents.remove(as('leader'), own.document.id)).toBe(true);
	});

	it('takes only the caller’s own document uploads, each into one document', async () => {
		const receipt = await upload('admin', await png(), 'kvittering.png', 'receipt' as 'document');
		expect(await documents.add(as('admin'), { fileId: receipt })).toEqual({
			ok: false,
			reason: 'file_not_found'
		});
		const others = await upload('leader', Buffer.from('Notat'), 'notat.txt');
		expect(await documents.add(as('admin'), { fileId: others })).toEqual({
			ok: false,
			reason: 'file_not_found'
		});
		expect(await files.find(others)).not.toBeNull();

		const fileId = await upload('admin', handbook, 'handbok.docx');
		const twice = await Promise.all(
			[documents.add(as('admin'), { fileId }), documents.add(as('admin'), { fileId })].map((p) =>
				p.catch((e: unknown) => e)
			)
		);
		expect(twice.filter((r) => (r as { ok?: boolean }).ok === true)).toHaveLength(1);
		expect(await test.db.selectFrom('documents').select('id').execute()).toHaveLength(1);
		expect(await files.find(fileId)).not.toBeNull();
		expect(await documents.add(as('admin'), { fileId: 'nope', unitId: 'no-such-unit' })).toEqual({
			ok: false,
			reason: 'unit_not_found'
		});
		expect(await documents.add(as('admin'), { fileId: '' })).toEqual({
			ok: false,
			reason: 'invalid'
		});
	});

	it('removes a document from the index at once, with its file, and records it', async () => {
		const keep = await documents.add(as('admin'), {
			fileId: await upload('admin', Buffer.from('Behold meg.'), 'behold.txt')
		});
		const gone = await documents.add(as('admin'), {
			fileId: await upload('admin', handbook, 'handbok.docx')
		});
		if (!keep.ok || !gone.ok) throw new Error('not added');
		heard = 0;
		expect(await documents.remove(as('admin'), gone.document.id)).toBe(true);
		expect((await documents.passages('no')).map((d) => d.text)).toEqual(['Behold meg.']);
		expect(await files.find(gone.document.fileId)).toBeNull();
		expect(fileCount()).toBe(1);
		expect(await documents.find(gone.document.id)).toBeNull();
		expect((await trail(test.db, 'document', gone.document.id)).map((e) => e.action)).toEqual([
			'add',
			'remove'
		]);
		await expect.poll(() => heard).toBeGreaterThan(0);
		expect(await documents.remove(as('admin'), gone.document.id)).toBe(false);
	});
});
