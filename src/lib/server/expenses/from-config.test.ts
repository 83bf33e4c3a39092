import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { userContext } from '../context';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import { mailer } from '../mail';
import { expensesFromConfig } from './from-config';
import { filesService, localDiskStorage } from '../files';

describe.each(ENGINES)('expenses from configuration on %s', (engine) => {
	let test: TestDatabase;
	let dataDir: string;
	beforeEach(async () => {
		test = await testDatabase(engine);
		dataDir = mkdtempSync(join(tmpdir(), 'orgweb-data-'));
		await seedDemo(test.db);
		await test.db
			.insertInto('users')
			.values({
				id: 'u1',
				email: 'u1@example.org',
				name: 'U',
				created_at: new Date().toISOString()
			})
			.execute();
	});
	afterEach(() => test.destroy());

	function build(env: Record<string, string> = {}) {
		const config = parseConfig({ DATABASE_FILE: join(dataDir, 'orgweb.db'), ...env });
		const roles = rolesService({
			store: sqlIdentityStore(test.db),
			isMember: async () => false,
			adminEmails: []
		});
		return expensesFromConfig(test.db, config, {
			roles,
			mail: mailer(test.db, null, { from: 'x <x@example.org>' }),
			files: filesService(test.db, localDiskStorage(join(dataDir, 'files')), {
				maxBytes: 1024 * 1024
			})
		});
	}
	const me = userContext({ id: 'u1', email: 'u1@example.org', name: 'U', isAnonymous: false }, 's');
	const fileOf = () => join(dataDir, 'expense-account.key');
	const draft = (service: ReturnType<typeof build>) =>
		service.createDraft(me, {
			campusId: 'oslo',
			unitId: 'board-oslo',
			payoutAccount: 'NO93 8601 1117 947'
		});

	it('makes the key file in the data folder only when an account is first stored, and a restart reads it back', async () => {
		const first = build();
		expect(existsSync(fileOf())).toBe(false);
		const created = await draft(first);
		expect(created.ok).toBe(true);
		expect(statSync(fileOf()).mode & 0o777).toBe(0o600);
		const afterRestart = build();
		const detail = await afterRestart.detail(me, created.ok ? created.id : '');
		expect(detail?.payoutAccount).toBe('NO93 8601 1117 947');
	});

	it('uses the configured key and writes no key file; another key cannot read the account', async () => {
		const key = randomBytes(32).toString('base64');
		const created = await draft(build({ EXPENSE_ACCOUNT_KEY: key }));
		expect(existsSync(fileOf())).toBe(false);
		const id = created.ok ? created.id : '';
		expect((await build({ EXPENSE_ACCOUNT_KEY: key }).detail(me, id))?.payoutAccount).toBe(
			'NO93 8601 1117 947'
		);
		const other = build({ EXPENSE_ACCOUNT_KEY: randomBytes(32).toString('base64') });
		expect(await other.detail(me, id)).toMatchObject({
			payoutAccount: null,
			accountUnreadable: true
		});
		const rotated = build({
			EXPENSE_ACCOUNT_KEY: randomBytes(32).toString('base64'),
			EXPENSE_ACCOUNT_OLD_KEYS: key
		});
		expect((await rotated.detail(me, id))?.payoutAccount).toBe('NO93 8601 1117 947');
	});

	it('refuses a configured key that is not 32 bytes of base64, naming the variable', () => {
		expect(() => build({ EXPENSE_ACCOUNT_KEY: 'too-short' })).toThrow(/EXPENSE_ACCOUNT_KEY/);
		expect(() => build({ EXPENSE_ACCOUNT_OLD_KEYS: 'abc' })).toThrow(/EXPENSE_ACCOUNT_OLD_KEYS/);
	});
});
