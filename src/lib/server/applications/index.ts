// Job applications: the public form's submission, the applicant's withdrawal, the staff inbox
// (list, record, status, notes, files), one job's export as CSV and ZIP, and retention. The
// functions routes and the cleanup job call; each module beside this one holds one of those.
import type { UserContext } from '../context';
import type { Db } from '../db';
import type { FilesService } from '../files';
import type { Mailer } from '../mail';
import { exports } from './export';
import { inbox, type RolesDep } from './inbox';
import { applicationRetention } from './retention';
import { submitApplication, type SubmitInput } from './submit';
import { withdraw, withdrawalOf } from './withdraw';
import type { Locale } from '$lib/i18n';

export type { ApplicationDetail, InboxRow, StatusResult } from './inbox';
export type { SubmitOutcome, Upload } from './submit';
export { fileCountErrors } from './submit';

export interface ApplicationsDeps {
	db: Db;
	files: Pick<FilesService, 'accept' | 'delete' | 'bytes' | 'read'>;
	mail: Pick<Mailer, 'deliver'>;
	roles: RolesDep;
	/** Where the unit's notice goes when no leader of the job's unit has an address. */
	contactTo: string;
	/** APPLICATION_RETENTION_DAYS */
	retentionDays: number;
}

export function applicationsService(deps: ApplicationsDeps) {
	const { db, files } = deps;
	const staff = inbox(deps);
	const out = exports(deps);
	return {
		retentionDays: deps.retentionDays,
		submit: (input: SubmitInput, now = new Date()) => submitApplication(deps, input, now),
		withdrawalOf: (id: string, token: string, locale: Locale) =>
			withdrawalOf(db, id, token, locale),
		withdraw: (id: string, token: string, now = new Date()) => withdraw(db, files, id, token, now),
		list: staff.list,
		choices: staff.choices,
		detail: staff.detail,
		changeStatus: staff.changeStatus,
		addNote: staff.addNote,
		/** Applications with status `received` the caller may read: the dashboard's and header's badge. */
		newCount: (ctx: UserContext): Promise<number> => staff.newCount(ctx),
		/** An application's file as staff download it (404 for everyone else, as for the record). */
		async download(ctx: UserContext, id: string, fileId: string) {
			const allowed = await staff.fileOf(ctx, id, fileId);
			return files.read(allowed, { readerId: null, mayRead: () => true });
		},
		csv: out.csv,
		zip: out.zip,
		/** The cleanup job's part: applications past retention, and unclaimed uploads. */
		deleteExpired: (now = new Date()) => applicationRetention(db, files, now, deps.retentionDays)
	};
}

export type ApplicationsService = ReturnType<typeof applicationsService>;
