import { randomBytes } from 'node:crypto';
import { localSmtp } from '../../../../tests/helpers/smtp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userContext } from '../context';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { teamMemberRow } from '../db/test-rows';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { rolesService } from '../identity/roles';
import { mailer } from '../mail';
import { smtpTransport } from '../mail/smtp';
import { sqlIdentityStore } from '../identity/sql';
import { accountKeyring } from './account';
import { expensesService, type ClaimStatus } from '.';
import { TEST_LIMITS } from './test-limits';

const ACCOUNT = '8601 11 17947';

describe.each(ENGINES)('expenses on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let clock: Date;
	let expenses: ReturnType<typeof expensesService>;
	let deps: Parameters<typeof expensesService>[0];

	const people = {
		claimant: { id: 'u-claimant', locale: 'en' },
		leader: { id: 'u-leader', locale: 'no' },
		finance: { id: 'u-finance', locale: 'en' },
		outsider: { id: 'u-outsider', locale: 'no' },
		admin: { id: 'u-admin', locale: 'no' },
		otherLeader: { id: 'u-leader-bergen', locale: 'no' }
	};
	const as = (id: string) =>
		userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, 's');

	async function addUser(id: string, locale: string | null) {
		await db
			.insertInto('users')
			.values({
				id,
				email: `${id}@example.org`,
				name: `Name ${id}`,
				password_hash: null,
				locale,
				created_at: '2026-01-01T00:00:00.000Z',
				email_verified_at: '2026-01-01T00:00:00.000Z'
			})
			.execute();
	}
	async function addRole(userId: string, unitId: string, role: string) {
		await db
			.insertInto('team_members')
			.values(teamMemberRow(userId, unitId, role))
			.execute();
	}

	beforeEach(async () => {
		test = await testDatabase(engine, { poolMax: 12 });
		db = test.db;
		clock = new Date('2026-11-23T12:00:00.000Z');
		await seedDemo(db, clock);
		for (const p of Object.values(people)) await addUser(p.id, p.locale);
		await addRole(people.leader.id, 'board-oslo', 'leader');
		await addRole(people.finance.id, 'board-oslo', 'finance');
		await addRole(people.otherLeader.id, 'sport-bergen', 'leader');
		const roles = rolesService({
			store: sqlIdentityStore(db),
			isMember: async () => false,
			adminEmails: ['u-admin@example.org']
		});
		deps = {
			db,
			roles,
			keyring: accountKeyring([randomBytes(32)]),
			limits: TEST_LIMITS,
			origin: 'https://org.example',
			now: () => clock
		};
		expenses = expensesService(deps);
	});
	afterEach(() => test.destroy());

	const receipt = (amount: string, extra: Record<string, unknown> = {}) => ({
		kind: 'receipt' as const,
		date: '2026-11-20',
		merchant: 'Rema 1000',
		description: 'Snacks for the board meeting',
		amount,
		...extra
	});
	const draftInput = (extra: Record<string, unknown> = {}) => ({
		campusId: 'oslo',
		unitId: 'board-oslo',
		purpose: 'Board meeting',
		payoutAccount: ACCOUNT,
		lines: [receipt('249,90')],
		...extra
	});
	async function draft(extra: Record<string, unknown> = {}, by = people.claimant.id) {
		const created = await expenses.createDraft(as(by), draftInput(extra));
		if (!created.ok) throw new Error(`draft refused: ${JSON.stringify(created)}`);
		return created.id;
	}
	async function submitted(extra: Record<string, unknown> = {}, by = people.claimant.id) {
		const id = await draft(extra, by);
		expect(await expenses.submit(as(by), id)).toMatchObject({ ok: true, status: 'submitted' });
		return id;
	}
	const statusOf = async (id: string) =>
		(
			await db
				.selectFrom('expense_claims')
				.select(['status', 'version'])
				.where('id', '=', id)
				.executeTakeFirstOrThrow()
		).status as ClaimStatus;
	const mails = () =>
		db
			.selectFrom('mail_outbox')
			.select(['kind', 'to_address', 'subject', 'text_body'])
			.orderBy('to_address')
			.execute();
	const countOf = async (table: 'expense_claims' | 'expense_lines' | 'audit_log') =>
		Number(
			(
				await db
					.selectFrom(table)
					.select((e) => e.fn.countAll().as('n'))
					.executeTakeFirstOrThrow()
			).n
		);

	describe('drafts', () => {
		it('computes the total on the server from receipts, mileage and foreign receipts, less the advance', async () => {
			const created = await expenses.createDraft(
				as(people.claimant.id),
				draftInput({
					advance: '100',
					lines: [
						receipt('1 234,50'),
						{
							kind: 'mileage',
							date: '2026-11-21',
							description: 'Driving the banner to campus',
							from: 'Oslo S',
							to: 'Blindern',
							km: '12,5'
						},
						receipt('412,37', { currency: 'eur', originalAmount: '35,00', merchant: 'Café Paris' })
					],
					total: 1
				})
			);
			expect(created).toMatchObject({
				ok: true,
				totals: {
					totalOre: 123_450 + 4_375 + 41_237,
					advanceOre: 10_000,
					owedOre: 123_450 + 4_375 + 41_237 - 10_000
				}
			});
			const detail = await expenses.detail(as(people.claimant.id), created.ok ? created.id : '');
			expect(
				detail?.lines.map((l) => [l.kind, l.amountOre, l.currency, l.originalHundredths])
			).toEqual([
				['receipt', 123_450, null, null],
				['mileage', 4_375, null, null],
				['receipt', 41_237, 'EUR', 3_500]
			]);
			expect(detail?.lines[1]).toMatchObject({
				distanceM: 12_500,
				rateOrePerKm: 350,
				from: 'Oslo S'
			});
			expect(detail?.trail.map((t) => t.action)).toEqual(['create']);
		});

		it('stores the payout account encrypted and shows it in full only to the claimant', async () => {
			const id = await submitted();
			const row = await db
				.selectFrom('expense_claims')
				.select('payout_account')
				.where('id', '=', id)
				.executeTakeFirstOrThrow();
			expect(row.payout_account).toMatch(/^v1:/);
			expect(row.payout_account).not.toContain('86011117947');
			expect((await expenses.detail(as(people.claimant.id), id))?.payoutAccount).toBe(
				'8601 11 17947'
			);
			expect((await expenses.detail(as(people.leader.id), id))?.payoutAccount).toBe(
				'•••• •• •7947'
			);
		});

		it('a claim whose account the configured key cannot read still shows, without the account', async () => {
			const id = await submitted();
			await expenses.approve(as(people.leader.id), id);
			// Restored without its key file: a new key was generated.
			const rekeyed = expensesService({ ...deps, keyring: accountKeyring([randomBytes(32)]) });
			const seen = await rekeyed.detail(as(people.claimant.id), id);
			expect(seen).toMatchObject({ payoutAccount: null, accountUnreadable: true });
			expect(seen?.lines).toHaveLength(1);
			expect(await rekeyed.revealAccount(as(people.finance.id), id)).toEqual({
				ok: false,
				reason: 'account_unreadable'
			});
			expect((await expenses.detail(as(people.claimant.id), id))?.accountUnreadable).toBe(false);
		});

		it('refuses bad input with a reason per field and writes nothing', async () => {
			const cases: [Record<string, unknown>, string, string][] = [
				[{ payoutAccount: '8601 11 17948' }, 'payoutAccount', 'account'],
				[{ payoutAccount: 'GB82 WEST 1234 5698 7654 33' }, 'payoutAccount', 'account'],
				[{ lines: [receipt('-5')] }, 'lines.0.amount', 'amount_not_positive'],
				[{ lines: [receipt('0')] }, 'lines.0.amount', 'amount_not_positive'],
				[{ lines: [receipt('50 000,01')] }, 'lines.0.amount', 'amount_too_large'],
				[{ lines: [receipt('10,005')] }, 'lines.0.amount', 'amount_too_many_decimals'],
				[{ lines: [receipt('10', { date: '2026-11-24' })] }, 'lines.0.date', 'date_future'],
				[{ lines: [receipt('10', { date: '2025-11-01' })] }, 'lines.0.date', 'date_too_old'],
				[{ lines: [receipt('10', { date: '2026-02-30' })] }, 'lines.0.date', 'date_invalid'],
				[{ lines: [receipt('10', { currency: 'EUR' })] }, 'lines.0.originalAmount', 'currency'],
				[{ unitId: 'sport-bergen' }, 'unitId', 'unknown'],
				[{ eventId: 'no-such-event' }, 'eventId', 'unknown'],
				[{ lines: Array.from({ length: 51 }, () => receipt('1')) }, 'lines', 'too_many_lines']
			];
			for (const [extra, path, message] of cases) {
				const refused = await expenses.createDraft(as(people.claimant.id), draftInput(extra));
				expect(refused.ok, JSON.stringify(extra).slice(0, 80)).toBe(false);
				if (refused.ok) continue;
				expect(refused.reason).toBe('invalid');
				expect(refused.issues?.map((i) => [i.path.join('.'), i.message])).toContainEqual([
					path,
					message
				]);
			}
			expect(await countOf('expense_claims')).toBe(0);
			expect(await countOf('expense_lines')).toBe(0);
			expect(await countOf('audit_log')).toBe(0);
		});

		it('an edit made from an older version is refused as stale and changes nothing', async () => {
			const id = await draft({ lines: [receipt('100', { fileId: 'file-a' })] });
			const first = await expenses.updateDraft(
				as(people.claimant.id),
				id,
				1,
				draftInput({ lines: [receipt('200', { fileId: 'file-b' })] })
			);
			expect(first).toMatchObject({ ok: true, version: 2, releasedFileIds: ['file-a'] });
			const stale = await expenses.updateDraft(
				as(people.claimant.id),
				id,
				1,
				draftInput({ lines: [receipt('300')] })
			);
			expect(stale).toEqual({ ok: false, reason: 'stale' });
			const detail = await expenses.detail(as(people.claimant.id), id);
			expect(detail?.totals.totalOre).toBe(20_000);
			expect(detail?.version).toBe(2);
			expect(detail?.lines.map((l) => l.fileId)).toEqual(['file-b']);
		});

		it("another user's claim answers not found, to read it and to change it", async () => {
			const id = await submitted();
			const outsider = as(people.outsider.id);
			expect(await expenses.detail(outsider, id)).toBeNull();
			expect(await expenses.updateDraft(outsider, id, 2, draftInput())).toEqual({
				ok: false,
				reason: 'not_found'
			});
			for (const attempt of [
				expenses.approve(outsider, id),
				expenses.reject(outsider, id, 'no'),
				expenses.withdraw(outsider, id),
				expenses.markPaid(outsider, id, '2026-11-23'),
				// A leader of another unit is an outsider to this one.
				expenses.approve(as(people.otherLeader.id), id)
			]) {
				expect(await attempt).toEqual({ ok: false, reason: 'not_found' });
			}
			expect(await statusOf(id)).toBe('submitted');
		});

		it("a receipt may name the claimant's own uploads only, not another user's or an unknown file", async () => {
			const uploaders = new Map([
				['f-mine', people.claimant.id],
				['f-theirs', people.outsider.id]
			]);
			const checked = expensesService({
				...deps,
				fileUploaders: async (ids) =>
					new Map(ids.flatMap((id) => (uploaders.has(id) ? [[id, uploaders.get(id)!]] : [])))
			});
			const me = as(people.claimant.id);
			for (const fileId of ['f-theirs', 'f-unknown']) {
				const refused = await checked.createDraft(
					me,
					draftInput({ lines: [receipt('10', { fileId: 'f-mine' }), receipt('10', { fileId })] })
				);
				expect(refused).toMatchObject({
					ok: false,
					reason: 'invalid',
					issues: [{ path: ['lines', 1, 'fileId'], message: 'file' }]
				});
			}
			expect(await countOf('expense_claims')).toBe(0);
			const created = await checked.createDraft(
				me,
				draftInput({ lines: [receipt('10', { fileId: 'f-mine' })] })
			);
			expect(created.ok).toBe(true);
			// Already on the claim: kept on a later save even if the uploads no longer list it.
			uploaders.delete('f-mine');
			const saved = await checked.updateDraft(
				me,
				created.ok ? created.id : '',
				1,
				draftInput({ lines: [receipt('20', { fileId: 'f-mine' })] })
			);
			expect(saved).toMatchObject({ ok: true, releasedFileIds: [] });
		});

		it('names the claimant, unit, campus and the people in the trail instead of their ids', async () => {
			const id = await submitted();
			await expenses.approve(as(people.leader.id), id);
			const detail = await expenses.detail(as(people.finance.id), id);
			expect(detail?.names).toMatchObject({
				claimant: { name: 'Name u-claimant', email: 'u-claimant@example.org' },
				campus: 'Oslo',
				unit: { no: 'Styret i Oslo', en: 'Oslo Board' },
				event: null,
				project: null
			});
			expect(detail?.trail.map((t) => detail.names.people[t.actor])).toEqual([
				'Name u-claimant',
				'Name u-claimant',
				'Name u-leader'
			]);
		});

		it('a draft never submitted is hidden from the approvers too', async () => {
			const id = await draft();
			expect(await expenses.detail(as(people.leader.id), id)).toBeNull();
			expect(await expenses.approve(as(people.leader.id), id)).toEqual({
				ok: false,
				reason: 'not_found'
			});
		});
	});

	describe('receipt files', () => {
		it('a receipt on a claim may be read by whoever may see the claim, from its submission on', async () => {
			const id = await draft({ lines: [receipt('10', { fileId: 'f-receipt' })] });
			const readers = async () => {
				const who = [people.claimant, people.leader, people.finance, people.admin];
				const outsiders = [people.outsider, people.otherLeader];
				return {
					seeing: await Promise.all(who.map((p) => expenses.mayReadFile(as(p.id), 'f-receipt'))),
					outside: await Promise.all(
						outsiders.map((p) => expenses.mayReadFile(as(p.id), 'f-receipt'))
					)
				};
			};
			expect(await readers()).toEqual({
				seeing: [true, false, false, false],
				outside: [false, false]
			});
			await expenses.submit(as(people.claimant.id), id);
			expect(await readers()).toEqual({
				seeing: [true, true, true, true],
				outside: [false, false]
			});
			// A file on no claim is nobody's to read through a claim.
			expect(await expenses.mayReadFile(as(people.leader.id), 'f-elsewhere')).toBe(false);
		});

		it('a claim rejected by one unit and edited to another reaches the new unit’s leader only once submitted to it', async () => {
			const eventsLeader = 'u-leader-events';
			await addUser(eventsLeader, 'en');
			await addRole(eventsLeader, 'events-oslo', 'leader');
			const id = await submitted({ lines: [receipt('10', { fileId: 'f-moved' })] });
			await expenses.reject(as(people.leader.id), id, 'Wrong unit');
			const { version } = (await expenses.detail(as(people.claimant.id), id))!;
			expect(
				await expenses.updateDraft(
					as(people.claimant.id),
					id,
					version,
					draftInput({
						unitId: 'events-oslo',
						purpose: 'Unsubmitted edit',
						lines: [receipt('10', { fileId: 'f-moved' })]
					})
				)
			).toMatchObject({ ok: true });

			// Never in the events leader's queue: the claim, its receipt and its decisions are not theirs.
			expect(await expenses.detail(as(eventsLeader), id)).toBeNull();
			expect(await expenses.mayReadFile(as(eventsLeader), 'f-moved')).toBe(false);
			expect(await expenses.reject(as(eventsLeader), id, 'No')).toEqual({
				ok: false,
				reason: 'not_found'
			});
			// The board's leader had it in their queue and still may look; deciding is not theirs now.
			const seen = await expenses.detail(as(people.leader.id), id);
			expect(seen?.unitId).toBe('events-oslo');
			expect(seen?.actions).toEqual([]);

			await expenses.submit(as(people.claimant.id), id);
			expect((await expenses.detail(as(eventsLeader), id))?.actions).toEqual(['approve', 'reject']);
			expect(await expenses.mayReadFile(as(eventsLeader), 'f-moved')).toBe(true);
			// Now in the events committee's queue: the board's leader may look, not decide.
			expect((await expenses.detail(as(people.leader.id), id))?.actions).toEqual([]);
			expect(await expenses.approve(as(people.leader.id), id)).toMatchObject({ ok: false });
		});
	});

	describe('workflow', () => {
		it('draft → submitted → approved → paid, each step audited and mailed in the reader’s locale', async () => {
			const id = await submitted({ advance: '49,90' });
			const afterSubmit = await mails();
			expect(afterSubmit.map((m) => [m.kind, m.to_address])).toEqual([
				['expense-received', 'u-claimant@example.org'],
				['expense-submitted', 'u-finance@example.org'],
				['expense-submitted', 'u-leader@example.org']
			]);
			expect(afterSubmit[1]?.subject).toBe('New expense claim to review: Board meeting');
			expect(afterSubmit[2]?.subject).toBe('Ny utleggsrefusjon å behandle: Board meeting');
			expect(afterSubmit[2]?.text_body).toContain(`https://org.example/no/fs/${id}`);

			expect(await expenses.approve(as(people.leader.id), id)).toMatchObject({
				ok: true,
				status: 'approved'
			});
			clock = new Date('2026-11-24T09:00:00.000Z');
			expect(await expenses.markPaid(as(people.finance.id), id, '2026-11-24')).toMatchObject({
				ok: true,
				status: 'paid'
			});
			const claimantMails = (await mails()).filter(
				(m) => m.to_address === 'u-claimant@example.org'
			);
			expect(claimantMails.map((m) => m.subject)).toEqual([
				'We received your expense claim: Board meeting',
				'Your expense claim was approved',
				'Your expense claim was paid'
			]);
			expect(claimantMails[2]?.text_body).toContain('200');
			expect(claimantMails[2]?.text_body).toContain('24 November 2026');

			const detail = await expenses.detail(as(people.claimant.id), id);
			expect(detail).toMatchObject({ status: 'paid', payoutDate: '2026-11-24', version: 4 });
			expect(detail?.trail.map((t) => [t.action, t.actor, t.details.to])).toEqual([
				['create', 'u-claimant', undefined],
				['submit', 'u-claimant', 'submitted'],
				['approve', 'u-leader', 'approved'],
				['pay', 'u-finance', 'paid']
			]);
		});

		it('a leader approving a line over the limit sends the claim to finance, who approves it', async () => {
			const id = await submitted({ lines: [receipt('5 000,01')] });
			expect(await expenses.approve(as(people.leader.id), id)).toMatchObject({
				ok: true,
				status: 'awaiting_finance'
			});
			expect(await expenses.approve(as(people.leader.id), id)).toEqual({
				ok: false,
				reason: 'finance_only'
			});
			expect(await expenses.reject(as(people.leader.id), id, 'too much')).toEqual({
				ok: false,
				reason: 'finance_only'
			});
			const kinds = (await mails()).map((m) => `${m.kind} ${m.to_address}`);
			expect(kinds).toContain('expense-finance-needed u-finance@example.org');
			expect(kinds).toContain('expense-awaiting-finance u-claimant@example.org');
			expect(await expenses.approve(as(people.finance.id), id)).toMatchObject({
				ok: true,
				status: 'approved'
			});
		});

		it('finance (or an admin) approves a line over the limit directly; a line at the limit needs no finance', async () => {
			const over = await submitted({ lines: [receipt('6000')] });
			expect(await expenses.approve(as(people.admin.id), over)).toMatchObject({
				status: 'approved'
			});
			const atLimit = await submitted({ lines: [receipt('5000')] });
			expect(await expenses.approve(as(people.leader.id), atLimit)).toMatchObject({
				status: 'approved'
			});
		});

		it('a rejection needs a reason; the claimant corrects the claim and submits it again', async () => {
			const id = await submitted();
			expect(await expenses.reject(as(people.leader.id), id, '   ')).toEqual({
				ok: false,
				reason: 'reason_required'
			});
			expect(
				await expenses.reject(as(people.leader.id), id, 'The receipt is missing')
			).toMatchObject({
				ok: true,
				status: 'rejected'
			});
			const rejectedMail = (await mails()).find((m) => m.kind === 'expense-rejected');
			expect(rejectedMail?.text_body).toContain('The receipt is missing');
			const detail = await expenses.detail(as(people.claimant.id), id);
			expect(detail?.rejectionReason).toBe('The receipt is missing');
			expect(detail?.actions).toEqual(['edit', 'submit', 'withdraw']);
			const edited = await expenses.updateDraft(
				as(people.claimant.id),
				id,
				detail!.version,
				draftInput({ lines: [receipt('249,90', { fileId: 'receipt-1' })] })
			);
			expect(edited).toMatchObject({ ok: true });
			expect(await expenses.submit(as(people.claimant.id), id)).toMatchObject({
				status: 'submitted'
			});
			expect((await expenses.detail(as(people.leader.id), id))?.rejectionReason).toBeNull();
		});

		it('the claimant withdraws a draft, a submitted or a rejected claim, and nothing follows a withdrawal', async () => {
			const fromDraft = await draft();
			const fromSubmitted = await submitted();
			const fromRejected = await submitted();
			await expenses.reject(as(people.leader.id), fromRejected, 'Wrong unit');
			for (const id of [fromDraft, fromSubmitted, fromRejected]) {
				expect(await expenses.withdraw(as(people.claimant.id), id)).toMatchObject({
					ok: true,
					status: 'withdrawn'
				});
				expect(await expenses.submit(as(people.claimant.id), id)).toEqual({
					ok: false,
					reason: 'wrong_status'
				});
				expect(await expenses.withdraw(as(people.claimant.id), id)).toEqual({
					ok: false,
					reason: 'wrong_status'
				});
			}
		});

		it('nobody decides on or pays their own claim, not even finance or an admin', async () => {
			for (const by of [people.leader.id, people.finance.id, people.admin.id]) {
				const id = await submitted({}, by);
				expect(await expenses.approve(as(by), id)).toEqual({ ok: false, reason: 'own_claim' });
				expect(await expenses.reject(as(by), id, 'no')).toEqual({ ok: false, reason: 'own_claim' });
				expect(await statusOf(id)).toBe('submitted');
			}
			const own = await submitted({}, people.finance.id);
			await expenses.approve(as(people.leader.id), own);
			expect(await expenses.markPaid(as(people.finance.id), own, '2026-11-23')).toEqual({
				ok: false,
				reason: 'own_claim'
			});
		});

		it('refuses to submit a draft whose receipt date has grown too old since it was saved', async () => {
			const id = await draft();
			// The receipt of 2026-11-20 is 365 days old on 2027-11-20, and one day too old after.
			clock = new Date('2027-11-21T12:00:00.000Z');
			expect(await expenses.submit(as(people.claimant.id), id)).toMatchObject({
				ok: false,
				reason: 'invalid',
				issues: [{ message: 'date_too_old', path: ['lines', 0, 'date'] }]
			});
			expect((await expenses.detail(as(people.claimant.id), id))?.status).toBe('draft');
			clock = new Date('2027-11-20T12:00:00.000Z');
			expect(await expenses.submit(as(people.claimant.id), id)).toMatchObject({ ok: true });
		});

		it('refuses every step out of order, by the wrong person, or without what it needs', async () => {
			const id = await draft({ purpose: '' });
			const claimant = as(people.claimant.id);
			const leader = as(people.leader.id);
			const finance = as(people.finance.id);
			expect(await expenses.submit(claimant, id)).toEqual({ ok: false, reason: 'incomplete' });
			const noAccount = await draft({ payoutAccount: '' });
			expect(await expenses.submit(claimant, noAccount)).toEqual({
				ok: false,
				reason: 'incomplete'
			});
			const noLines = await draft({ lines: [] });
			expect(await expenses.submit(claimant, noLines)).toEqual({ ok: false, reason: 'incomplete' });

			const claim = await submitted();
			expect(await expenses.submit(claimant, claim)).toEqual({ ok: false, reason: 'wrong_status' });
			expect(await expenses.updateDraft(claimant, claim, 2, draftInput())).toEqual({
				ok: false,
				reason: 'wrong_status'
			});
			expect(await expenses.markPaid(finance, claim, '2026-11-23')).toEqual({
				ok: false,
				reason: 'wrong_status'
			});
			expect(await expenses.withdraw(leader, claim)).toEqual({ ok: false, reason: 'not_claimant' });
			expect(await expenses.updateDraft(leader, claim, 2, draftInput())).toEqual({
				ok: false,
				reason: 'not_claimant'
			});
			expect(await expenses.approve(leader, claim, 1)).toEqual({ ok: false, reason: 'stale' });

			expect(await expenses.approve(leader, claim)).toMatchObject({ status: 'approved' });
			expect(await expenses.approve(finance, claim)).toEqual({ ok: false, reason: 'wrong_status' });
			expect(await expenses.reject(finance, claim, 'late')).toEqual({
				ok: false,
				reason: 'wrong_status'
			});
			expect(await expenses.withdraw(claimant, claim)).toEqual({
				ok: false,
				reason: 'wrong_status'
			});
			expect(await expenses.markPaid(leader, claim, '2026-11-23')).toEqual({
				ok: false,
				reason: 'finance_only'
			});
			for (const date of ['2026-11-24', '23.11.2026', '']) {
				expect(await expenses.markPaid(finance, claim, date)).toEqual({
					ok: false,
					reason: 'payout_date'
				});
			}
			expect(await expenses.markPaid(finance, claim, '2026-11-23')).toMatchObject({
				status: 'paid'
			});
			for (const attempt of [
				expenses.markPaid(finance, claim, '2026-11-23'),
				expenses.approve(finance, claim),
				expenses.withdraw(claimant, claim),
				expenses.submit(claimant, claim)
			]) {
				expect(await attempt).toEqual({ ok: false, reason: 'wrong_status' });
			}
			// One audit entry per step that happened, none for the refusals.
			expect((await expenses.detail(claimant, claim))?.trail.map((t) => t.action)).toEqual([
				'create',
				'submit',
				'approve',
				'pay'
			]);
		});

		it('ten approvers deciding at the same moment: exactly one decision wins', async () => {
			const id = await submitted();
			const leaders = Array.from({ length: 10 }, (_, i) => `u-leader-${i}`);
			for (const leader of leaders) {
				await addUser(leader, 'no');
				await addRole(leader, 'board-oslo', 'leader');
			}
			const results = await Promise.all(
				leaders.map((leader, i) =>
					i % 2 === 0
						? expenses.approve(as(leader), id)
						: expenses.reject(as(leader), id, `Reason ${i}`)
				)
			);
			expect(results.filter((r) => r.ok)).toHaveLength(1);
			for (const refused of results.filter((r) => !r.ok)) {
				expect(['stale', 'wrong_status']).toContain(!refused.ok && refused.reason);
			}
			const decisions = await db
				.selectFrom('audit_log')
				.select('action')
				.where('subject_id', '=', id)
				.where('action', 'in', ['approve', 'reject'])
				.execute();
			expect(decisions).toHaveLength(1);
			const claimantMails = (await mails()).filter(
				(m) => m.to_address === 'u-claimant@example.org' && m.kind !== 'expense-received'
			);
			expect(claimantMails).toHaveLength(1);
			expect((await expenses.detail(as(people.claimant.id), id))?.version).toBe(3);
		});
		it('ten saves of one draft from the same version at once: one is kept, the others are stale', async () => {
			const id = await draft();
			const results = await Promise.all(
				Array.from({ length: 10 }, (_, i) =>
					expenses.updateDraft(
						as(people.claimant.id),
						id,
						1,
						draftInput({ lines: [receipt(`${i + 1}`), receipt(`${i + 1}`)] })
					)
				)
			);
			expect(results.filter((r) => r.ok)).toHaveLength(1);
			expect(results.filter((r) => !r.ok && r.reason === 'stale')).toHaveLength(9);
			const detail = await expenses.detail(as(people.claimant.id), id);
			expect(detail?.version).toBe(2);
			expect(detail?.lines).toHaveLength(2);
			expect(detail?.totals.totalOre).toBe(detail!.lines[0]!.amountOre * 2);
		});

		it('the claimant withdrawing while an approver approves: one of them wins', async () => {
			for (let round = 0; round < 5; round++) {
				const id = await submitted();
				const [withdrawn, approved] = await Promise.all([
					expenses.withdraw(as(people.claimant.id), id),
					expenses.approve(as(people.leader.id), id)
				]);
				expect([withdrawn.ok, approved.ok].filter(Boolean)).toHaveLength(1);
				expect(await statusOf(id)).toBe(withdrawn.ok ? 'withdrawn' : 'approved');
			}
		});
	});

	describe('lists and detail', () => {
		it("lists the claimant's own claims with a status filter and the sums of what is listed", async () => {
			const a = await draft({ lines: [receipt('100')] });
			clock = new Date('2026-11-23T12:01:00.000Z');
			const b = await submitted({ lines: [receipt('250')], advance: '50' });
			await draft({ lines: [receipt('999')] }, people.outsider.id);
			const all = await expenses.listOwn(as(people.claimant.id));
			expect(all.claims.map((c) => c.id)).toEqual([b, a]);
			expect(all.totals).toEqual({ count: 2, totalOre: 35_000, owedOre: 30_000 });
			const onlySubmitted = await expenses.listOwn(as(people.claimant.id), { status: 'submitted' });
			expect(onlySubmitted.claims.map((c) => c.id)).toEqual([b]);
			expect(onlySubmitted.totals).toEqual({ count: 1, totalOre: 25_000, owedOre: 20_000 });
		});

		it("the approver's queue holds what waits for them, oldest first, never their own", async () => {
			const first = await submitted();
			clock = new Date('2026-11-23T13:00:00.000Z');
			const second = await submitted({ lines: [receipt('6000')] });
			clock = new Date('2026-11-23T14:00:00.000Z');
			await submitted({}, people.leader.id);
			await draft();
			expect((await expenses.approverQueue(as(people.leader.id))).map((c) => c.id)).toEqual([
				first,
				second
			]);
			await expenses.approve(as(people.leader.id), second);
			expect((await expenses.approverQueue(as(people.leader.id))).map((c) => c.id)).toEqual([
				first
			]);
			// Finance: what waits for a decision, for their approval, and for the payout.
			expect((await expenses.approverQueue(as(people.finance.id))).map((c) => c.status)).toEqual([
				'submitted',
				'awaiting_finance',
				'submitted'
			]);
			expect(await expenses.approverQueue(as(people.outsider.id))).toEqual([]);
			expect(await expenses.approverQueue(as(people.otherLeader.id))).toEqual([]);
			expect(await expenses.approverQueue(as(people.admin.id))).toHaveLength(3);
		});

		it("the queue names each claim's claimant and unit and marks those finance must approve too", async () => {
			const small = await submitted();
			clock = new Date('2026-11-23T13:00:00.000Z');
			const large = await submitted({ lines: [receipt('100'), receipt('6000')] });
			const queue = await expenses.approverQueue(as(people.leader.id));
			expect(queue.map((c) => [c.id, c.claimantName, c.unit.en, c.overLimit])).toEqual([
				[small, 'Name u-claimant', 'Oslo Board', false],
				[large, 'Name u-claimant', 'Oslo Board', true]
			]);
		});

		it('the detail names the receipt files of its lines and whether each has a thumbnail', async () => {
			await db
				.insertInto('files')
				.values({
					id: 'f-pdf',
					owner_id: people.claimant.id,
					purpose: 'receipt',
					mime_type: 'application/pdf',
					size: 10,
					sha256: 'x',
					original_name: 'kvittering.pdf',
					storage_key: 'k',
					width: null,
					height: null,
					thumbnail_key: null,
					created_at: '2026-11-23T12:00:00.000Z'
				})
				.execute();
			const id = await draft({ lines: [receipt('10', { fileId: 'f-pdf' }), receipt('20')] });
			expect((await expenses.detail(as(people.claimant.id), id))?.receipts).toEqual({
				'f-pdf': { name: 'kvittering.pdf', mimeType: 'application/pdf', hasThumbnail: false }
			});
		});

		it('flags a possible duplicate to the approver: same date, amount and merchant, or the same file', async () => {
			const earlier = await submitted(
				{ lines: [receipt('249,90', { fileId: 'f-1' }), receipt('80', { merchant: 'Kiwi' })] },
				people.outsider.id
			);
			const id = await submitted({
				lines: [
					receipt('249,90', { merchant: '  REMA   1000 ' }),
					receipt('80', { merchant: 'Coop', fileId: 'f-1' }),
					receipt('80', { merchant: 'Kiwi', date: '2026-11-19' })
				]
			});
			const detail = await expenses.detail(as(people.leader.id), id);
			expect(detail?.duplicates.map((d) => [d.lineId, d.otherClaimId, d.match])).toEqual([
				[detail?.lines[0]?.id, earlier, 'same_receipt'],
				[detail?.lines[1]?.id, earlier, 'same_file']
			]);
			expect((await expenses.detail(as(people.claimant.id), id))?.duplicates).toEqual([]);
			await expenses.withdraw(as(people.outsider.id), earlier);
			expect((await expenses.detail(as(people.leader.id), id))?.duplicates).toEqual([]);
		});

		it('lists as possible duplicates only claims the approver may open, never another member’s draft', async () => {
			const line = { lines: [receipt('249,90', { fileId: 'f-shared' })] };
			const unsent = await draft(line, people.outsider.id);
			const bergen = await submitted(
				{ ...line, campusId: 'bergen', unitId: 'sport-bergen' },
				people.outsider.id
			);
			const id = await submitted(line);
			const others = async (who: string) =>
				[
					...new Set(
						(await expenses.detail(as(who), id))?.duplicates.map((d) => d.otherClaimId) ?? []
					)
				].sort();
			// The Oslo leader may open neither the draft nor the Bergen claim; the admin the latter.
			expect(await others(people.leader.id)).toEqual([]);
			expect(await others(people.admin.id)).toEqual([bergen]);
			expect(await others(people.admin.id)).not.toContain(unsent);
			const oslo = await submitted(line, people.outsider.id);
			expect(await others(people.leader.id)).toEqual([oslo]);
		});

		it('flags the same receipt photo uploaded twice (identical bytes, two file ids) on a paid claim', async () => {
			const file = (id: string, sha256: string) => ({
				id,
				owner_id: people.claimant.id,
				purpose: 'receipt',
				mime_type: 'image/jpeg',
				size: 10,
				sha256,
				original_name: 'receipt.jpg',
				storage_key: `k-${id}`,
				width: 10,
				height: 10,
				thumbnail_key: null,
				created_at: '2026-11-23T12:00:00.000Z'
			});
			await db
				.insertInto('files')
				.values([
					file('f-first', 'a'.repeat(64)),
					file('f-again', 'a'.repeat(64)),
					file('f-other', 'b'.repeat(64))
				])
				.execute();
			const paid = await submitted({ lines: [receipt('249,90', { fileId: 'f-first' })] });
			await expenses.approve(as(people.leader.id), paid);
			await expenses.markPaid(as(people.finance.id), paid, '2026-11-23');
			const id = await submitted({
				lines: [
					receipt('99', { merchant: 'Kiwi', fileId: 'f-again' }),
					receipt('98', { merchant: 'Coop', fileId: 'f-other' })
				]
			});
			const detail = await expenses.detail(as(people.leader.id), id);
			expect(
				detail?.duplicates.map((d) => [d.lineId, d.otherClaimId, d.otherStatus, d.match])
			).toEqual([[detail?.lines[0]?.id, paid, 'paid', 'same_file']]);
		});

		it('finance may reveal the full account of an approved claim, and the look is audited', async () => {
			const id = await submitted();
			expect(await expenses.revealAccount(as(people.finance.id), id)).toEqual({
				ok: false,
				reason: 'wrong_status'
			});
			await expenses.approve(as(people.leader.id), id);
			expect(await expenses.revealAccount(as(people.leader.id), id)).toEqual({
				ok: false,
				reason: 'finance_only'
			});
			expect(await expenses.revealAccount(as(people.finance.id), id)).toEqual({
				ok: true,
				account: '8601 11 17947'
			});
			const trail = (await expenses.detail(as(people.finance.id), id))?.trail ?? [];
			expect(trail.at(-1)).toMatchObject({ action: 'account_revealed', actor: 'u-finance' });
		});
	});

	describe('who is told, and the history of edits', () => {
		it('submitting tells the unit’s leaders and finance, and the claimant that it arrived, each in their language', async () => {
			const id = await draft();
			expect(await expenses.submit(as(people.claimant.id), id)).toMatchObject({
				ok: true,
				told: { group: 'approvers', count: 2 }
			});
			const sent = await mails();
			expect(sent.map((m) => [m.kind, m.to_address])).toEqual([
				['expense-received', 'u-claimant@example.org'],
				['expense-submitted', 'u-finance@example.org'],
				['expense-submitted', 'u-leader@example.org']
			]);
			expect(sent[0]?.subject).toBe('We received your expense claim: Board meeting');
			expect(sent[0]?.text_body).toContain(`https://org.example/en/fs/${id}`);
			// The page after the redirect reads who was told from the trail.
			const detail = await expenses.detail(as(people.claimant.id), id);
			expect(detail?.trail.at(-1)?.details.told).toEqual({ group: 'approvers', count: 2 });
		});

		it('a unit without approvers: the admins are told instead, and the outcome says so; without admins, nobody is', async () => {
			const lonely = { unitId: 'events-oslo' };
			const id = await draft(lonely);
			const told = { ...deps, adminEmails: ['u-admin@example.org'] };
			expect(await expensesService(told).submit(as(people.claimant.id), id)).toMatchObject({
				told: { group: 'admins', count: 1 }
			});
			expect((await mails()).map((m) => [m.kind, m.to_address])).toEqual([
				['expense-submitted', 'u-admin@example.org'],
				['expense-received', 'u-claimant@example.org']
			]);
			const unheard = await draft(lonely);
			expect(await expenses.submit(as(people.claimant.id), unheard)).toMatchObject({
				ok: true,
				told: { group: 'nobody', count: 0 }
			});
		});

		it('an approval tells finance that the payment is next; without finance in the unit, the admins', async () => {
			const id = await submitted();
			expect(await expenses.approve(as(people.leader.id), id)).toMatchObject({
				status: 'approved',
				told: { group: 'finance', count: 1 }
			});
			const toPay = (await mails()).filter((m) => m.kind === 'expense-to-pay');
			expect(toPay.map((m) => [m.to_address, m.subject])).toEqual([
				['u-finance@example.org', 'Expense claim approved, ready to pay: Board meeting']
			]);

			await db.deleteFrom('team_members').where('role', '=', 'finance').execute();
			const admins = expensesService({ ...deps, adminEmails: ['u-admin@example.org'] });
			const next = await submitted();
			expect(await admins.approve(as(people.leader.id), next)).toMatchObject({
				told: { group: 'admins', count: 1 }
			});
			expect(
				(await mails()).filter((m) => m.kind === 'expense-to-pay').map((m) => m.to_address)
			).toEqual(['u-admin@example.org', 'u-finance@example.org']);
			// The claimant hears of every decision; a rejection or a payout tells nobody else.
			expect(
				await expenses.reject(as(people.leader.id), await submitted(), 'no receipt')
			).toMatchObject({
				told: { group: 'claimant', count: 1 }
			});
		});

		it('the notices to the leaders and finance carry the claimant as Reply-To, on the wire too; the claimant’s own do not', async () => {
			const smtp = await localSmtp();
			try {
				const mail = mailer(db, smtpTransport(smtp.url), { from: 'orgweb <noreply@example.org>' });
				const sent = expensesService({ ...deps, mail });
				const id = await draft();
				expect(await sent.submit(as(people.claimant.id), id)).toMatchObject({ ok: true });
				expect(await sent.approve(as(people.leader.id), id)).toMatchObject({ ok: true });
				const rows = await db
					.selectFrom('mail_outbox')
					.select(['kind', 'to_address', 'reply_to'])
					.orderBy('kind')
					.orderBy('to_address')
					.execute();
				expect(rows.map((r) => [r.kind, r.to_address, r.reply_to])).toEqual([
					['expense-approved', 'u-claimant@example.org', null],
					['expense-received', 'u-claimant@example.org', null],
					['expense-submitted', 'u-finance@example.org', 'u-claimant@example.org'],
					['expense-submitted', 'u-leader@example.org', 'u-claimant@example.org'],
					['expense-to-pay', 'u-finance@example.org', 'u-claimant@example.org']
				]);
				// A reply from the leader's or finance's mail program goes to the claimant.
				const toStaff = smtp.received.filter((r) => !r.to.includes('u-claimant@example.org'));
				expect(toStaff).toHaveLength(3);
				for (const r of toStaff) expect(r.data).toMatch(/^Reply-To: u-claimant@example\.org\r?$/m);
				const toClaimant = smtp.received.filter((r) => r.to.includes('u-claimant@example.org'));
				expect(toClaimant).toHaveLength(2);
				for (const r of toClaimant) expect(r.data).not.toMatch(/^Reply-To:/m);
			} finally {
				await smtp.close();
			}
		});

		it('a sitting of autosaves is one “changed” entry; a pause of more than 30 minutes, or another step, starts the next', async () => {
			const id = await draft();
			let version = 1;
			for (let minute = 1; minute <= 7; minute++) {
				clock = new Date(Date.parse('2026-11-23T12:00:00.000Z') + minute * 60_000);
				const saved = await expenses.updateDraft(
					as(people.claimant.id),
					id,
					version,
					draftInput({ purpose: `Board meeting ${minute}` })
				);
				if (!saved.ok) throw new Error(saved.reason);
				version = saved.version;
			}
			const trailOf = async () =>
				((await expenses.detail(as(people.claimant.id), id))?.trail ?? []).map((t) => [
					t.action,
					t.at
				]);
			expect(await trailOf()).toEqual([
				['create', '2026-11-23T12:00:00.000Z'],
				['edit', '2026-11-23T12:07:00.000Z']
			]);
			expect(version).toBe(8);

			clock = new Date('2026-11-23T12:38:00.000Z');
			const later = await expenses.updateDraft(as(people.claimant.id), id, version, draftInput());
			expect(later.ok).toBe(true);
			clock = new Date('2026-11-23T12:39:00.000Z');
			await expenses.submit(as(people.claimant.id), id);
			expect((await trailOf()).map(([action]) => action)).toEqual([
				'create',
				'edit',
				'edit',
				'submit'
			]);
		});
	});
});
