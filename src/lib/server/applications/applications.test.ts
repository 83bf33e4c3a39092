import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationForm } from '$lib/schemas/application';
import { trail } from '../audit';
import { contentEditor } from '../content/editor';
import { userContext } from '../context';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { teamMemberRow, userRow } from '../db/test-rows';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { filesService, localDiskStorage } from '../files';
import { docx, pdf } from '../files/test-fixtures';
import { readZipEntry, zipEntries } from '../files/zip';
import { Forbidden, NotFound, NotSignedIn } from '../errors';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import { mailer } from '../mail';
import { applicationsService, type ApplicationsService } from '.';

// The applications domain on both engines: what a submission keeps and sends, what a refused or
// failed one leaves (nothing), the status rules and their version check, notes, who may see what,
// the exports, the applicant's withdrawal and retention with the clock moved.
const now = new Date('2026-11-24T12:00:00.000Z');
const DAY = 86_400_000;
const as = (id: string) =>
	userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, 's');
const visitor = userContext(null, null);

const form = (extra: Partial<ApplicationForm> = {}): ApplicationForm => ({
	name: 'Kari Nordmann',
	email: 'kari@example.org',
	phone: '+47 912 34 567',
	motivation: 'Jeg har ført regnskap for korpset i tre år og vil gjerne bidra.',
	website: '',
	...extra
});
const cv = { name: 'cv.pdf', bytes: pdf() };

