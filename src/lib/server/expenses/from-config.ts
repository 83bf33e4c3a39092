// The expenses service as the configuration sets it up: limits, the payout-account key (configured,
// or a key file in the data folder beside the SQLite file, made on first use) and e-mail links.
import { dirname, join } from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db';
import type { FilesService } from '../files';
import type { RolesService } from '../identity/roles';
import type { Mailer } from '../mail';
import { accountKeyring, lazyKeyring, loadAccountKeys } from './account';
import { expensesService } from '.';

export function expensesFromConfig(
	db: Db,
	config: Config,
	deps: { roles: RolesService; mail: Mailer; files: Pick<FilesService, 'uploaders'> }
) {
	return expensesService({
		db,
		roles: deps.roles,
		keyring: lazyKeyring(() =>
			accountKeyring(
				loadAccountKeys({
					configured: config.EXPENSE_ACCOUNT_KEY,
					old: config.EXPENSE_ACCOUNT_OLD_KEYS,
					file: join(dirname(config.DATABASE_FILE), 'expense-account.key')
				})
			)
		),
		limits: {
			maxLineOre: config.EXPENSE_MAX_LINE_ORE,
			financeLimitOre: config.EXPENSE_FINANCE_LIMIT_ORE,
			mileageRateOre: config.EXPENSE_MILEAGE_RATE_ORE,
			receiptMaxAgeDays: config.EXPENSE_RECEIPT_MAX_AGE_DAYS
		},
		mail: deps.mail,
		fileUploaders: deps.files.uploaders,
		origin: config.PUBLIC_ORIGIN,
		adminEmails: config.ADMIN_EMAILS
	});
}
