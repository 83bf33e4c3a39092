// The applicant's own way out: the confirmation e-mail links to a page that asks (a GET changes
// nothing: mail scanners open links), and its POST deletes the application, its files, notes and
// e-mails. The link's token is compared with the stored hash in constant time; a wrong or used
// link is told apart from nothing else (no such application, already withdrawn: the same answer).
import type { Locale } from '$lib/i18n';
import { record } from '../audit';
import type { Db } from '../db';
import type { FilesService } from '../files';
import { secretsEqual } from '../crypto/secrets';
import { eraseRows, removeFiles, SUBJECT } from './erase';
import { hashToken } from './submit';

async function findWithToken(db: Db, id: string, token: string) {
	if (token.length < 20 || token.length > 100) return undefined;
	const row = await db
		.selectFrom('job_applications')
		.innerJoin('jobs', 'jobs.id', 'job_applications.job_id')
		.select([
			'job_applications.id',
			'job_applications.job_id',
			'job_applications.withdraw_token_hash',
			'jobs.title_no',
			'jobs.title_en'
		])
		.where('job_applications.id', '=', id)
		.executeTakeFirst();
	// Compared even when there is no row, so that the answer takes as long either way.
	const matches = secretsEqual(hashToken(token), row?.withdraw_token_hash ?? '');
	return row && matches ? row : undefined;
}

/** What the confirm page names (the job's title), or null for a link that is not (or no longer) valid. */
export async function withdrawalOf(
	db: Db,
	id: string,
	token: string,
	locale: Locale
): Promise<{ jobTitle: string } | null> {
	const row = await findWithToken(db, id, token);
	if (!row) return null;
	return { jobTitle: (locale === 'en' ? row.title_en : row.title_no) || row.title_no };
}

/** Deletes the application the link is for; false when the link is not (or no longer) valid. */
export async function withdraw(
	db: Db,
	files: Pick<FilesService, 'delete'>,
	id: string,
	token: string,
	now = new Date()
): Promise<boolean> {
	const row = await findWithToken(db, id, token);
	if (!row) return false;
	const erased = await db.transaction().execute(async (trx) => {
		const erased = await eraseRows(trx, [row.id]);
		if (erased.ownerIds.length === 0) return null; // withdrawn meanwhile by a second click
		// What stays of it: that it was withdrawn, from which job; nothing that names the applicant.
		await record(trx, {
			actor: 'applicant',
			subjectType: SUBJECT,
			subjectId: row.id,
			action: 'withdrawn',
			details: { job: row.job_id },
			at: now
		});
		return erased;
	});
	if (!erased) return false;
	await removeFiles(db, files, erased);
	return true;
}
