// The applications domain's words, in the request's language: every word the public form shows
// and the sentence of each code its fields are refused with (written here, so the public page
// carries neither zod nor a table of messages: its first-visit JavaScript budget,
// docs/decisions.md), and an application's audit trail (components/AuditTrail.svelte): who by
// name ("the applicant" for what they did), what, and for a status change "before → after".
import { applicationStatusLabel } from '$lib/applications/words';
import { m } from '$lib/paraglide/messages';
import { APPLICATION_LIMITS } from '$lib/schemas/application';
import type { AuditRecord } from '../audit';
import { actorNames, type TrailEntry } from '../audit/trail-entry';
import type { Db } from '../db';
import { limitText } from '../files/words';

const ACTIONS: Record<string, () => string> = {
	submitted: m.applications_trail_submitted,
	status: m.applications_trail_status,
	note: m.applications_trail_note
};

export async function applicationTrail(db: Db, records: AuditRecord[]): Promise<TrailEntry[]> {
	const names = await actorNames(
		db,
		records.map((r) => r.actor)
	);
	return records.map((r) => {
		const before = (r.details.before ?? null) as { status?: string } | null;
		const after = (r.details.after ?? null) as { status?: string } | null;
		return {
			id: r.id,
			at: r.at,
			who:
				r.actor === 'applicant'
					? m.applications_trail_applicant()
					: (names.get(r.actor) ?? r.actor),
			action: r.action,
			label: ACTIONS[r.action]?.() ?? r.action,
			details:
				r.action === 'status' && before?.status && after?.status
					? [`${applicationStatusLabel(before.status)} → ${applicationStatusLabel(after.status)}`]
					: []
		};
	});
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
