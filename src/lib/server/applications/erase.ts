// Deleting applications for good (a withdrawal, the end of retention): the rows, their notes and
// file links (in one transaction), the e-mails about them in the outbox, their audit trail, the
// anonymous user that owned their uploads, and then the files themselves. One way for both.
import type { Kysely } from 'kysely';
import { forget } from '../audit';
import type { Database, Db } from '../db';
import type { FilesService } from '../files';
import { errorFields, log } from '../log';

export const SUBJECT = 'job_application';

/**
 * Inside a transaction: removes the applications and what names their applicants; answers the
 * file ids (for `removeFiles` after the commit) and the owners (users rows, after the files).
 */
export async function eraseRows(
	trx: Kysely<Database>,
	ids: string[]
): Promise<{ fileIds: string[]; ownerIds: string[] }> {
	if (ids.length === 0) return { fileIds: [], ownerIds: [] };
	const rows = await trx
		.selectFrom('job_applications')
		.select(['id', 'owner_id', 'mail_ids'])
		.where('id', 'in', ids)
		.execute();
	const files = await trx
		.selectFrom('job_application_files')
		.select('file_id')
		.where('application_id', 'in', ids)
		.execute();
	const mails = rows.flatMap((r) => JSON.parse(r.mail_ids) as string[]);
	if (mails.length > 0) await trx.deleteFrom('mail_outbox').where('id', 'in', mails).execute();
	await trx.deleteFrom('job_application_notes').where('application_id', 'in', ids).execute();
	await trx.deleteFrom('job_application_files').where('application_id', 'in', ids).execute();
	await trx.deleteFrom('job_applications').where('id', 'in', ids).execute();
	await forget(trx, SUBJECT, ids);
	return { fileIds: files.map((f) => f.file_id), ownerIds: rows.map((r) => r.owner_id) };
}

/** After the commit: the files' bytes and rows, then the users that owned them. */
export async function removeFiles(
	db: Db,
	files: Pick<FilesService, 'delete'>,
	erased: { fileIds: string[]; ownerIds: string[] }
): Promise<void> {
	for (const id of erased.fileIds) {
		try {
			await files.delete(id);
		} catch (error) {
			// No row names it any more: the cleanup's sweep of unclaimed application files takes it
			// (retention.ts), and its owner stays until then.
			log.error('application file not removed', { file: id, ...errorFields(error) });
		}
	}
	await removeOwners(db, erased.ownerIds);
}

/** The anonymous users that owned an application's uploads, once no file names them. */
export async function removeOwners(db: Kysely<Database>, ownerIds: string[]): Promise<void> {
	if (ownerIds.length === 0) return;
	await db
		.deleteFrom('users')
		.where('id', 'in', ownerIds)
		.where('is_anonymous', '=', 1)
		.where((eb) =>
			eb.not(
				eb.exists(
					eb.selectFrom('files').select('files.id').whereRef('files.owner_id', '=', 'users.id')
				)
			)
		)
		.execute();
}
