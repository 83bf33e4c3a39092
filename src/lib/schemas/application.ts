// Job applications: the public form (error messages are codes; the server words them in the page's
// language) and the inbox's inputs. Server-side only in practice: the job page gets its words and
// limits from its load, so that zod never reaches the browser.
import { z } from 'zod';

export const APPLICATION_STATUSES = [
	'received',
	'in_review',
	'interview',
	'offered',
	'declined'
] as const;
export const ApplicationStatus = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

export const APPLICATION_LIMITS = {
	nameMax: 100,
	emailMax: 200,
	phoneMax: 30,
	motivationMin: 20,
	motivationMax: 10_000,
	/** Besides the CV. */
	attachmentsMax: 3,
	noteMax: 5000
} as const;

const L = APPLICATION_LIMITS;

export const ApplicationForm = z.object({
	name: z.string().trim().min(1, { error: 'required' }).max(L.nameMax, { error: 'too_long' }),
	email: z
		.string()
		.trim()
		.min(1, { error: 'required' })
		.max(L.emailMax, { error: 'too_long' })
		.pipe(z.email({ error: 'email_invalid' })),
	phone: z
		.string()
		.trim()
		.min(1, { error: 'required' })
		.max(L.phoneMax, { error: 'too_long' })
		.regex(/^\+?[0-9][0-9 ().-]{4,}$/, { error: 'phone_invalid' }),
	motivation: z
		.string()
		.trim()
		.min(L.motivationMin, { error: 'too_short' })
		.max(L.motivationMax, { error: 'too_long' }),
	/** The honeypot: hidden from people, filled in by form-filling bots. */
	website: z.string().max(500).default('')
});
export type ApplicationForm = z.infer<typeof ApplicationForm>;

/** The form's text fields as typed (for a refused post to show again). */
export type ApplicationValues = Record<keyof ApplicationForm, string>;

export const StatusChange = z.object({
	status: ApplicationStatus,
	version: z.coerce.number().int().min(1)
});
export type StatusChange = z.infer<typeof StatusChange>;

export const NoteInput = z.object({
	body: z.string().trim().min(1).max(L.noteMax)
});
export type NoteInput = z.infer<typeof NoteInput>;

export const InboxFilter = z.object({
	status: z.enum([...APPLICATION_STATUSES, '']).catch(''),
	unit: z.string().trim().max(100).catch(''),
	job: z.string().trim().max(100).catch(''),
	page: z.coerce.number().int().min(1).max(100_000).catch(1)
});
export type InboxFilter = z.infer<typeof InboxFilter>;
