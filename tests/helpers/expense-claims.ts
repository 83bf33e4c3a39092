// Expense claims made in-process, through the expenses domain, against a test server's SQLite
// file: the pages under test read and decide on them over HTTP. The server and this helper share
// the payout-account key and the limits through the environment the server is started with.
import { randomBytes } from 'node:crypto';
import { userContext } from '../../src/lib/server/context';
import { openSqlite } from '../../src/lib/server/db';
import {
	decodeKey,
	keyring as accountKeyring,
	loadKeys as loadAccountKeys
} from '../../src/lib/server/crypto/keyring';
import { expensesService } from '../../src/lib/server/expenses';
import { TEST_LIMITS } from '../../src/lib/server/expenses/test-limits';
import { rolesService } from '../../src/lib/server/identity/roles';
import { sqlIdentityStore } from '../../src/lib/server/identity/sql';
import { withDb } from './fixtures';

const ACCOUNT_KEY = randomBytes(32).toString('base64');

/** The server environment that matches `claimsOn`. */
export const EXPENSE_SERVER_ENV: Record<string, string> = {
	EXPENSE_ACCOUNT_KEY: ACCOUNT_KEY,
	EXPENSE_MAX_LINE_ORE: String(TEST_LIMITS.maxLineOre),
	EXPENSE_FINANCE_LIMIT_ORE: String(TEST_LIMITS.financeLimitOre),
	EXPENSE_MILEAGE_RATE_ORE: String(TEST_LIMITS.mileageRateOre),
	EXPENSE_RECEIPT_MAX_AGE_DAYS: String(TEST_LIMITS.receiptMaxAgeDays)
};

export const TEST_ACCOUNT = '8601 11 17947';

/** Yesterday in Oslo, a receipt date every limit accepts. */
export function recentDate(): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(
		new Date(Date.now() - 86_400_000)
	);
}

export function receiptLine(amount: string, extra: Record<string, unknown> = {}) {
	return {
		kind: 'receipt' as const,
		date: recentDate(),
		merchant: 'Rema 1000',
		description: 'Snacks for the meeting',
		amount,
		...extra
	};
}

export function addRole(file: string, userId: string, unitId: string, role: string) {
	withDb(file, (db) =>
		db
			.prepare('insert into team_members (unit_id, user_id, role, created_at) values (?, ?, ?, ?)')
			.run(unitId, userId, role, new Date().toISOString())
	);
}

/**
 * `keyFile`: a server started without EXPENSE_SERVER_ENV (Playwright's) keeps its key in a file
 * beside its database; both sides then read (or the first one makes) that file.
 */
export function claimsOn(file: string, options: { keyFile?: string } = {}) {
	const db = openSqlite(file);
	const keys = options.keyFile
		? loadAccountKeys({ file: options.keyFile })
		: [decodeKey(ACCOUNT_KEY)];
	const expenses = expensesService({
		db,
		roles: rolesService({
			store: sqlIdentityStore(db),
			isMember: async () => false,
			adminEmails: []
		}),
		keyring: accountKeyring(keys),
		limits: TEST_LIMITS
	});
	const as = (userId: string) =>
		userContext({ id: userId, email: `${userId}@example.org`, name: '', isAnonymous: false }, null);

	return {
		expenses,
		as,
		/** A draft of `userId` for board-oslo with one receipt, or what `extra` says. */
		async draft(userId: string, extra: Record<string, unknown> = {}): Promise<string> {
			const created = await expenses.createDraft(as(userId), {
				campusId: 'oslo',
				unitId: 'board-oslo',
				purpose: 'Board meeting',
				payoutAccount: TEST_ACCOUNT,
				lines: [receiptLine('249,90')],
				...extra
			});
			if (!created.ok) throw new Error(`draft refused: ${JSON.stringify(created)}`);
			return created.id;
		},
		async submitted(userId: string, extra: Record<string, unknown> = {}): Promise<string> {
			const id = await this.draft(userId, extra);
			const result = await expenses.submit(as(userId), id);
			if (!result.ok) throw new Error(`submit refused: ${result.reason}`);
			return id;
		},
		/** Status, version and the number of trail entries: what "nothing changed" compares. */
		state(id: string) {
			return withDb(file, (d) => ({
				...(d.prepare('select status, version from expense_claims where id = ?').get(id) as {
					status: string;
					version: number;
				}),
				audit: (
					d.prepare('select count(*) n from audit_log where subject_id = ?').get(id) as {
						n: number;
					}
				).n
			}));
		},
		close: () => db.destroy()
	};
}
