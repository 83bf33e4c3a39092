// The expenses service as the configuration sets it up: limits, the site's keyring for payout
// accounts (crypto/keyring.ts: configured, or a key file beside the SQLite file) and e-mail links.
import type { Config } from '../config';
import type { Db } from '../db';
import type { FilesService } from '../files';
import type { RolesService } from '../identity/roles';
import type { Mailer } from '../mail';
import { configuredKeyring, type Keyring } from '../crypto/keyring';
import { expensesService } from '.';

export function expensesFromConfig(
	db: Db,
	config: Config,
	deps: {
		roles: RolesService;
		mail: Mailer;
		files: Pick<FilesService, 'uploaders'>;
		/** The site's keyring, shared with other domains; built from `config` when not given. */
		keyring?: Keyring;
	}
) {
	return expensesService({
		db,
		roles: deps.roles,
		keyring: deps.keyring ?? configuredKeyring(config),
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
