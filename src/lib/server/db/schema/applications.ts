// Job applications, their files and the staff's notes.
import type { Generated } from 'kysely';

/** Status: received | in_review | interview | offered | declined (applications/status.ts). */
export interface JobApplicationsTable {
	id: string;
	job_id: string;
	owner_id: string;
	name: string;
	email: string;
	phone: string;
	motivation: string;
	locale: string;
	status: string;
	version: Generated<number>;
	withdraw_token_hash: string;
	/** JSON array of mail_outbox ids. */
	mail_ids: string;
	created_at: string;
	updated_at: string;
}

export interface JobApplicationFilesTable {
	application_id: string;
	position: number;
	file_id: string;
}

export interface JobApplicationNotesTable {
	id: string;
	application_id: string;
	author_id: string;
	body: string;
	created_at: string;
}
