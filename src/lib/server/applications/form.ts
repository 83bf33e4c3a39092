// The application form between the job page and the domain: a multipart post read into the
// typed values, the CV and the attachments; and every word the form shows, written here in the
// request's language, so the public page carries neither zod nor a table of messages (its
// first-visit JavaScript budget: docs/decisions.md).
import { m } from '$lib/paraglide/messages';
import { limitText } from '../files/words';
import {
	APPLICATION_LIMITS,
	ApplicationForm,
	type ApplicationValues
} from '$lib/schemas/application';
import type { Upload } from './submit';

const FIELDS = ['name', 'email', 'phone', 'motivation', 'website'] as const;

export interface ApplicationPost {
	values: ApplicationValues;
	parsed: ReturnType<typeof ApplicationForm.safeParse>;
	cv: Upload | null;
	attachments: Upload[];
}

/** A chosen file (a file input left empty sends an unnamed empty part, which is no file). */
async function uploadOf(value: FormDataEntryValue): Promise<Upload | null> {
	if (typeof value === 'string') return null;
	if (value.size === 0 && value.name === '') return null;
	return { name: value.name, bytes: Buffer.from(await value.arrayBuffer()) };
}

export async function readApplicationPost(form: FormData): Promise<ApplicationPost> {
	const values = Object.fromEntries(
		FIELDS.map((f) => {
			const v = form.get(f);
			return [f, typeof v === 'string' ? v : ''];
		})
	) as ApplicationValues;
	const cvEntry = form.get('cv');
	const cv = cvEntry === null ? null : await uploadOf(cvEntry);
	const attachments: Upload[] = [];
	for (const entry of form.getAll('attachments')) {
		const upload = await uploadOf(entry);
		if (upload) attachments.push(upload);
	}
	return { values, parsed: ApplicationForm.safeParse(values), cv, attachments };
}

/** The first problem of each field, as the schema's code. */
export function fieldCodes(parsed: ApplicationPost['parsed']): Record<string, string> {
	const codes: Record<string, string> = {};
	if (parsed.success) return codes;
	for (const issue of parsed.error.issues) {
		const field = String(issue.path[0] ?? '');
		if (field && !codes[field]) codes[field] = issue.message;
	}
	return codes;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/** A code (schema, domain or files port) as the sentence the page shows beside its field. */
export function errorText(code: string, maxFileBytes: number): string {
	const L = APPLICATION_LIMITS;
	switch (code) {
		case 'required':
			return m.applications_error_required();
		case 'email_invalid':
			return m.applications_error_email();
		case 'phone_invalid':
			return m.applications_error_phone();
		case 'too_short':
			return m.applications_error_too_short({ min: L.motivationMin });
		case 'too_long':
			return m.applications_error_too_long();
		case 'cv_required':
			return m.applications_error_cv_required();
		case 'too_many_files':
			return m.applications_error_too_many_files({ count: L.attachmentsMax });
		case 'file_too_large':
			return m.applications_error_file_too_large({ max: megabytes(maxFileBytes) });
		case 'file_empty':
			return m.applications_error_file_empty();
		case 'file_unsafe_pdf':
		case 'file_unsafe_document':
			return m.applications_error_file_unsafe();
		case 'file_unreadable':
			return m.applications_error_file_unreadable();
		case 'file_too_many_objects':
		case 'file_expands_too_much':
		case 'file_too_costly':
			return limitText(code.slice('file_'.length))!;
		default:
			// unsupported_type, polyglot, and whatever else the port refuses for its type.
			return code.startsWith('file_')
				? m.applications_error_file_type()
				: m.applications_error_required();
	}
}

export function errorTexts(codes: Record<string, string>, maxFileBytes: number) {
	return Object.fromEntries(
		Object.entries(codes).map(([field, code]) => [field, errorText(code, maxFileBytes)])
	);
}

/** Everything the form says, in the request's language. */
export function applicationFormTexts(options: { retentionDays: number; maxFileBytes: number }) {
	const L = APPLICATION_LIMITS;
	return {
		heading: m.applications_form_heading(),
		intro: m.applications_form_intro(),
		name: m.applications_name(),
		email: m.applications_email(),
		phone: m.applications_phone(),
		motivation: m.applications_motivation(),
		motivationHint: m.applications_motivation_hint({ min: L.motivationMin }),
		cv: m.applications_cv(),
		attachments: m.applications_attachments(),
		filesHint: m.applications_files_hint({
			max: megabytes(options.maxFileBytes),
			count: L.attachmentsMax
		}),
		honeypot: m.applications_honeypot(),
		privacyHeading: m.applications_privacy_heading(),
		privacy: m.applications_privacy({ days: options.retentionDays }),
		submit: m.applications_submit(),
		sending: m.applications_sending(),
		sentTitle: m.applications_sent_title(),
		sentBody: m.applications_sent_body(),
		errorSummary: m.applications_error_summary(),
		otherWay: m.applications_other_way()
	};
}

export type ApplicationFormTexts = ReturnType<typeof applicationFormTexts>;
