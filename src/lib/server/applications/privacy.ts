// The applications someone sent, found by the address they gave, for their data export and their
// account's deletion (identity/privacy.ts). An application is tied to no account (applicants need
// none), so the address is what names them, as for contact messages. Deleting the account takes
// the applications with it, as a withdrawal would.
import { sql, type Kysely } from 'kysely';
import type { Database, Db } from '../db';
import { eraseRows } from './erase';

const byAddress = (email: string) =>
	sql<boolean>`lower(job_applications.email) = ${email.toLowerCase()}`;

export async function applicationsFrom(db: Db, email: string) {
	const rows = await db
		.selectFrom('job_applications')
		.select([
			'id',
			'job_id',
			'name',
			'email',
			'phone',
			'motivation',
			'locale',
			'status',
			'created_at',
			'updated_at'
		])
		.where(byAddress(email))
		.orderBy('created_at')
		.execute();
	if (rows.length === 0) return [];
	const ids = rows.map((r) => r.id);
	const [files, notes] = await Promise.all([
		db
			.selectFrom('job_application_files')
			.innerJoin('files', 'files.id', 'job_application_files.file_id')
			.select(['job_application_files.application_id', 'files.original_name', 'files.size'])
			.where('job_application_files.application_id', 'in', ids)
			.orderBy('job_application_files.position')
			.execute(),
		// The staff's notes are about the applicant: theirs to see, without who wrote them.
		db
			.selectFrom('job_application_notes')
			.select(['application_id', 'body', 'created_at'])
			.where('application_id', 'in', ids)
			.orderBy('created_at')
			.execute()
	]);
	return rows.map((r) => ({
		jobId: r.job_id,
		name: r.name,
		email: r.email,
		phone: r.phone,
		motivation: r.motivation,
		locale: r.locale,
		status: r.status,
		sentAt: r.created_at,
		updatedAt: r.updated_at,
		files: files
			.filter((f) => f.application_id === r.id)
			.map((f) => ({ name: f.original_name, size: f.size })),
		notes: notes
			.filter((n) => n.application_id === r.id)
			.map((n) => ({ text: n.body, at: n.created_at }))
	}));
}

/**
 * Inside the deletion's transaction: the applications sent from the address go, as a withdrawal
 * takes them; their files (and the users that owned them) are for `removeFiles` after the commit.
 */
export async function forgetApplicant(trx: Kysely<Database>, email: string) {
	const rows = await trx
		.selectFrom('job_applications')
		.select('id')
		.where(byAddress(email))
		.execute();
	const erased = await eraseRows(
		trx,
		rows.map((r) => r.id)
	);
	return { count: rows.length, ...erased };
}
