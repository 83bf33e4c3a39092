import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userContext } from '../context';
import type { Db } from '../db';
import { seedDemo } from '../db/seed';
import { teamMemberRow } from '../db/test-rows';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import { accountKeyring } from './account';
import { expenseRetention } from './retention';
import { TEST_LIMITS } from './test-limits';
import { expensesService } from '.';

describe.each(ENGINES)('expense retention on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let clock: Date;
	let expenses: ReturnType<typeof expensesService>;
	const as = (id: string) =>
		userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, 's');

	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		clock = new Date('2020-06-01T12:00:00.000Z');
		await seedDemo(db, clock);
		for (const id of ['claimant', 'leader', 'finance']) {
			await db
				.insertInto('users')
				.values({ id, email: `${id}@example.org`, name: id, created_at: clock.toISOString() })
				.execute();
		}
		await db
			.insertInto('team_members')
			.values([
				teamMemberRow('leader', 'board-oslo', 'leader', clock.toISOString()),
				teamMemberRow('finance', 'board-oslo', 'finance', clock.toISOString())
			])
			.execute();
		expenses = expensesService({
			db,
			roles: rolesService({
				store: sqlIdentityStore(db),
				isMember: async () => false,
				adminEmails: []
			}),
			keyring: accountKeyring([randomBytes(32)]),
			limits: TEST_LIMITS,
			now: () => clock
		});
	});
	afterEach(() => test.destroy());

	async function claim(at: string, fileId: string, paid = true) {
		clock = new Date(`${at}T12:00:00.000Z`);
		const created = await expenses.createDraft(as('claimant'), {
			campusId: 'oslo',
			unitId: 'board-oslo',
			purpose: 'Posters',
			payoutAccount: '86011117947',
			lines: [
				{
					kind: 'receipt',
					date: at,
					merchant: 'Print shop',
					description: 'Posters',
					amount: '300',
					fileId
				}
			]
		});
		if (!created.ok) throw new Error('refused');
		await expenses.submit(as('claimant'), created.id);
		if (paid) {
			await expenses.approve(as('leader'), created.id);
			await expenses.markPaid(as('finance'), created.id, at);
		}
		return created.id;
	}
	const run = (at: string) => expenseRetention(db, new Date(at), { accountRetentionMonths: 13 });
	const account = async (id: string) =>
		(await db
			.selectFrom('expense_claims')
			.select(['payout_account', 'account_erased_at'])
			.where('id', '=', id)
			.executeTakeFirst()) ?? null;

	it('erases the payout account 13 months after payment and keeps the claim', async () => {
		const id = await claim('2020-06-10', 'file-1');
		expect(await run('2021-07-09T12:00:00.000Z')).toEqual({
			accountsErased: 0,
			claimsDeleted: 0,
			fileIds: []
		});
		expect((await account(id))?.payout_account).toMatch(/^v1:/);
		expect(await run('2021-07-10T12:00:01.000Z')).toMatchObject({
			accountsErased: 1,
			claimsDeleted: 0
		});
		expect(await account(id)).toEqual({
			payout_account: null,
			account_erased_at: '2021-07-10T12:00:01.000Z'
		});
		clock = new Date('2021-07-11T00:00:00.000Z');
		const detail = await expenses.detail(as('claimant'), id);
		expect(detail).toMatchObject({ status: 'paid', payoutAccount: null, accountErased: true });
		expect(detail?.trail.at(-1)).toMatchObject({
			action: 'account_erased',
			actor: 'system:expense-retention'
		});
		expect(await run('2021-08-01T00:00:00.000Z')).toMatchObject({ accountsErased: 0 });
	});

	it('deletes a claim, its lines and its trail once five years passed after the end of the year it was paid, and names its files', async () => {
		const lastDay = await claim('2020-12-31', 'file-2020');
		const nextYear = await claim('2021-01-01', 'file-2021');
		expect(await run('2025-12-31T22:59:59.000Z')).toMatchObject({ claimsDeleted: 0 });
		expect(await run('2026-01-01T00:00:00.000Z')).toEqual({
			accountsErased: 0,
			claimsDeleted: 1,
			fileIds: ['file-2020']
		});
		expect(await account(lastDay)).toBeNull();
		expect(await account(nextYear)).not.toBeNull();
		const left = await db
			.selectFrom('expense_lines')
			.select('claim_id')
			.where('claim_id', '=', lastDay)
			.execute();
		expect(left).toEqual([]);
		const trail = await db
			.selectFrom('audit_log')
			.select('id')
			.where('subject_id', '=', lastDay)
			.execute();
		expect(trail).toEqual([]);
	});

	it('keeps a claim waiting for a decision, and its account, however old', async () => {
		const id = await claim('2020-06-10', 'file-w', false);
		expect(await run('2030-01-01T00:00:00.000Z')).toMatchObject({
			accountsErased: 0,
			claimsDeleted: 0
		});
		expect((await account(id))?.payout_account).toMatch(/^v1:/);
	});

	it('erases the account of a withdrawn claim after the same months, and deletes the claim after five years', async () => {
		const id = await claim('2020-06-10', 'file-x', false);
		await expenses.withdraw(as('claimant'), id);
		expect(await run('2021-07-11T00:00:00.000Z')).toMatchObject({ accountsErased: 1 });
		expect(await run('2026-01-01T00:00:00.000Z')).toMatchObject({
			claimsDeleted: 1,
			fileIds: ['file-x']
		});
	});
});
