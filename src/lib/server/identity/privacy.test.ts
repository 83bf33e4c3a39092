import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trail } from '../audit';
import { userContext, type UserContext } from '../context';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { orderRow, reservationRow, teamMemberRow, userRow } from '../db/test-rows';
import type { ExpensesService } from '../expenses';
import type { FilesService } from '../files';
import { pdf } from '../files/test-fixtures';
import { Forbidden } from '../errors';
import { hashPassword } from './passwords';
import { DELETED_NAME, type PrivacyService } from './privacy';
import { privacyServices } from './privacy-fixtures';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const LATER = '2026-12-24T12:00:00.000Z';
const PASSWORD = 'correct horse battery';
const ACCOUNT = '86011117947';
const as = (id: string): UserContext =>
	userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, `s-${id}`);
const link = (id: string) => `https://orgweb.test/api/files/${id}`;

describe.each(ENGINES)('privacy on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let dir: string;
	let files: FilesService;
	let expenses: ExpensesService;
	let privacy: PrivacyService;
	let passwordHash: string;
	/** Ada's claims by how far they got, and her receipt files. */
	let claims: Record<'paid' | 'open' | 'draft' | 'withdrawn', string>;
	let receipts: Record<'paid' | 'draft' | 'abandoned', string>;
	let cvs: { ada: string; bob: string };
	let bobClaim: string;

	async function receipt(ownerId: string) {
		return (
			await files.accept({ ownerId, purpose: 'receipt', bytes: pdf(), name: 'kvittering.pdf' })
		).id;
	}

	async function draft(userId: string, fileId: string | null) {
		const created = await expenses.createDraft(as(userId), {
			campusId: 'oslo',
			unitId: 'board-oslo',
			purpose: `Posters for ${userId}`,
			payoutAccount: ACCOUNT,
			lines: [
				{
					kind: 'receipt',
					date: '2026-11-20',
					merchant: 'Print shop',
					description: 'Posters',
					amount: '300',
					...(fileId ? { fileId } : {})
				}
			]
		});
		if (!created.ok) throw new Error(`draft refused: ${JSON.stringify(created)}`);
		return created.id;
	}

	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		dir = mkdtempSync(join(tmpdir(), 'orgweb-privacy-'));
		await seedDemo(db, NOW);
		passwordHash = await hashPassword(PASSWORD);
		await db
			.insertInto('users')
			.values([
				userRow('ada', { name: 'Ada Lovelace', password_hash: passwordHash }),
				userRow('bob', { name: 'Bob Bystander' }),
				userRow('admin'),
				userRow('leader'),
				userRow('finance')
			])
			.execute();
		await db
			.insertInto('team_members')
			.values([
				teamMemberRow('leader', 'board-oslo', 'leader', '2026-01-01'),
				teamMemberRow('finance', 'board-oslo', 'finance', '2026-01-01'),
				teamMemberRow('ada', 'events-oslo', 'member', '2026-03-01')
			])
			.execute();
		({ files, expenses, privacy } = privacyServices(db, dir, {
			adminEmails: ['admin@example.org'],
			now: NOW
		}));

		// Ada: sessions, a provider link, a grant, an invitation, a failed sign-in, an order with a
		// membership and a cart, mail, a contact message, claims at every stage and her receipts.
		const session = (id: string, userId: string, revoked: string | null = null) => ({
			id,
			user_id: userId,
			secret_hash: `secret-hash-${id}`,
			created_at: NOW.toISOString(),
			expires_at: LATER,
			revoked_at: revoked,
			user_agent: 'Firefox'
		});
		await db
			.insertInto('sessions')
			.values([
				session('ada-1', 'ada'),
				session('ada-2', 'ada', NOW.toISOString()),
				session('bob-1', 'bob')
			])
			.execute();
		await db
			.insertInto('auth_tokens')
			.values({
				id: 't1',
				user_id: 'ada',
				purpose: 'reset',
				token_hash: 'token-hash-ada',
				created_at: NOW.toISOString(),
				expires_at: LATER
			})
			.execute();
		await db
			.insertInto('oauth_accounts')
			.values({
				provider: 'entra',
				subject: 'ada-sub',
				user_id: 'ada',
				created_at: NOW.toISOString()
			})
			.execute();
		await db
			.insertInto('admin_grants')
			.values({ user_id: 'ada', granted_by: 'admin', granted_at: NOW.toISOString() })
			.execute();
		await db
			.insertInto('safety_grants')
			.values({ user_id: 'ada', granted_by: 'admin', granted_at: NOW.toISOString() })
			.execute();
		await db
			.insertInto('invitations')
			.values({
				id: 'inv-ada',
				unit_id: 'board-oslo',
				role: 'finance',
				email: 'ada@example.org',
				token_hash: 'invitation-hash',
				invited_by: 'leader',
				created_at: NOW.toISOString(),
				expires_at: LATER
			})
			.execute();
		await db
			.insertInto('login_failures')
			.values({ key: 'account:ada@example.org', failures: 2, last_failure_at: NOW.toISOString() })
			.execute();
		await db
			.insertInto('orders')
			.values([
				orderRow('order-ada', 'paid', {
					user_id: 'ada',
					buyer_name: 'Ada Lovelace',
					buyer_email: 'ada.private@example.net',
					buyer_phone: '98765432'
				}),
				orderRow('order-bob', 'paid', {
					user_id: 'bob',
					buyer_name: 'Bob Bystander',
					buyer_email: 'bob@example.org',
					buyer_phone: '11223344'
				})
			])
			.execute();
		await db
			.insertInto('order_lines')
			.values([
				{
					id: 'line-ada',
					order_id: 'order-ada',
					product_id: 'membership-year-student',
					name: 'Medlemskap — helt år (student)',
					unit_price_ore: 35_000,
					quantity: 1
				},
				{
					id: 'line-bob',
					order_id: 'order-bob',
					product_id: 'prod-mug',
					name: 'Bob’s mug',
					unit_price_ore: 100,
					quantity: 1
				}
			])
			.execute();
		await db
			.insertInto('memberships')
			.values({
				id: 'ms-ada',
				user_id: 'ada',
				order_id: 'order-ada',
				product_id: 'membership-year-student',
				starts_at: NOW.toISOString(),
				ends_at: '2027-11-24T12:00:00.000Z',
				created_at: NOW.toISOString()
			})
			.execute();
		await db
			.insertInto('cart_reservations')
			.values(
				reservationRow('cart-ada', 'ada', 'prod-mug', 1, { from: NOW.toISOString(), until: LATER })
			)
			.execute();
		const mail = (
			id: string,
			kind: string,
			to: string,
			text: string,
			about: { about_user_id?: string; about_address?: string } = {}
		) => ({
			id,
			kind,
			to_address: to,
			subject: `Subject ${id}`,
			text_body: text,
			transport: 'outbox',
			created_at: NOW.toISOString(),
			...about
		});
		await db
			.insertInto('mail_outbox')
			.values([
				mail(
					'mail-verify',
					'password-reset',
					'ada@example.org',
					'https://x/r?token=LIVE-RESET-LINK'
				),
				mail('mail-order', 'order-confirmation', 'ada.private@example.net', 'Reference order-ada', {
					about_user_id: 'ada'
				}),
				mail('mail-bob', 'order-confirmation', 'bob@example.org', 'Reference order-bob', {
					about_user_id: 'bob'
				}),
				mail('mail-contact', 'contact', 'board@example.org', 'Ada asks about the board', {
					about_address: 'Ada@Example.org'
				})
			])
			.execute();
		await db
			.insertInto('contact_messages')
			.values([
				{
					id: 'cm-ada',
					name: 'Ada Lovelace',
					email: 'Ada@Example.org',
					subject: 'About the board',
					message: 'Who is on the board?',
					locale: 'en',
					created_at: NOW.toISOString(),
					mail_id: 'mail-contact'
				},
				{
					id: 'cm-bob',
					name: 'Bob Bystander',
					email: 'bob@example.org',
					subject: 'Bob’s question',
					message: 'Is there a chess club?',
					locale: 'en',
					created_at: NOW.toISOString(),
					mail_id: null
				}
			])
			.execute();

		// Ada applied for a job with her CV (owned, as every application's files, by an anonymous
		// user of its own); so did Bob.
		const applied = async (id: string, email: string) => {
			await db
				.insertInto('users')
				.values(userRow(`owner-${id}`, { email: null, is_anonymous: 1 }))
				.execute();
			const cv = await files.accept({
				ownerId: `owner-${id}`,
				purpose: 'application',
				bytes: pdf(),
				name: `cv-${id}.pdf`
			});
			await db
				.insertInto('job_applications')
				.values({
					id,
					job_id: 'job-treasurer',
					owner_id: `owner-${id}`,
					name: id,
					email,
					phone: '+47 912 34 567',
					motivation: `Motivation of ${id}`,
					locale: 'en',
					status: 'received',
					withdraw_token_hash: 'ab'.repeat(32),
					mail_ids: '[]',
					created_at: NOW.toISOString(),
					updated_at: NOW.toISOString()
				})
				.execute();
			await db
				.insertInto('job_application_files')
				.values({ application_id: id, position: 0, file_id: cv.id })
				.execute();
			return cv.id;
		};
		cvs = {
			ada: await applied('app-ada', 'ADA@example.org'),
			bob: await applied('app-bob', 'bob@example.org')
		};

		receipts = {
			paid: await receipt('ada'),
			draft: await receipt('ada'),
			abandoned: await receipt('ada')
		};
		const paid = await draft('ada', receipts.paid);
		await expenses.submit(as('ada'), paid);
		await expenses.approve(as('leader'), paid);
		await expenses.markPaid(as('finance'), paid, '2026-11-24');
		const open = await draft('ada', null);
		await expenses.submit(as('ada'), open);
		const withdrawn = await draft('ada', null);
		await expenses.withdraw(as('ada'), withdrawn);
		claims = { paid, open, withdrawn, draft: await draft('ada', receipts.draft) };
		bobClaim = await draft('bob', null);
		await expenses.submit(as('bob'), bobClaim);
	});
	afterEach(async () => {
		await test.destroy();
		rmSync(dir, { recursive: true, force: true });
	});

	const claimRow = (id: string) =>
		db.selectFrom('expense_claims').selectAll().where('id', '=', id).executeTakeFirst();
	const count = async (table: 'sessions' | 'auth_tokens' | 'oauth_accounts' | 'admin_grants') =>
		(await db.selectFrom(table).select('user_id').where('user_id', '=', 'ada').execute()).length;

	it('exports everything stored about the person, the payout account in full, without secrets or anyone else', async () => {
		const data = await privacy.exportOwn(as('ada'), link, NOW);
		expect(data).not.toBeNull();
		const text = JSON.stringify(data);
		expect(data).toMatchObject({
			format: 'orgweb-personal-data/1',
			account: {
				id: 'ada',
				name: 'Ada Lovelace',
				email: 'ada@example.org',
				hasPassword: true,
				deletedAt: null
			},
			oauthLinks: [{ provider: 'entra', subject: 'ada-sub' }],
			teamRoles: [{ unitId: 'events-oslo', role: 'member', unitName: { en: 'Events Committee' } }],
			adminGrant: { grantedBy: 'admin' },
			safetyGrant: { grantedBy: 'admin' },
			invitationsReceived: [{ unitId: 'board-oslo', role: 'finance' }],
			signInFailures: { failures: 2 },
			memberships: [{ orderId: 'order-ada', productId: 'membership-year-student' }],
			orders: [
				{
					id: 'order-ada',
					buyer: { name: 'Ada Lovelace', email: 'ada.private@example.net', phone: '98765432' },
					lines: [{ name: 'Medlemskap — helt år (student)', unitPriceOre: 35_000, quantity: 1 }]
				}
			],
			contactMessages: [{ subject: 'About the board', message: 'Who is on the board?' }],
			jobApplications: [
				{
					jobId: 'job-treasurer',
					motivation: 'Motivation of app-ada',
					status: 'received',
					files: [{ name: 'cv-app-ada.pdf' }]
				}
			]
		});
		expect(data!.jobApplications).toHaveLength(1);
		expect(data!.sessions).toHaveLength(2);
		expect(data!.sessions[0]).toEqual({
			createdAt: NOW.toISOString(),
			lastSeenAt: null,
			expiresAt: LATER,
			revokedAt: null,
			userAgent: 'Firefox'
		});
		const claimIds = data!.expenseClaims.map((c) => c.id).sort();
		expect(claimIds).toEqual(Object.values(claims).sort());
		const paid = data!.expenseClaims.find((c) => c.id === claims.paid)!;
		expect(paid).toMatchObject({
			status: 'paid',
			payoutAccount: '8601 11 17947',
			lines: [{ merchant: 'Print shop', amountOre: 30_000, fileId: receipts.paid }]
		});
		expect(data!.uploads.map((u) => u.link).sort()).toEqual(
			Object.values(receipts).map(link).sort()
		);
		expect(data!.emailsSent.map((e) => [e.kind, e.to])).toEqual(
			expect.arrayContaining([
				['password-reset', 'ada@example.org'],
				['order-confirmation', 'ada.private@example.net']
			])
		);
		// And the claim's decisions, which went to her; never what went to the approvers.
		expect(new Set(data!.emailsSent.map((e) => e.to)), JSON.stringify(data!.emailsSent)).toEqual(
			new Set(['ada@example.org', 'ada.private@example.net'])
		);
		expect(data!.emailsSent.some((e) => e.kind === 'expense-paid')).toBe(true);
		expect(data!.auditEntries.map((e) => e.action)).toEqual(
			expect.arrayContaining(['create', 'submit', 'pay', 'withdraw', 'export'])
		);
		// Never secrets, never someone else's.
		for (const absent of [
			passwordHash,
			'$argon2',
			'secret-hash-ada-1',
			'token-hash-ada',
			'invitation-hash',
			'LIVE-RESET-LINK',
			'bob',
			'Bob',
			'order-bob',
			bobClaim,
			'Is there a chess club',
			'11223344'
		]) {
			expect(text, absent).not.toContain(absent);
		}
	});

	it('records who exported whose data, and gives an admin a copy with the payout accounts masked', async () => {
		await privacy.exportOwn(as('ada'), link, NOW);
		const copy = await privacy.exportFor(as('admin'), 'ada', link, NOW);
		const paid = copy!.expenseClaims.find((c) => c.id === claims.paid)!;
		expect(paid.payoutAccount).toMatch(/^•+/);
		expect(JSON.stringify(copy)).not.toContain('8601 11 17947');
		expect(JSON.stringify(copy)).not.toContain(ACCOUNT);
		expect((await trail(db, 'user', 'ada')).map((e) => [e.actor, e.action, e.details.by])).toEqual([
			['ada', 'export', 'self'],
			['admin', 'export', 'admin']
		]);
		await expect(privacy.exportFor(as('leader'), 'ada', link)).rejects.toThrow(Forbidden);
		await expect(privacy.exportFor(as('bob'), 'ada', link)).rejects.toThrow(Forbidden);
		expect(await privacy.exportFor(as('admin'), 'nobody', link)).toBeNull();
	});

	it('deletes an account in one go: what identifies the person goes, what bookkeeping needs stays anonymised', async () => {
		expect(await privacy.deleteOwnAccount(as('ada'), { password: PASSWORD }, NOW)).toEqual({
			ok: true,
			summary: {
				sessions: 2,
				teamRoles: 1,
				ordersKept: 1,
				claimsDeleted: 2,
				claimsKept: 2,
				accountsErased: 1,
				filesDeleted: 2
			}
		});
		const user = await db
			.selectFrom('users')
			.selectAll()
			.where('id', '=', 'ada')
			.executeTakeFirst();
		expect(user).toMatchObject({
			name: DELETED_NAME,
			email: null,
			password_hash: null,
			locale: null,
			email_verified_at: null,
			deleted_at: NOW.toISOString()
		});
		for (const table of ['sessions', 'auth_tokens', 'oauth_accounts', 'admin_grants'] as const) {
			expect(await count(table), table).toBe(0);
		}
		expect(
			await db.selectFrom('team_members').select('unit_id').where('user_id', '=', 'ada').execute()
		).toEqual([]);
		expect(await db.selectFrom('invitations').select('id').execute()).toEqual([]);
		expect(await db.selectFrom('login_failures').select('key').execute()).toEqual([]);
		expect(
			await db.selectFrom('cart_reservations').select('id').where('cart_id', '=', 'ada').execute()
		).toEqual([]);

		// The order is kept for the books, without who bought it; the membership stays with it.
		expect(
			await db
				.selectFrom('orders')
				.select(['status', 'total_ore', 'buyer_name', 'buyer_email', 'buyer_phone'])
				.where('id', '=', 'order-ada')
				.executeTakeFirst()
		).toEqual({
			status: 'paid',
			total_ore: 100,
			buyer_name: DELETED_NAME,
			buyer_email: '',
			buyer_phone: ''
		});
		expect(
			await db.selectFrom('order_lines').select('id').where('order_id', '=', 'order-ada').execute()
		).toHaveLength(1);
		expect(await db.selectFrom('memberships').select('id').execute()).toHaveLength(1);

		// The paid claim stays without its account; the submitted one waits to be settled; the
		// draft and the withdrawn one are gone with their receipts and trails.
		expect(await claimRow(claims.paid)).toMatchObject({
			status: 'paid',
			payout_account: null,
			account_erased_at: NOW.toISOString()
		});
		expect((await trail(db, 'expense_claim', claims.paid)).at(-1)).toMatchObject({
			action: 'account_erased',
			actor: 'system:account-deletion'
		});
		expect((await claimRow(claims.open))?.payout_account).toMatch(/^v1:/);
		expect(await claimRow(claims.draft)).toBeUndefined();
		expect(await claimRow(claims.withdrawn)).toBeUndefined();
		expect(await trail(db, 'expense_claim', claims.draft)).toEqual([]);
		expect(await files.find(receipts.draft)).toBeNull();
		expect(await files.find(receipts.abandoned)).toBeNull();
		expect(await files.find(receipts.paid)).not.toBeNull();

		// Their job application and its CV are gone, with the user that owned the file; Bob's stays.
		expect(
			(await db.selectFrom('job_applications').select('id').execute()).map((r) => r.id)
		).toEqual(['app-bob']);
		expect(await files.find(cvs.ada)).toBeNull();
		expect(await files.find(cvs.bob)).not.toBeNull();
		expect(
			await db.selectFrom('users').select('id').where('id', '=', 'owner-app-ada').executeTakeFirst()
		).toBeUndefined();

		// Their messages and the e-mails sent to them are gone; Bob's are all there.
		expect(
			(await db.selectFrom('contact_messages').select('id').execute()).map((r) => r.id)
		).toEqual(['cm-bob']);
		const mails = await db.selectFrom('mail_outbox').select(['id', 'to_address']).execute();
		expect(mails.map((r) => r.id)).toContain('mail-bob');
		expect(mails.map((r) => r.id)).not.toContain('mail-contact');
		expect(mails.map((r) => r.to_address)).not.toContain('ada@example.org');
		expect(mails.map((r) => r.to_address)).not.toContain('ada.private@example.net');
		expect(
			await db
				.selectFrom('orders')
				.select(['buyer_name', 'buyer_email'])
				.where('id', '=', 'order-bob')
				.executeTakeFirst()
		).toEqual({ buyer_name: 'Bob Bystander', buyer_email: 'bob@example.org' });
		expect((await claimRow(bobClaim))?.payout_account).toMatch(/^v1:/);
		expect(
			await db.selectFrom('sessions').select('id').where('user_id', '=', 'bob').execute()
		).toHaveLength(1);

		// The log has the deletion with counts and who asked, and nothing that names the person.
		const entry = (await trail(db, 'user', 'ada')).at(-1);
		expect(entry).toMatchObject({
			actor: 'ada',
			action: 'delete',
			details: {
				by: 'self',
				before: { deleted_at: null, sessions: 2, team_roles: 1, admin_grant: true },
				after: { deleted_at: NOW.toISOString(), sessions: 0, team_roles: 0, admin_grant: false },
				kept: { orders: 1, claims: 2 }
			}
		});
		expect(await trail(db, 'team_member', 'events-oslo:ada')).toMatchObject([
			{ action: 'account_deleted', details: { before: { role: 'member' }, after: null } }
		]);
		const log = JSON.stringify(await db.selectFrom('audit_log').select('details').execute());
		expect(log).not.toContain('ada@example.org');
		expect(log).not.toContain('Lovelace');

		// Once deleted, the account cannot be deleted or exported by its owner again.
		expect(await privacy.deleteOwnAccount(as('ada'), { password: PASSWORD })).toEqual({
			ok: false,
			reason: 'not_found'
		});
	});

	it('takes the e-mails about the person that went to others: the notices of their claims to its approvers', async () => {
		const about = async (purpose: string) =>
			(
				await db
					.selectFrom('mail_outbox')
					.select(['kind', 'to_address'])
					.where((eb) =>
						eb.or([eb('subject', 'like', `%${purpose}%`), eb('text_body', 'like', `%${purpose}%`)])
					)
					.execute()
			).map((r) => `${r.kind} ${r.to_address}`);
		// Each submission told board-oslo's leader and finance, with her name, purpose and amount.
		expect(await about('Posters for ada')).toEqual(
			expect.arrayContaining(['expense-submitted leader@example.org'])
		);
		await privacy.deleteOwnAccount(as('ada'), { password: PASSWORD }, NOW);
		expect(await about('Posters for ada')).toEqual([]);
		expect(await about('Lovelace')).toEqual([]);
		// Bob's notice stays with his claim.
		expect(await about('Posters for bob')).toEqual(
			expect.arrayContaining(['expense-submitted leader@example.org'])
		);
	});

	it('gives a former approver their own data only: not the reason they wrote on another member’s claim, nor whose claims they were told of', async () => {
		const reason = 'Sick leave the same week: migraine diagnosis attached';
		expect(await expenses.reject(as('leader'), bobClaim, reason)).toMatchObject({ ok: true });
		await db.deleteFrom('team_members').where('user_id', '=', 'leader').execute();
		expect(await expenses.detail(as('leader'), bobClaim)).toBeNull();

		const data = await privacy.exportOwn(as('leader'), link, NOW);
		const text = JSON.stringify(data);
		for (const absent of [
			reason,
			'migraine',
			'Posters for bob',
			'Posters for ada',
			bobClaim,
			'Bob'
		]) {
			expect(text, absent).not.toContain(absent);
		}
		// Their own acts are there, as acts: a rejection of some claim, and the e-mails they got.
		expect(data!.auditEntries).toContainEqual({
			at: NOW.toISOString(),
			actor: 'leader',
			subjectType: 'expense_claim',
			subjectId: null,
			action: 'reject',
			details: null
		});
		expect(data!.emailsSent.filter((e) => e.kind === 'expense-submitted')).toEqual(
			expect.arrayContaining([expect.objectContaining({ to: 'leader@example.org', subject: null })])
		);
	});

	it('erases the account of a kept claim the moment it is paid, and pays it out as usual', async () => {
		await privacy.deleteOwnAccount(as('ada'), { password: PASSWORD }, NOW);
		expect(await expenses.approve(as('leader'), claims.open)).toMatchObject({
			ok: true,
			status: 'approved'
		});
		expect((await claimRow(claims.open))?.payout_account).toMatch(/^v1:/);
		expect(await expenses.markPaid(as('finance'), claims.open, '2026-11-24')).toMatchObject({
			ok: true,
			status: 'paid'
		});
		expect(await claimRow(claims.open)).toMatchObject({ status: 'paid', payout_account: null });
		// Nobody left to tell: no decision e-mail to a deleted claimant.
		const mails = await db.selectFrom('mail_outbox').select('to_address').execute();
		expect(mails.map((m) => m.to_address)).not.toContain(null);
		// Another claimant's claim keeps its account when paid (until the retention rule).
		await expenses.approve(as('leader'), bobClaim);
		await expenses.markPaid(as('finance'), bobClaim, '2026-11-24');
		expect((await claimRow(bobClaim))?.payout_account).toMatch(/^v1:/);
	});

	it('changes nothing without the right confirmation', async () => {
		expect(await privacy.deleteOwnAccount(as('ada'), { password: 'wrong password!' })).toEqual({
			ok: false,
			reason: 'wrong_password'
		});
		expect(await privacy.deleteOwnAccount(as('ada'), { email: 'ada@example.org' })).toEqual({
			ok: false,
			reason: 'wrong_password'
		});
		// An account without a password confirms with its address.
		expect(await privacy.deleteOwnAccount(as('bob'), { email: 'bob@example.com' })).toEqual({
			ok: false,
			reason: 'email_mismatch'
		});
		expect(await count('sessions')).toBe(2);
		expect((await claimRow(claims.draft))?.status).toBe('draft');
		expect(await privacy.deleteOwnAccount(as('bob'), { email: ' BOB@example.org ' })).toMatchObject(
			{
				ok: true
			}
		);
	});

	it('lets an admin delete an account on request, with the reason in the log; not their own, and nobody else', async () => {
		await expect(
			privacy.deleteAccount(as('leader'), { userId: 'ada', reason: 'asked' })
		).rejects.toThrow(Forbidden);
		await expect(
			privacy.deleteAccount(as('bob'), { userId: 'ada', reason: 'asked' })
		).rejects.toThrow(Forbidden);
		expect(await count('sessions')).toBe(2);
		expect(await privacy.deleteAccount(as('admin'), { userId: 'admin', reason: 'x' })).toEqual({
			ok: false,
			reason: 'own_account'
		});
		expect(
			await privacy.deleteAccount(
				as('admin'),
				{ userId: 'ada', reason: 'E-mail of 20 November asking to be forgotten' },
				NOW
			)
		).toMatchObject({ ok: true, summary: { sessions: 2 } });
		expect((await trail(db, 'user', 'ada')).at(-1)).toMatchObject({
			actor: 'admin',
			action: 'delete',
			details: { by: 'admin', reason: 'E-mail of 20 November asking to be forgotten' }
		});
		expect(await privacy.deleteAccount(as('admin'), { userId: 'ada', reason: 'again' })).toEqual({
			ok: false,
			reason: 'not_found'
		});
		// What is left can still be exported on request: the anonymised account and what was kept.
		const left = await privacy.exportFor(as('admin'), 'ada', link, NOW);
		expect(left?.account).toMatchObject({ name: DELETED_NAME, email: null });
		expect(left?.orders.map((o) => o.id)).toEqual(['order-ada']);
	});

	it('tells the owner what deleting would keep and take', async () => {
		expect(await privacy.deletionPreview(as('ada'))).toEqual({
			email: 'ada@example.org',
			hasPassword: true,
			orders: 1,
			claims: { paid: 1, open: 1, unbooked: 2 }
		});
		expect(existsSync(dir)).toBe(true);
	});
});
