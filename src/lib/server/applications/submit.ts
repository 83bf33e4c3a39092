// Taking in an application: the job must be open (published, deadline not passed); the files go
// through the files port (PDF or Word, typed by their bytes) before anything else is written; the
// application, its file links, its audit entry and its e-mails are one transaction. A refused or
// failed upload, or a failed save, removes every file this submission stored and its owner row:
// nothing is kept half-way. The e-mails are delivered after the commit.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Locale } from '$lib/i18n';
import { APPLICATION_LIMITS, type ApplicationForm } from '$lib/schemas/application';
import { record } from '../audit';
import { isPublic } from '../content/visibility';
import type { Database, Db } from '../db';
import { FileRefused, type FilesService } from '../files';
import { recordMail, type Mailer } from '../mail';
import { SUBJECT } from './erase';
import { confirmationMail, noticeMail, type NoticeRecipient } from './mails';

/** A file posted with the form. */
export interface Upload {
	bytes: Buffer;
	name: string;
}

export interface SubmitInput {
	jobId: string;
	form: ApplicationForm;
	cv: Upload | null;
	attachments: Upload[];
	locale: Locale;
	/** Where the e-mails' links point: PUBLIC_ORIGIN, or the origin the form was posted to. */
	origin: string;
}

/** `files.cv` / `files.attachments`: a code the page words (`cv_required`, `file_<refusal>`). */
export type SubmitOutcome =
	| { status: 'stored'; id: string }
	| { status: 'ignored' }
	| { status: 'closed' }
	| { status: 'invalid'; errors: Partial<Record<'cv' | 'attachments', string>> };

export interface SubmitDeps {
	db: Db;
	files: Pick<FilesService, 'accept' | 'delete'>;
	mail: Pick<Mailer, 'deliver'>;
	/** Where the unit's notice goes when the job has no unit or its unit no leader with an address. */
	contactTo: string;
	retentionDays: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What is wrong with the files before any is read into the port (no CV, too many). */
export function fileCountErrors(cv: Upload | null, attachments: Upload[]) {
	const errors: Partial<Record<'cv' | 'attachments', string>> = {};
	if (!cv) errors.cv = 'cv_required';
	if (attachments.length > APPLICATION_LIMITS.attachmentsMax) errors.attachments = 'too_many_files';
	return errors;
}

/** The job as an application needs it, when it takes applications at `now`. */
async function openJob(db: Kysely<Database>, jobId: string, now: Date) {
	const at = now.toISOString();
	return db
		.selectFrom('jobs')
		.select(['id', 'unit_id', 'deadline', 'title_no', 'title_en'])
		.where('id', '=', jobId)
		.where(isPublic('jobs', at))
		.where('deadline', '>=', at)
		.executeTakeFirst();
}

/** The unit's leaders with an address, or the organisation's contact address. */
async function noticeRecipients(
	db: Kysely<Database>,
	unitId: string | null,
	contactTo: string
): Promise<NoticeRecipient[]> {
	const leaders = unitId
		? await db
				.selectFrom('team_members')
				.innerJoin('users', 'users.id', 'team_members.user_id')
				.select(['users.email', 'users.locale'])
				.where('team_members.unit_id', '=', unitId)
				.where('team_members.role', '=', 'leader')
				.where('users.email', 'is not', null)
				.orderBy('users.id')
				.execute()
		: [];
	const found = leaders.map((l) => ({ email: l.email!, locale: l.locale }));
	return found.length > 0 ? found : [{ email: contactTo, locale: null }];
}

export async function submitApplication(
	deps: SubmitDeps,
	input: SubmitInput,
	now = new Date()
): Promise<SubmitOutcome> {
	const { db } = deps;
	// A filled honeypot is a bot: nothing is stored or sent, and it is told nothing either.
	if (input.form.website.trim() !== '') return { status: 'ignored' };
	const job = await openJob(db, input.jobId, now);
	if (!job) return { status: 'closed' };
	const countErrors = fileCountErrors(input.cv, input.attachments);
	if (Object.keys(countErrors).length > 0) return { status: 'invalid', errors: countErrors };

	const id = randomUUID();
	const ownerId = randomUUID();
	const at = now.toISOString();
	// The uploads' owner in the files port: an anonymous user row of this application alone.
	await db
		.insertInto('users')
		.values({ id: ownerId, email: null, name: '', is_anonymous: 1, locale: null, created_at: at })
		.execute();
	const stored: string[] = [];
	const undo = async () => {
		for (const fileId of stored) await deps.files.delete(fileId);
		await db.deleteFrom('users').where('id', '=', ownerId).execute();
	};

	let mailIds: string[];
	try {
		const uploads = [input.cv!, ...input.attachments];
		for (const [position, upload] of uploads.entries()) {
			try {
				const file = await deps.files.accept({ ownerId, purpose: 'application', ...upload });
				stored.push(file.id);
			} catch (refused) {
				if (!(refused instanceof FileRefused)) throw refused;
				await undo();
				const field = position === 0 ? 'cv' : 'attachments';
				return { status: 'invalid', errors: { [field]: `file_${refused.code}` } };
			}
		}
		const token = randomBytes(32).toString('base64url');
		const title = { no: job.title_no || job.title_en, en: job.title_en || job.title_no };
		const mailJob = { title, deadline: job.deadline };
		const { name, email, phone, motivation } = input.form;
		const withdrawUrl = `${input.origin}/${input.locale}/applications/${id}/withdraw?token=${token}`;
		const recipients = await noticeRecipients(db, job.unit_id, deps.contactTo);
		mailIds = await db.transaction().execute(async (trx) => {
			await trx
				.insertInto('job_applications')
				.values({
					id,
					job_id: job.id,
					owner_id: ownerId,
					name,
					email,
					phone,
					motivation,
					locale: input.locale,
					status: 'received',
					withdraw_token_hash: hashToken(token),
					mail_ids: '[]',
					created_at: at,
					updated_at: at
				})
				.execute();
			await trx
				.insertInto('job_application_files')
				.values(
					stored.map((fileId, position) => ({ application_id: id, position, file_id: fileId }))
				)
				.execute();
			await record(trx, {
				actor: 'applicant',
				subjectType: SUBJECT,
				subjectId: id,
				action: 'submitted',
				details: { job: job.id },
				at: now
			});
			const ids = [
				await recordMail(
					trx,
					confirmationMail(
						{ name, email, locale: input.locale },
						mailJob,
						withdrawUrl,
						deps.retentionDays
					),
					now
				)
			];
			for (const to of recipients) {
				const inboxUrl = (locale: Locale) =>
					`${input.origin}/${locale}/admin/inbox/applications/${id}`;
				ids.push(await recordMail(trx, noticeMail(to, { name, email }, mailJob, inboxUrl), now));
			}
			await trx
				.updateTable('job_applications')
				.set({ mail_ids: JSON.stringify(ids) })
				.where('id', '=', id)
				.execute();
			return ids;
		});
	} catch (error) {
		await undo();
		throw error;
	}
	for (const mailId of mailIds) await deps.mail.deliver(mailId);
	return { status: 'stored', id };
}
