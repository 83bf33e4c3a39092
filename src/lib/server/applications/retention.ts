// How long applications are kept: until APPLICATION_RETENTION_DAYS after their job's deadline (the
// moment the job closes), then the cleanup job deletes them with their files, notes, e-mails and
// trail. A deadline moved later keeps them longer. Also swept: application uploads that no
// application names a day after they came (a crash between storing a file and saving the
// application; a file whose deletion failed).
import type { Db } from '../db';
import type { FilesService } from '../files';
import { eraseRows, removeFiles, removeOwners } from './erase';

const DAY = 86_400_000;
const BATCH = 500;

export async function applicationRetention(
	db: Db,
	files: Pick<FilesService, 'delete'>,
	now: Date,
	retentionDays: number
): Promise<{ applicationsDeleted: number; applicationFilesDeleted: number }> {
	const cutoff = new Date(now.getTime() - retentionDays * DAY).toISOString();
	let applicationsDeleted = 0;
	let applicationFilesDeleted = 0;
	for (;;) {
		const due = await db
			.selectFrom('job_applications')
			.innerJoin('jobs', 'jobs.id', 'job_applications.job_id')
			.select('job_applications.id')
			.where('jobs.deadline', '<', cutoff)
			.orderBy('job_applications.id')
			.limit(BATCH)
			.execute();
		if (due.length === 0) break;
		const erased = await db.transaction().execute((trx) =>
			eraseRows(
				trx,
				due.map((r) => r.id)
			)
		);
		await removeFiles(db, files, erased);
		applicationsDeleted += due.length;
		applicationFilesDeleted += erased.fileIds.length;
		if (due.length < BATCH) break;
	}
	const unclaimed = await db
		.selectFrom('files')
		.select(['id', 'owner_id'])
		.where('purpose', '=', 'application')
		.where('created_at', '<', new Date(now.getTime() - DAY).toISOString())
		.where(({ not, exists, selectFrom }) =>
			not(
				exists(
					selectFrom('job_application_files')
						.select('job_application_files.file_id')
						.whereRef('job_application_files.file_id', '=', 'files.id')
				)
			)
		)
		.execute();
	for (const file of unclaimed) await files.delete(file.id);
	await removeOwners(
		db,
		unclaimed.map((f) => f.owner_id)
	);
	return {
		applicationsDeleted,
		applicationFilesDeleted: applicationFilesDeleted + unclaimed.length
	};
}