describe.each(ENGINES)('job applications on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let apps: ApplicationsService;
	let filesDir: string;
	const storedFiles = () =>
		readdirSync(filesDir, { recursive: true }).filter((f) => /^[0-9a-f]{2}[/\\].+/.test(String(f)));
	const count = async (
		table: 'job_applications' | 'job_application_files' | 'job_application_notes' | 'files'
	) =>
		Number(
			(
				await db
					.selectFrom(table)
					.select(sql<number>`count(*)`.as('n'))
					.executeTakeFirstOrThrow()
			).n
		);
	const anonymousUsers = async () =>
		(await db.selectFrom('users').select('id').where('is_anonymous', '=', 1).execute()).length;

	const submit = (extra: Partial<Parameters<ApplicationsService['submit']>[0]> = {}, at = now) =>
		apps.submit(
			{
				jobId: 'job-treasurer',
				form: form(),
				cv,
				attachments: [],
				locale: 'no',
				origin: 'https://org.example',
				...extra
			},
			at
		);
	const stored = async (extra: Partial<Parameters<ApplicationsService['submit']>[0]> = {}) => {
		const outcome = await submit(extra);
		if (outcome.status !== 'stored') throw new Error(`not stored: ${JSON.stringify(outcome)}`);
		return outcome.id;
	};
	const mails = () =>
		db.selectFrom('mail_outbox').selectAll().orderBy('created_at').orderBy('kind').execute();

	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		await seedDemo(db, now);
		for (const id of ['admin', 'leader', 'member', 'bergen']) {
			await db
				.insertInto('users')
				.values(userRow(id, { locale: id === 'leader' ? 'en' : 'no' }))
				.execute();
		}
		await db
			.insertInto('admin_grants')
			.values({ user_id: 'admin', granted_by: 'admin', granted_at: now.toISOString() })
			.execute();
		await db
			.insertInto('team_members')
			.values([
				teamMemberRow('leader', 'board-oslo', 'leader', now.toISOString()),
				teamMemberRow('member', 'board-oslo', 'member', now.toISOString()),
				teamMemberRow('bergen', 'sport-bergen', 'leader', now.toISOString())
			])
			.execute();
		const roles = rolesService({
			store: sqlIdentityStore(db),
			isMember: async () => false,
			adminEmails: []
		});
		filesDir = mkdtempSync(join(tmpdir(), 'orgweb-applications-'));
		const files = filesService(db, localDiskStorage(filesDir), { maxBytes: 1024 * 1024 });
		apps = applicationsService({
			db,
			files,
			mail: mailer(db, null, { from: 'test <noreply@example.org>' }),
			roles,
			contactTo: 'post@org.example',
			retentionDays: 183
		});
	});
	afterEach(async () => {
		await test.destroy();
		rmSync(filesDir, { recursive: true, force: true });
	});

	describe('submitting', () => {
		it('keeps the application and its files, confirms to the applicant and tells the unit’s leaders', async () => {
			const id = await stored({
				attachments: [{ name: 'karakterer.docx', bytes: docx(['Karakterer']) }]
			});
			const row = await db
				.selectFrom('job_applications')
				.selectAll()
				.where('id', '=', id)
				.executeTakeFirstOrThrow();
			expect(row).toMatchObject({
				job_id: 'job-treasurer',
				name: 'Kari Nordmann',
				status: 'received',
				locale: 'no'
			});
			expect(await count('job_application_files')).toBe(2);
			expect(storedFiles()).toHaveLength(2);

			const [confirmation, notice] = [
				(await mails()).find((m) => m.kind === 'application-confirmation')!,
				(await mails()).find((m) => m.kind === 'application-notice')!
			];
			expect(confirmation.to_address).toBe('kari@example.org');
			expect(confirmation.subject).toContain('Økonomiansvarlig i styret');
			expect(confirmation.text_body).toContain('183 dager');
			const link =
				/https:\/\/org\.example\/no\/applications\/[\w-]+\/withdraw\?token=([\w-]+)/.exec(
					confirmation.text_body
				);
			expect(link).not.toBeNull();
			// Only the token's hash is kept.
			expect(row.withdraw_token_hash).not.toContain(link![1]);
			// The leader's own language; the notice names who and which job, not what they wrote.
			expect(notice.to_address).toBe('leader@example.org');
			expect(notice.subject).toBe('New application: Treasurer on the board');
			expect(notice.text_body).toContain(`https://org.example/en/admin/inbox/applications/${id}`);
			expect(notice.text_body).not.toContain('korpset');
			expect(JSON.parse(row.mail_ids)).toHaveLength(2);
			expect((await trail(db, 'job_application', id)).map((e) => e.action)).toEqual(['submitted']);
		});

		it('tells the organisation’s address when the job’s unit has no leader', async () => {
			await stored({ jobId: 'job-designer', locale: 'en' });
			const notice = (await mails()).find((m) => m.kind === 'application-notice')!;
			expect(notice.to_address).toBe('post@org.example');
			const confirmation = (await mails()).find((m) => m.kind === 'application-confirmation')!;
			expect(confirmation.subject).toBe('We have received your application: Graphic designer');
		});

		it('stores and sends nothing for a filled honeypot', async () => {
			expect(await submit({ form: form({ website: 'https://spam.example' }) })).toEqual({
				status: 'ignored'
			});
			expect(await count('job_applications')).toBe(0);
			expect(await count('files')).toBe(0);
			expect(await mails()).toEqual([]);
		});

		it('refuses a job past its deadline, a draft and one not yet published', async () => {
			expect(await submit({}, new Date(now.getTime() + 30 * DAY))).toEqual({ status: 'closed' });
			expect(await submit({ jobId: 'job-photographer' })).toEqual({ status: 'closed' });
			await db.updateTable('jobs').set({ draft: 1 }).where('id', '=', 'job-designer').execute();
			expect(await submit({ jobId: 'job-designer' })).toEqual({ status: 'closed' });
			await db
				.updateTable('jobs')
				.set({ draft: 0, published_at: new Date(now.getTime() + DAY).toISOString() })
				.where('id', '=', 'job-designer')
				.execute();
			expect(await submit({ jobId: 'job-designer' })).toEqual({ status: 'closed' });
			expect(await count('job_applications')).toBe(0);
		});

		it('refuses a missing CV and more than three attachments before reading any file', async () => {
			expect(await submit({ cv: null })).toEqual({
				status: 'invalid',
				errors: { cv: 'cv_required' }
			});
			const four = Array.from({ length: 4 }, (_, i) => ({ name: `${i}.pdf`, bytes: pdf() }));
			expect(await submit({ attachments: four })).toEqual({
				status: 'invalid',
				errors: { attachments: 'too_many_files' }
			});
			expect(await count('files')).toBe(0);
		});

		it('leaves nothing behind when a file is refused: a text renamed .pdf after a good CV', async () => {
			const outcome = await submit({
				attachments: [
					{ name: 'ok.pdf', bytes: pdf() },
					{ name: 'brev.pdf', bytes: Buffer.from('Dette er bare tekst, ikke en PDF.') }
				]
			});
			expect(outcome).toEqual({
				status: 'invalid',
				errors: { attachments: 'file_unsupported_type' }
			});
			expect(await count('job_applications')).toBe(0);
			expect(await count('files')).toBe(0);
			expect(storedFiles()).toEqual([]);
			expect(await anonymousUsers()).toBe(0);
			expect(await mails()).toEqual([]);
		});

		it('refuses images and plain text even as a CV', async () => {
			const outcome = await submit({ cv: { name: 'cv.pdf', bytes: Buffer.from('# CV\n\nKari') } });
			expect(outcome).toEqual({ status: 'invalid', errors: { cv: 'file_unsupported_type' } });
		});

		it('leaves nothing behind when the save fails after the files were stored', async () => {
			await sql`drop table job_application_notes`.execute(db);
			await sql`drop table job_application_files`.execute(db);
			await expect(submit()).rejects.toThrow();
			expect(await count('job_applications')).toBe(0);
			expect(await count('files')).toBe(0);
			expect(storedFiles()).toEqual([]);
			expect(await anonymousUsers()).toBe(0);
			expect(await mails()).toEqual([]);
		});
	});

	describe('the inbox', () => {
		it('moves an application forward step by step, each step in its trail', async () => {
			const id = await stored();
			const leader = as('leader');
			expect(await apps.changeStatus(leader, id, { status: 'in_review', version: '1' })).toEqual({
				ok: true,
				version: 2
			});
			expect(await apps.changeStatus(leader, id, { status: 'interview', version: 2 })).toEqual({
				ok: true,
				version: 3
			});
			expect(await apps.changeStatus(as('admin'), id, { status: 'offered', version: 3 })).toEqual({
				ok: true,
				version: 4
			});
			const detail = await apps.detail(leader, id);
			expect(detail.status).toBe('offered');
			expect(detail.next).toEqual([]);
			const entries = await trail(db, 'job_application', id);
			expect(entries.map((e) => [e.actor, e.action])).toEqual([
				['applicant', 'submitted'],
				['leader', 'status'],
				['leader', 'status'],
				['admin', 'status']
			]);
			expect(entries[1]!.details).toEqual({
				before: { status: 'received' },
				after: { status: 'in_review' }
			});
		});

		it('refuses moves the rules do not allow, and a final status stays', async () => {
			const id = await stored();
			const leader = as('leader');
			expect(await apps.changeStatus(leader, id, { status: 'offered', version: 1 })).toMatchObject({
				ok: false,
				reason: 'not_allowed',
				status: 'received'
			});
			expect(await apps.changeStatus(leader, id, { status: 'received', version: 1 })).toMatchObject(
				{
					ok: false,
					reason: 'not_allowed'
				}
			);
			expect((await apps.changeStatus(leader, id, { status: 'declined', version: 1 })).ok).toBe(
				true
			);
			expect(
				await apps.changeStatus(leader, id, { status: 'in_review', version: 2 })
			).toMatchObject({
				ok: false,
				reason: 'not_allowed',
				status: 'declined'
			});
			expect(await apps.changeStatus(leader, id, { status: 'hired', version: 2 })).toEqual({
				ok: false,
				reason: 'invalid'
			});
		});

		it('refuses a change made on an older version (someone else changed it meanwhile)', async () => {
			const id = await stored();
			expect(
				(await apps.changeStatus(as('admin'), id, { status: 'in_review', version: 1 })).ok
			).toBe(true);
			expect(await apps.changeStatus(as('leader'), id, { status: 'declined', version: 1 })).toEqual(
				{ ok: false, reason: 'conflict', status: 'in_review', version: 2 }
			);
			expect((await apps.detail(as('leader'), id)).status).toBe('in_review');
			expect(await trail(db, 'job_application', id)).toHaveLength(2);
		});

		it('keeps internal notes with their author, audited without their text', async () => {
			const id = await stored();
			expect((await apps.addNote(as('leader'), id, { body: 'Sterk kandidat <b>!</b>' })).ok).toBe(
				true
			);
			expect(await apps.addNote(as('leader'), id, { body: '   ' })).toEqual({
				ok: false,
				reason: 'invalid'
			});
			const detail = await apps.detail(as('admin'), id);
			expect(detail.notes).toMatchObject([
				{ authorId: 'leader', authorName: 'leader', body: 'Sterk kandidat <b>!</b>' }
			]);
			const entry = (await trail(db, 'job_application', id)).at(-1)!;
			expect(entry).toMatchObject({ actor: 'leader', action: 'note' });
			expect(JSON.stringify(entry.details)).not.toContain('Sterk');
		});

		it('shows each caller only what they may review, and refuses the rest as not there', async () => {
			const treasurer = await stored();
			const designer = await stored({ jobId: 'job-designer', form: form({ name: 'Ola' }) });
			const names = async (who: ReturnType<typeof as>) =>
				(await apps.list(who, { status: '', unit: '', job: '', page: 1 })).applications.map(
					(a) => a.name
				);
			expect((await names(as('admin'))).sort()).toEqual(['Kari Nordmann', 'Ola']);
			expect(await names(as('leader'))).toEqual(['Kari Nordmann']);
			expect(await names(as('bergen'))).toEqual([]);
			await expect(
				apps.list(as('member'), { status: '', unit: '', job: '', page: 1 })
			).rejects.toBeInstanceOf(NotFound);
			await expect(
				apps.list(visitor, { status: '', unit: '', job: '', page: 1 })
			).rejects.toBeInstanceOf(NotSignedIn);

			for (const who of [as('member'), as('bergen')]) {
				await expect(apps.detail(who, treasurer)).rejects.toBeInstanceOf(Forbidden);
				await expect(
					apps.changeStatus(who, treasurer, { status: 'in_review', version: 1 })
				).rejects.toBeInstanceOf(Forbidden);
				await expect(apps.addNote(who, treasurer, { body: 'x' })).rejects.toBeInstanceOf(Forbidden);
				await expect(apps.csv(who, 'job-treasurer', 'no')).rejects.toBeInstanceOf(Forbidden);
				await expect(apps.zip(who, 'job-treasurer')).rejects.toBeInstanceOf(Forbidden);
			}
			// The designer job's unit has no leader: only admins review it.
			await expect(apps.detail(as('leader'), designer)).rejects.toBeInstanceOf(Forbidden);
			await expect(apps.detail(as('leader'), 'no-such-id')).rejects.toBeInstanceOf(NotFound);
			await expect(apps.detail(visitor, treasurer)).rejects.toBeInstanceOf(NotSignedIn);
			expect((await apps.detail(as('admin'), designer)).name).toBe('Ola');

			expect(await apps.newCount(as('admin'))).toBe(2);
			expect(await apps.newCount(as('leader'))).toBe(1);
			expect(await apps.newCount(as('member'))).toBe(0);
			expect(await apps.newCount(visitor)).toBe(0);
			await apps.changeStatus(as('leader'), treasurer, { status: 'in_review', version: 1 });
			expect(await apps.newCount(as('leader'))).toBe(0);
		});

		it('filters by status, unit and job, newest first, with counts', async () => {
			await stored();
			const second = await stored({ form: form({ name: 'Per' }) });
			await stored({ jobId: 'job-designer', form: form({ name: 'Ola' }) });
			await apps.changeStatus(as('admin'), second, { status: 'in_review', version: 1 });
			const list = (filter: Partial<{ status: ''; unit: string; job: string }>) =>
				apps.list(as('admin'), { status: '', unit: '', job: '', page: 1, ...filter });
			expect((await list({ job: 'job-treasurer' })).counts).toEqual({ count: 2, received: 1 });
			expect((await list({ unit: 'events-oslo' })).applications.map((a) => a.name)).toEqual([
				'Ola'
			]);
			const received = await apps.list(as('admin'), {
				status: 'received',
				unit: '',
				job: '',
				page: 1
			});
			expect(received.applications.map((a) => a.name).sort()).toEqual(['Kari Nordmann', 'Ola']);
		});

		it('lets a job with applications not be deleted', async () => {
			await stored();
			const editor = contentEditor({
				db,
				roles: rolesService({
					store: sqlIdentityStore(db),
					isMember: async () => false,
					adminEmails: []
				}),
				files: filesService(db, localDiskStorage(filesDir), { maxBytes: 1024 })
			});
			const version = (
				await db
					.selectFrom('jobs')
					.select('version')
					.where('id', '=', 'job-treasurer')
					.executeTakeFirstOrThrow()
			).version;
			expect(await editor.remove(as('admin'), 'jobs', 'job-treasurer', version, now)).toEqual({
				ok: false,
				reason: 'referenced'
			});
		});
	});

	describe('exports', () => {
		it('give one job’s applications as a formula-safe CSV and their files as a ZIP, audited', async () => {
			const attachment = docx(['Attest']);
			await stored({
				form: form({ motivation: '=HYPERLINK("http://evil.example","klikk") og mer tekst her.' }),
				attachments: [{ name: 'attest.docx', bytes: attachment }]
			});
			const { csv, slug } = await apps.csv(as('leader'), 'job-treasurer', 'no');
			expect(slug).toBe('treasurer-oslo');
			const lines = csv.replace('\uFEFF', '').split('\r\n');
			expect(lines[0]).toBe('Mottatt;Status;Navn;E-post;Telefon;Språk;Motivasjon;Filer;Notater');
			expect(lines[1]).toContain(';Mottatt;Kari Nordmann;kari@example.org;');
			expect(lines[1]).toContain(
				`"'=HYPERLINK(""http://evil.example"",""klikk"") og mer tekst her."`
			);
			expect(lines[1]).toContain('cv.pdf; attest.docx');

			const { stream } = await apps.zip(as('admin'), 'job-treasurer');
			const zip = Buffer.from(await new Response(stream).arrayBuffer());
			const entries = zipEntries(zip)!;
			expect(entries.map((e) => e.name)).toEqual([
				'001 Kari Nordmann/CV - cv.pdf',
				'001 Kari Nordmann/1 - attest.docx'
			]);
			// The CV as the files port keeps a PDF: a rebuild of its pages, read back as a PDF.
			const kept = readZipEntry(zip, entries[0]!, 1e6)!;
			expect(kept.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect((await PDFDocument.load(kept)).getPageCount()).toBe(1);
			expect(readZipEntry(zip, entries[1]!, 1e6)).toEqual(attachment);

			const exported = await db
				.selectFrom('audit_log')
				.select(['actor', 'details'])
				.where('subject_type', '=', 'export')
				.orderBy('id')
				.execute();
			expect(exported.map((e) => [e.actor, JSON.parse(e.details!)])).toEqual([
				['leader', { job: 'job-treasurer', format: 'csv', rows: 1 }],
				['admin', { job: 'job-treasurer', format: 'zip', rows: 1 }]
			]);
		});
	});

	describe('withdrawal', () => {
		const tokenOf = async () => {
			const mail = (await mails()).find((m) => m.kind === 'application-confirmation')!;
			return /token=([\w-]+)/.exec(mail.text_body)![1]!;
		};

		it('deletes the application, its files, notes and e-mails with the right link only', async () => {
			const id = await stored({ attachments: [{ name: 'a.pdf', bytes: pdf() }] });
			await apps.addNote(as('leader'), id, { body: 'Notat' });
			const token = await tokenOf();
			expect(await apps.withdrawalOf(id, token, 'en')).toEqual({
				jobTitle: 'Treasurer on the board'
			});
			expect(
				await apps.withdrawalOf(
					id,
					token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
					'en'
				)
			).toBeNull();
			expect(await apps.withdraw(id, 'x'.repeat(43))).toBe(false);
			expect(await count('job_applications')).toBe(1);

			expect(await apps.withdraw(id, token)).toBe(true);
			expect(await count('job_applications')).toBe(0);
			expect(await count('job_application_notes')).toBe(0);
			expect(await count('job_application_files')).toBe(0);
			expect(await count('files')).toBe(0);
			expect(storedFiles()).toEqual([]);
			expect(await anonymousUsers()).toBe(0);
			expect(await mails()).toEqual([]);
			// What stays: that it was withdrawn, and from which job.
			expect(
				(await trail(db, 'job_application', id)).map((e) => [e.actor, e.action, e.details])
			).toEqual([['applicant', 'withdrawn', { job: 'job-treasurer' }]]);
			expect(await apps.withdraw(id, token)).toBe(false);
			expect(await apps.withdrawalOf(id, token, 'no')).toBeNull();
		});
	});

	describe('retention', () => {
		it('deletes applications and their files the configured days after the deadline, not before', async () => {
			const kept = await stored({ jobId: 'job-designer' });
			const due = await stored({ attachments: [{ name: 'a.docx', bytes: docx(['A']) }] });
			const deadline = new Date(
				(
					await db
						.selectFrom('jobs')
						.select('deadline')
						.where('id', '=', 'job-treasurer')
						.executeTakeFirstOrThrow()
				).deadline
			);
			// Move the designer job's deadline later: its applications stay longer.
			await db
				.updateTable('jobs')
				.set({ deadline: new Date(deadline.getTime() + 30 * DAY).toISOString() })
				.where('id', '=', 'job-designer')
				.execute();

			expect(await apps.deleteExpired(new Date(deadline.getTime() + 182 * DAY))).toEqual({
				applicationsDeleted: 0,
				applicationFilesDeleted: 0
			});
			expect(await count('job_applications')).toBe(2);

			expect(await apps.deleteExpired(new Date(deadline.getTime() + 184 * DAY))).toEqual({
				applicationsDeleted: 1,
				applicationFilesDeleted: 2
			});
			const left = await db.selectFrom('job_applications').select('id').execute();
			expect(left.map((r) => r.id)).toEqual([kept]);
			expect(await trail(db, 'job_application', due)).toEqual([]);
			expect(await count('files')).toBe(1);
			expect(storedFiles()).toHaveLength(1);
			expect(await anonymousUsers()).toBe(1);
			expect((await mails()).map((m) => m.to_address).sort()).toEqual([
				'kari@example.org',
				'post@org.example'
			]);
		});

		it('sweeps an application upload no application took within a day', async () => {
			await db
				.insertInto('users')
				.values(userRow('orphan-owner', { email: null, is_anonymous: 1 }))
				.execute();
			const files = filesService(db, localDiskStorage(filesDir), { maxBytes: 1024 * 1024 });
			await files.accept({
				ownerId: 'orphan-owner',
				purpose: 'application',
				bytes: pdf(),
				name: 'x.pdf'
			});
			const tomorrow = new Date(Date.now() + 2 * DAY);
			expect(await apps.deleteExpired(tomorrow)).toEqual({
				applicationsDeleted: 0,
				applicationFilesDeleted: 1
			});
			expect(storedFiles()).toEqual([]);
			expect(await anonymousUsers()).toBe(0);
		});
	});
});
