// One job's applications leaving the site: a CSV for a spreadsheet (http/csv.ts: formula-safe,
// the locale's separator) and a ZIP of their files (files/zip.ts), one folder per applicant. Both
// only for who may review the job's applications, and both audited (subject `export`, which job,
// how many), as the shop's lists are.
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { applicationStatusLabel } from '$lib/applications/words';
import { record } from '../audit';
import type { UserContext } from '../context';
import type { Db } from '../db';
import type { FilesService } from '../files';
import { sanitiseFileName } from '../files/disposition';
import { zipStream, type ZipInput } from '../files/zip';
import { csvDateTime, toCsv } from '../csv';
import { NotFound } from '../errors';
import type { RolesDep } from './inbox';
import { signedIn } from '../identity/roles';

export function exports(deps: { db: Db; roles: RolesDep; files: Pick<FilesService, 'bytes'> }) {
	const { db, roles } = deps;

	/** The job, when the caller may review its applications; NotFound otherwise. */
	async function reviewableJob(ctx: UserContext, jobId: string) {
		const job = await db
			.selectFrom('jobs')
			.select(['id', 'slug', 'unit_id'])
			.where('id', '=', jobId)
			.executeTakeFirst();
		if (!job) {
			signedIn(ctx);
			throw new NotFound('Not found');
		}
		const user = await roles.require(ctx, { action: 'review-applications', unitId: job.unit_id });
		return { job, user };
	}

	const applicationsOf = (jobId: string) =>
		db
			.selectFrom('job_applications')
			.selectAll()
			.where('job_id', '=', jobId)
			.orderBy('created_at')
			.orderBy('id')
			.execute();

	const audit = (actor: string, jobId: string, kind: 'csv' | 'zip', rows: number) =>
		record(db, {
			actor,
			subjectType: 'export',
			subjectId: 'applications',
			action: 'exported',
			details: { job: jobId, format: kind, rows }
		});

	return {
		/** Every application of the job as a CSV in the reader's locale; its file name's slug. */
		async csv(ctx: UserContext, jobId: string, locale: Locale) {
			const { job, user } = await reviewableJob(ctx, jobId);
			const rows = await applicationsOf(jobId);
			const ids = rows.map((r) => r.id);
			const [files, notes] = ids.length
				? await Promise.all([
						db
							.selectFrom('job_application_files')
							.innerJoin('files', 'files.id', 'job_application_files.file_id')
							.select(['job_application_files.application_id', 'files.original_name'])
							.where('job_application_files.application_id', 'in', ids)
							.orderBy('job_application_files.position')
							.execute(),
						db
							.selectFrom('job_application_notes')
							.select(['application_id', 'body'])
							.where('application_id', 'in', ids)
							.orderBy('created_at')
							.execute()
					])
				: [[], []];
			await audit(user.id, jobId, 'csv', rows.length);
			const o = { locale };
			const header = [
				m.applications_csv_received({}, o),
				m.applications_csv_status({}, o),
				m.applications_csv_name({}, o),
				m.applications_csv_email({}, o),
				m.applications_csv_phone({}, o),
				m.applications_csv_language({}, o),
				m.applications_csv_motivation({}, o),
				m.applications_csv_files({}, o),
				m.applications_csv_notes({}, o)
			];
			const of = <T extends { application_id: string }>(list: T[], id: string) =>
				list.filter((x) => x.application_id === id);
			const csv = toCsv(
				header,
				rows.map((r) => [
					csvDateTime(r.created_at),
					applicationStatusLabel(r.status, locale),
					r.name,
					r.email,
					r.phone,
					r.locale,
					r.motivation,
					of(files, r.id)
						.map((f) => f.original_name)
						.join('; '),
					of(notes, r.id)
						.map((n) => n.body)
						.join('\n---\n')
				]),
				locale
			);
			return { csv, slug: job.slug };
		},

		/** Every file of the job's applications as a ZIP, one folder per application. */
		async zip(ctx: UserContext, jobId: string) {
			const { job, user } = await reviewableJob(ctx, jobId);
			const rows = await applicationsOf(jobId);
			const files = rows.length
				? await db
						.selectFrom('job_application_files')
						.select(['application_id', 'file_id', 'position'])
						.where(
							'application_id',
							'in',
							rows.map((r) => r.id)
						)
						.orderBy('position')
						.execute()
				: [];
			await audit(user.id, jobId, 'zip', rows.length);
			const bytesOf = deps.files.bytes;
			async function* entries(): AsyncGenerator<ZipInput> {
				for (const [i, r] of rows.entries()) {
					const folder = `${String(i + 1).padStart(3, '0')} ${sanitiseFileName(r.name, 'applicant').replaceAll('/', '_')}`;
					for (const f of files.filter((x) => x.application_id === r.id)) {
						const found = await bytesOf(f.file_id);
						if (!found) continue;
						const prefix = f.position === 0 ? 'CV' : `${f.position}`;
						yield {
							name: `${folder}/${prefix} - ${found.file.originalName}`,
							bytes: found.body,
							modified: new Date(found.file.createdAt)
						};
					}
				}
			}
			return { stream: zipStream(entries()), slug: job.slug };
		}
	};
}
