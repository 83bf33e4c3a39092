// The application form between the job page and the domain: a multipart post read into the
// typed values, the CV and the attachments, and each field's first problem as a code (its words
// are words.ts).
import { ApplicationForm, type ApplicationValues } from '$lib/schemas/application';
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
