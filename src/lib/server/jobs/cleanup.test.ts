import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServices, type Services } from '../app';
import { parseConfig } from '../config';
import { userContext } from '../context';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { paidClaimRow, receiptLineRow } from '../db/test-rows';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { pdf, png } from '../files/test-fixtures';
import { runCleanup } from './index';

// Housekeeping on a real (in-memory) database: rows of every kind on both sides of each cut-off,
// then exactly the unusable ones are gone.
const HOUR = 3_600_000;
const now = new Date('2026-11-23T12:00:00.000Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
let test: TestDatabase;
let db: Db;
let app: Services;
let filesDir: string;

describe.each(ENGINES)('on %s', (engine) => {
	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		await seedDemo(db);
		filesDir = mkdtempSync(join(tmpdir(), 'orgweb-cleanup-files-'));
		app = buildServices(db, parseConfig({ LOG_LEVEL: 'silent', FILES_DIR: filesDir }));
		await db
			.insertInto('users')
			.values([
				{ id: 'u1', name: 'One', email: 'one@example.org', created_at: at(-90 * 24 * HOUR) },
				{ id: 'u2', name: 'Two', email: 'two@example.org', created_at: at(-90 * 24 * HOUR) }
			])
			.execute();
	});
	afterEach(async () => {
		await test.destroy();
		rmSync(filesDir, { recursive: true, force: true });
	});

	const session = (id: string, expiresAt: string, revokedAt: string | null = null) => ({
		id,
		user_id: 'u1',
		secret_hash: `hash-${id}`,
		created_at: at(-30 * 24 * HOUR),
		expires_at: expiresAt,
		revoked_at: revokedAt
	});
	const token = (id: string, expiresAt: string, usedAt: string | null = null) => ({
		id,
		user_id: 'u1',
		purpose: 'reset',
		token_hash: `hash-${id}`,
		created_at: at(-2 * HOUR),
		expires_at: expiresAt,
		used_at: usedAt
	});
	const invitation = (
		id: string,
		expiresAt: string,
		answer: { accepted_at?: string; accepted_by?: string; revoked_at?: string } = {}
	) => ({
		id,
		unit_id: 'board-oslo',
		role: 'member',
		email: `${id}@example.org`,
		token_hash: `hash-${id}`,
		invited_by: 'u1',
		created_at: at(-8 * 24 * HOUR),
		expires_at: expiresAt,
		...answer
	});
	const ids = async (table: 'sessions' | 'auth_tokens' | 'invitations' | 'expense_claims') =>
		(await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);

	describe('cleanup of sessions, sign-in tokens and invitations', () => {
		beforeEach(async () => {
			await db
				.insertInto('sessions')
				.values([
					session('s-live', at(30 * 24 * HOUR)),
					session('s-expired-hour-ago', at(-HOUR)),
					session('s-expired-2-days-ago', at(-48 * HOUR)),
					session('s-revoked-hour-ago', at(30 * 24 * HOUR), at(-HOUR)),
					session('s-revoked-2-days-ago', at(30 * 24 * HOUR), at(-48 * HOUR))
				])
				.execute();
			await db
				.insertInto('auth_tokens')
				.values([
					token('t-unused', at(HOUR)),
					token('t-used', at(HOUR), at(-HOUR / 2)),
					token('t-expired', at(-1000))
				])
				.execute();
			await db
				.insertInto('invitations')
				.values([
					invitation('i-pending', at(24 * HOUR)),
					invitation('i-expired', at(-HOUR)),
					invitation('i-accepted', at(-HOUR), { accepted_at: at(-48 * HOUR), accepted_by: 'u2' }),
					invitation('i-revoked', at(-HOUR), { revoked_at: at(-48 * HOUR) })
				])
				.execute();
		});

		it('deletes sessions a day past expiry or revocation, used or expired tokens and unanswered expired invitations', async () => {
			const counts = await runCleanup(app, now);

			expect(counts).toEqual({
				reservations: 0,
				sessions: 2,
				tokens: 2,
				invitations: 1,
				expenseAccountsErased: 0,
				expenseClaimsDeleted: 0,
				receiptFilesDeleted: 0,
				abandonedUploadsDeleted: 0,
				assistantQuestionsDeleted: 0,
				registrationAnswersErased: 0,
				applicationsDeleted: 0,
				applicationFilesDeleted: 0
			});
			expect(await ids('sessions')).toEqual(['s-expired-hour-ago', 's-live', 's-revoked-hour-ago']);
			expect(await ids('auth_tokens')).toEqual(['t-unused']);
			// Accepted and revoked invitations stay: they record who invited whom.
			expect(await ids('invitations')).toEqual(['i-accepted', 'i-pending', 'i-revoked']);
		});

		it('two runs at once delete each row once and leave the same rows', async () => {
			const [a, b] = await Promise.all([runCleanup(app, now), runCleanup(app, now)]);

			expect(a.sessions + b.sessions).toBe(2);
			expect(a.tokens + b.tokens).toBe(2);
			expect(a.invitations + b.invitations).toBe(1);
			expect(await ids('sessions')).toEqual(['s-expired-hour-ago', 's-live', 's-revoked-hour-ago']);
			expect(await ids('auth_tokens')).toEqual(['t-unused']);
			expect(await ids('invitations')).toEqual(['i-accepted', 'i-pending', 'i-revoked']);
		});

		it('a session in use survives the cleanup', async () => {
			const issued = await app.identity.issueSession(
				userContext(null, null),
				{ id: 'u2', email: 'two@example.org', name: 'Two', isAnonymous: false },
				null,
				now
			);
			await runCleanup(app, new Date(now.getTime() + HOUR));

			const found = await app.identity.resolveSession(
				issued.secret,
				new Date(now.getTime() + HOUR)
			);
			expect(found?.user.id).toBe('u2');
		});
	});

	describe('retention of expense claims', () => {
		it('deletes a claim past its bookkeeping years with its receipt, and erases an old payout account', async () => {
			const old = await app.files.accept({ ownerId: 'u1', purpose: 'receipt', bytes: await png() });
			const recent = await app.files.accept({
				ownerId: 'u1',
				purpose: 'receipt',
				bytes: await png()
			});
			// Paid in 2020: that year's books are kept through 2025, so it goes now (November 2026).
			await db
				.insertInto('expense_claims')
				.values(paidClaimRow('x-2020', '2020-06-01T10:00:00.000Z'))
				.execute();
			// Paid in 2024: kept, but its payout account is past the 13 months.
			await db
				.insertInto('expense_claims')
				.values(paidClaimRow('x-2024', '2024-06-01T10:00:00.000Z'))
				.execute();
			await db
				.insertInto('expense_lines')
				.values([
					receiptLineRow('l-2020', 'x-2020', old.id),
					receiptLineRow('l-2024', 'x-2024', recent.id)
				])
				.execute();

			const counts = await runCleanup(app, now);

			// Both accounts are past their 13 months; the 2020 claim then goes whole.
			expect(counts).toMatchObject({
				expenseAccountsErased: 2,
				expenseClaimsDeleted: 1,
				receiptFilesDeleted: 1
			});
			expect(await ids('expense_claims')).toEqual(['x-2024']);
			const kept = await db
				.selectFrom('expense_claims')
				.select(['payout_account', 'account_erased_at'])
				.executeTakeFirstOrThrow();
			expect(kept).toEqual({ payout_account: null, account_erased_at: now.toISOString() });
			expect(await app.files.find(old.id)).toBeNull();
			expect(existsSync(join(filesDir, old.storageKey.slice(0, 2), old.storageKey))).toBe(false);
			expect(await app.files.find(recent.id)).not.toBeNull();
		});

		it('deletes assistant document uploads that never became a document within a day, and keeps documents', async () => {
			const upload = async (text: string) =>
				app.files.accept({
					ownerId: 'u1',
					purpose: 'document',
					bytes: Buffer.from(text),
					name: 'a.txt'
				});
			const [abandoned, kept] = [await upload('Glemt opplasting'), await upload('Husregler')];
			await db
				.insertInto('documents')
				.values({
					id: 'd1',
					file_id: kept.id,
					title: 'Husregler',
					locale: null,
					unit_id: null,
					uploaded_by: 'u1',
					characters: 9,
					passage_count: 1,
					created_at: '2026-11-01T10:00:00.000Z'
				})
				.execute();
			for (const id of [abandoned.id, kept.id]) {
				await db
					.updateTable('files')
					.set({ created_at: '2026-11-01T10:00:00.000Z' })
					.where('id', '=', id)
					.execute();
			}

			const counts = await runCleanup(app, now);

			expect(counts.abandonedUploadsDeleted).toBe(1);
			expect(await app.files.find(abandoned.id)).toBeNull();
			expect(await app.files.find(kept.id)).not.toBeNull();
		});

		it('deletes receipt uploads no claim took within a day, and keeps younger ones and those on a claim', async () => {
			const upload = async () =>
				app.files.accept({ ownerId: 'u1', purpose: 'receipt', bytes: await png() });
			const [abandoned, fresh, onClaim] = [await upload(), await upload(), await upload()];
			const made = (id: string, at: string) =>
				db.updateTable('files').set({ created_at: at }).where('id', '=', id).execute();
			await made(abandoned.id, '2026-11-22T11:00:00.000Z');
			await made(fresh.id, '2026-11-22T13:00:00.000Z');
			await made(onClaim.id, '2026-11-01T10:00:00.000Z');
			await db
				.insertInto('expense_claims')
				.values(paidClaimRow('x-now', '2026-11-20T10:00:00.000Z'))
				.execute();
			await db
				.insertInto('expense_lines')
				.values(receiptLineRow('l-now', 'x-now', onClaim.id))
				.execute();

			const counts = await runCleanup(app, now);

			expect(counts.abandonedUploadsDeleted).toBe(1);
			expect(await app.files.find(abandoned.id)).toBeNull();
			const key = abandoned.storageKey;
			expect(existsSync(join(filesDir, key.slice(0, 2), key))).toBe(false);
			expect(await app.files.find(fresh.id)).not.toBeNull();
			expect(await app.files.find(onClaim.id)).not.toBeNull();
		});
	});

	it('deletes what the assistant kept of questions past ASSISTANT_QUESTIONS_DAYS, and keeps the rest', async () => {
		const day = 24 * HOUR;
		const kept = app.config.ASSISTANT_QUESTIONS_DAYS;
		await app.assistantFeedback.recordNotFound(
			{ id: 'old', locale: 'en', question: 'Where is the sauna?', by: 'local' },
			new Date(now.getTime() - (kept + 1) * day)
		);
		await app.assistantFeedback.recordNotFound(
			{ id: 'young', locale: 'en', question: 'Where is the gym?', by: 'local' },
			new Date(now.getTime() - (kept - 1) * day)
		);

		const counts = await runCleanup(app, now);

		expect(counts.assistantQuestionsDeleted).toBe(1);
		const left = await db.selectFrom('assistant_feedback').select(['id', 'question']).execute();
		expect(left).toEqual([{ id: 'young', question: 'Where is the gym?' }]);
	});

	it('deletes job applications and their files APPLICATION_RETENTION_DAYS after the deadline, not before', async () => {
		const day = 24 * HOUR;
		const withThirty = buildServices(
			db,
			parseConfig({ LOG_LEVEL: 'silent', FILES_DIR: filesDir, APPLICATION_RETENTION_DAYS: '30' })
		);
		const submitted = await withThirty.applications.submit({
			jobId: 'job-treasurer',
			form: {
				name: 'Kari',
				email: 'kari@example.org',
				phone: '12345678',
				motivation: 'Ti år med regnskap i korpset.',
				website: ''
			},
			cv: { name: 'cv.pdf', bytes: pdf() },
			attachments: [],
			locale: 'no',
			origin: 'http://localhost'
		});
		expect(submitted.status).toBe('stored');
		const { deadline } = await db
			.selectFrom('jobs')
			.select('deadline')
			.where('id', '=', 'job-treasurer')
			.executeTakeFirstOrThrow();
		const after = (days: number) => new Date(new Date(deadline).getTime() + days * day);

		const early = await runCleanup(withThirty, after(29));
		expect(early.applicationsDeleted).toBe(0);
		expect(await db.selectFrom('job_applications').select('id').execute()).toHaveLength(1);

		const due = await runCleanup(withThirty, after(31));
		expect(due).toMatchObject({ applicationsDeleted: 1, applicationFilesDeleted: 1 });
		expect(await db.selectFrom('job_applications').select('id').execute()).toEqual([]);
		expect(
			await db.selectFrom('files').select('id').where('purpose', '=', 'application').execute()
		).toEqual([]);
	});
});
