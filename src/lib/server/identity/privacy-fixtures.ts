// The services the privacy tests run against one test database: roles from the SQL identity store,
// files on a temporary disk folder, expenses with a fresh payout-account key, and the privacy
// service over them.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { expensesService } from '../expenses';
import { accountKeyring } from '../expenses/account';
import { TEST_LIMITS } from '../expenses/test-limits';
import { filesService, localDiskStorage } from '../files';
import { privacyService } from './privacy';
import { rolesService } from './roles';
import { sqlIdentityStore } from './sql';

export function privacyServices(
	db: Db,
	filesDir: string,
	options: { adminEmails: string[]; now: Date }
) {
	const store = sqlIdentityStore(db);
	const roles = rolesService({
		store,
		isMember: async () => false,
		adminEmails: options.adminEmails
	});
	const files = filesService(db, localDiskStorage(filesDir), { maxBytes: 1_000_000 });
	const expenses = expensesService({
		db,
		roles,
		keyring: accountKeyring([randomBytes(32)]),
		limits: TEST_LIMITS,
		fileUploaders: files.uploaders,
		now: () => options.now
	});
	const privacy = privacyService({ db, roles, expenses, files });
	return { store, roles, files, expenses, privacy };
}
