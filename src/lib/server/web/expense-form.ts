// The actions of /fs/new and /fs/{id}/edit: one post (with or without JavaScript) saves a draft,
// submits it, or adds or removes a line; `upload` keeps one file at once and `autosave` saves the
// draft as typed. Files a post carries go through the files port first; a refused file keeps the
// rest of the form and the files already received, and a failure nobody expected removes the
// files this request stored, so nothing is left that no claim refers to.
import { error, fail, redirect, type RequestEvent } from '@sveltejs/kit';
import { setError, superValidate, type SuperValidated } from 'sveltekit-superforms';
import { zod4 } from 'sveltekit-superforms/adapters';
import { localizePath } from '$lib/i18n';
import { emptyLine, type Problems, type UploadedFile } from '$lib/expenses/form-shape';
import { m } from '$lib/paraglide/messages';
import { ClaimForm } from '$lib/schemas/expense-form';
import { services } from '../app';
import type { UserContext } from '../context';
import { FileRefused, type StoredFile } from '../files';
import type { ExpenseRefusal } from '../expenses';
import { chosenCampus } from './campus';
import { accepted, formAction, refused } from './form-action';
import {
	claimValues,
	fieldIssues,
	formOptions,
	readMultipart,
	toClaimInput,
	withoutInvalid,
	type FieldIssue,
	type ReadPost,
	type StoredDraft
} from '../expenses/form';
import { claimFormTexts, fieldLabel, formErrorText, localizeErrors } from '../expenses/form/words';
import { osloDate } from '../expenses/input';

type Form = SuperValidated<ClaimForm, Problems>;

const STATUS: Partial<Record<ExpenseRefusal, 400 | 403 | 404 | 409>> = {
	not_found: 404,
	stale: 409,
	wrong_status: 409,
	not_claimant: 403
};

const userIdOf = (event: RequestEvent) => event.locals.user!.id;
const ownerOf = (caller: UserContext) => caller.user!.id;

export const claimFormOf = (values: unknown) =>
	superValidate(values as ClaimForm, zod4(ClaimForm), { errors: false });

/**
 * Another user's claim, or one that does not exist, is not found before anything is read; the
 * claimant's own gives what a draft keeps of a field that is refused.
 */
async function guard(event: RequestEvent, claimId: string | null): Promise<StoredDraft | null> {
	if (claimId === null) return null;
	const detail = await services().expenses.detail(event.locals.caller, claimId);
	if (!detail || !detail.viewer.isClaimant) error(404, 'Not found');
	return { purpose: detail.purpose, advanceOre: detail.totals.advanceOre };
}

async function readPost(event: RequestEvent): Promise<ReadPost> {
	let data: FormData;
	try {
		data = await event.request.formData();
	} catch {
		error(400, 'Validation failed');
	}
	return readMultipart(data);
}

const uploaded = (file: StoredFile): UploadedFile => ({
	id: file.id,
	name: file.originalName,
	mimeType: file.mimeType,
	size: file.size,
	thumbnail: file.thumbnailKey !== null
});

/** Names and types of the caller's received files, from the files port (never as posted). */
async function describeFiles(form: Form, userId: string) {
	for (const line of form.data.lines) {
		const file = line.fileId ? await services().files.find(line.fileId) : null;
		const own = file && file.ownerId === userId;
		line.fileName = own ? file.originalName : '';
		line.fileType = own ? file.mimeType : '';
	}
}

/** Files a draft no longer names, unless another claim names the same upload. */
async function deleteUnused(ids: string[]) {
	if (ids.length === 0) return;
	const { db, files } = services();
	const used = await db
		.selectFrom('expense_lines')
		.select('file_id')
		.where('file_id', 'in', ids)
		.execute();
	const still = new Set(used.map((r) => r.file_id));
	for (const id of ids) if (!still.has(id)) await files.delete(id);
}

async function removeFiles(ids: string[]) {
	await Promise.all(
		ids.map((id) =>
			services()
				.files.delete(id)
				.catch(() => {})
		)
	);
}

/**
 * Keeps the post's files (each on its line). Refused files and too many files put their error
 * on the form; the ids of the files stored are returned either way.
 */
async function receiveFiles(event: RequestEvent, post: ReadPost, form: Form) {
	const { files, config } = services();
	const accepted: string[] = [];
	if (post.files.length > config.FILES_MAX_PER_REQUEST) {
		setError(form, '', 'too_many_files');
		return { refused: true, accepted };
	}
	let refused = false;
	for (const { line, file } of post.files) {
		const target = form.data.lines[line];
		if (!target || target.kind !== 'receipt') continue;
		try {
			const stored = await files.accept({
				ownerId: userIdOf(event),
				purpose: 'receipt',
				bytes: Buffer.from(await file.arrayBuffer()),
				name: file.name
			});
			accepted.push(stored.id);
			target.fileId = stored.id;
		} catch (failure) {
			if (!(failure instanceof FileRefused)) {
				await removeFiles(accepted);
				throw failure;
			}
			refused = true;
			setError(form, `lines[${line}].fileId` as const, `file_${failure.code}`);
		}
	}
	return { refused, accepted };
}

/**
 * The claim saved from the form: its id and version, or the form with its errors. A draft keeps
 * what is valid: the fields the domain refuses are left out (withoutInvalid) and the rest saved,
 * their errors put on the form (`refused`); only a refused campus or unit saves nothing. Submitting
 * asks more of it afterwards (the service's `incomplete`).
 */
async function save(
	ctx: UserContext,
	claimId: string | null,
	stored: StoredDraft | null,
	form: Form,
	accepted: string[]
) {
	const { expenses } = services();
	let { input, kept } = toClaimInput(form.data);
	const refused: FieldIssue[] = [];
	let outcome;
	try {
		for (;;) {
			outcome = claimId
				? await expenses.updateDraft(ctx, claimId, form.data.version, input)
				: await expenses.createDraft(ctx, input);
			if (outcome.ok || outcome.reason !== 'invalid' || !outcome.issues?.length) break;
			const rest = withoutInvalid(input, kept, outcome.issues, stored);
			// Each round leaves out at least one more field; the references are checked one by one.
			if (!rest || refused.length > 100) break;
			refused.push(...fieldIssues(outcome.issues, kept));
			({ input, kept } = rest);
		}
	} catch (failure) {
		await removeFiles(accepted);
		throw failure;
	}
	for (const issue of refused) setError(form, issue.path as '', issue.code);
	if (!outcome.ok) {
		for (const issue of fieldIssues(outcome.issues ?? [], kept)) {
			setError(form, issue.path as '', issue.code);
		}
		if (outcome.reason !== 'invalid' || !outcome.issues?.length) {
			setError(form, '', outcome.reason);
		}
		return { ok: false as const, status: STATUS[outcome.reason] ?? 400 };
	}
	// A line left out for now still names its receipt: the file stays for the next save.
	if ('releasedFileIds' in outcome) {
		const named = new Set(form.data.lines.map((l) => l.fileId));
		await deleteUnused(outcome.releasedFileIds.filter((id) => !named.has(id)));
	}
	const id = claimId ?? ('id' in outcome ? outcome.id : '');
	form.data.version = outcome.version;
	return {
		ok: true as const,
		id,
		version: outcome.version,
		totalOre: outcome.totals.totalOre,
		refused: refused.length > 0
	};
}

const limits = () => ({
	maxFiles: services().config.FILES_MAX_PER_REQUEST,
	maxFileBytes: services().config.FILES_MAX_BYTES
});

/** The form's errors flat, in the form's order, each with its text and its field's name. */
function problemsOf(form: Form): Problems {
	const kinds = form.data.lines.map((l) => l.kind);
	return Object.entries(flatErrors(form.errors)).map(([path, code]) => [
		path,
		formErrorText(code, limits()),
		fieldLabel(path, kinds)
	]);
}

/**
 * A refused post: the form as sent, with its received files named and its errors as texts; its
 * message lists them flat, in the form's order, as the page's summary shows them. `claimId`: the
 * draft that was saved without the refused fields (the form posts to it next), or null.
 */
async function failed(
	event: RequestEvent,
	form: Form,
	status: number,
	claimId: string | null,
	kept = false
) {
	await describeFiles(form, userIdOf(event));
	form.message = problemsOf(form);
	form.valid = false;
	localizeErrors(form.errors, limits());
	return fail(status, { form, claimId, kept });
}

/**
 * The claimant's post as the form holds it, after the guard (another's claim is not found before
 * anything is read): the draft as stored, the post, the form, and the files it carried, kept.
 */
async function readClaim(event: RequestEvent, claimId: string | null) {
	const stored = await guard(event, claimId);
	const post = await readPost(event);
	const form = await claimFormOf(post.values);
	const received = await receiveFiles(event, post, form);
	return { stored, post, form, received };
}

/**
 * Reads the post, keeps its files and saves what is valid; a field refused answers the form as it
 * was sent, with its errors, and a submit goes no further.
 */
function saveAction(event: RequestEvent, claimId: string | null, then: 'save' | 'submit') {
	return formAction(event, {
		async read() {
			const { stored, form, received } = await readClaim(event, claimId);
			if (received.refused) return refused(await failed(event, form, 400, claimId));
			return accepted({ stored, form, files: received.accepted });
		},
		async run({ stored, form, files }, caller) {
			const saved = await save(caller, claimId, stored, form, files);
			if (!saved.ok || saved.refused || then === 'save') return { saved, submitted: null };
			const submitted = await services().expenses.submit(caller, saved.id, saved.version);
			return { saved, submitted };
		},
		async answer({ saved, submitted }, _values, { form }) {
			if (!saved.ok) return failed(event, form, saved.status, claimId);
			if (saved.refused) return failed(event, form, 400, saved.id, true);
			const locale = event.locals.locale;
			const edit = localizePath(`/fs/${saved.id}/edit`, locale);
			if (!submitted) redirect(303, `${edit}?saved=1`);
			// The draft is saved either way; what kept it from going further is shown on its edit page.
			if (!submitted.ok) redirect(303, `${edit}?refused=${submitted.reason}`);
			redirect(303, `${localizePath(`/fs/${saved.id}`, locale)}?done=submit`);
		}
	});
}

/**
 * addLine and removeLine without JavaScript: the form again, one line more or less. No domain is
 * asked; the files the post carried are kept, but one on the line removed is removed with it.
 */
function linesAction(event: RequestEvent, claimId: string | null) {
	return formAction(event, {
		read: async () => accepted(await readClaim(event, claimId)),
		async run({ post, form, received }) {
			if (post.removeIndex !== null && post.removeIndex < form.data.lines.length) {
				const [gone] = form.data.lines.splice(post.removeIndex, 1);
				if (gone && received.accepted.includes(gone.fileId)) await removeFiles([gone.fileId]);
			}
			if (post.addKind) form.data.lines.push(emptyLine(post.addKind, osloDate(new Date())));
			return received;
		},
		async answer(received, _values, { form }) {
			if (received.refused) return failed(event, form, 400, claimId);
			await describeFiles(form, userIdOf(event));
			return { form };
		}
	});
}

/** One receipt, at once, for the page with JavaScript: the file's JSON, or its refusal code. */
function uploadAction(event: RequestEvent, claimId: string | null) {
	return formAction(event, {
		async read() {
			await guard(event, claimId);
			let file: FormDataEntryValue | null;
			try {
				file = (await event.request.formData()).get('file');
			} catch {
				return refused(refusedUpload('invalid'));
			}
			if (!file || typeof file === 'string' || file.size === 0) {
				return refused(refusedUpload('file_empty'));
			}
			return accepted(file);
		},
		async run(file, caller) {
			try {
				const stored = await services().files.accept({
					ownerId: ownerOf(caller),
					purpose: 'receipt',
					bytes: Buffer.from(await file.arrayBuffer()),
					name: file.name
				});
				return { ok: true as const, stored };
			} catch (failure) {
				if (failure instanceof FileRefused) {
					return { ok: false as const, code: `file_${failure.code}` };
				}
				throw failure;
			}
		},
		answer: (kept) => (kept.ok ? { file: uploaded(kept.stored) } : refusedUpload(kept.code))
	});
}

const refusedUpload = (code: string) => fail(400, { code, text: formErrorText(code, limits()) });

/**
 * The draft as typed (JSON in a `json` field), saved with what is valid: the id and version to go
 * on with and the fields left out (`problems`), or why nothing could be saved.
 */
function autosaveAction(event: RequestEvent, claimId: string | null) {
	return formAction(event, {
		async read() {
			const stored = await guard(event, claimId);
			let parsed;
			try {
				const raw = (await event.request.formData()).get('json');
				parsed = ClaimForm.safeParse(JSON.parse(typeof raw === 'string' ? raw : ''));
			} catch {
				return refused(refusedDraft(400, 'invalid', []));
			}
			if (!parsed.success) return refused(refusedDraft(400, 'invalid', []));
			return accepted({ stored, form: await claimFormOf(parsed.data) });
		},
		run: ({ stored, form }, caller) => save(caller, claimId, stored, form, []),
		answer(saved, _values, { form }) {
			if (!saved.ok) {
				return refusedDraft(saved.status, form.errors._errors?.[0] ?? 'invalid', problemsOf(form));
			}
			return {
				saved: {
					id: saved.id,
					version: saved.version,
					totalOre: saved.totalOre,
					at: new Date().toISOString()
				},
				problems: problemsOf(form)
			};
		}
	});
}

/** Why an autosave was refused: the code, its text, and each field's. */
const refusedDraft = (status: number, code: string, problems: Problems) =>
	fail(status, { code, text: formErrorText(code, limits()), problems });

/**
 * `{ 'lines[0].date': 'date_future' }` from superforms' nested errors: the first of each, a code
 * or, once localized, its text.
 */
function flatErrors(errors: unknown, prefix = ''): Record<string, string> {
	const out: Record<string, string> = {};
	if (!errors || typeof errors !== 'object') return out;
	for (const [key, value] of Object.entries(errors)) {
		const path =
			key === '_errors'
				? prefix
				: /^\d+$/.test(key)
					? `${prefix}[${key}]`
					: prefix
						? `${prefix}.${key}`
						: key;
		if (Array.isArray(value)) {
			if (typeof value[0] === 'string') out[path] = value[0];
		} else Object.assign(out, flatErrors(value, path));
	}
	return out;
}

/** What /fs/new shows: an empty claim with one receipt line, dated today. */
export async function newClaimPage(event: RequestEvent) {
	const today = osloDate(new Date());
	const campus = await chosenCampus(event.cookies);
	const form = await claimFormOf({ campusId: campus ?? '', lines: [emptyLine('receipt', today)] });
	return {
		form,
		claimId: null,
		status: null,
		totalOre: null,
		...(await pageExtras(event, today))
	};
}

/** What /fs/{id}/edit shows: the stored claim, or 404 for anyone but its claimant. */
export async function editClaimPage(event: RequestEvent, claimId: string) {
	const { expenses, files } = services();
	const detail = await expenses.detail(event.locals.caller, claimId);
	if (!detail || !detail.viewer.isClaimant) error(404, 'Not found');
	const locale = event.locals.locale;
	// A claim no longer editable is shown as it is; after a refused post the form says why.
	if (!detail.actions.includes('edit') && event.request.method !== 'POST') {
		redirect(303, localizePath(`/fs/${claimId}`, locale));
	}
	const stored = new Map<string, StoredFile>();
	for (const line of detail.lines) {
		const file = line.fileId ? await files.find(line.fileId) : null;
		if (file) stored.set(file.id, file);
	}
	const form = await claimFormOf(claimValues(detail, stored, locale));
	return {
		form,
		claimId,
		status: detail.status,
		rejected:
			detail.status === 'rejected' && detail.rejectionReason
				? m.expense_form_rejected({ reason: detail.rejectionReason })
				: null,
		totalOre: detail.totals.totalOre,
		...(await pageExtras(event, osloDate(new Date())))
	};
}

async function pageExtras(event: RequestEvent, today: string) {
	const { db, config } = services();
	const refused = event.url.searchParams.get('refused');
	return {
		options: await formOptions(db, event.locals.locale, {
			today,
			mileageRateOre: config.EXPENSE_MILEAGE_RATE_ORE,
			// The "suggest description" button (POST /api/expense/generate-description).
			assistant: true
		}),
		saved: event.url.searchParams.has('saved'),
		refused: refused && /^[a-z_]{1,40}$/.test(refused) ? formErrorText(refused, limits()) : null,
		texts: claimFormTexts(limits())
	};
}

/** The actions of the form page for a new claim (`claimId` null) or a claim's edit page. */
export function claimFormActions(claimIdOf: (event: RequestEvent) => string | null) {
	return {
		save: async (event: RequestEvent) => saveAction(event, claimIdOf(event), 'save'),
		submit: async (event: RequestEvent) => saveAction(event, claimIdOf(event), 'submit'),
		addLine: async (event: RequestEvent) => linesAction(event, claimIdOf(event)),
		removeLine: async (event: RequestEvent) => linesAction(event, claimIdOf(event)),
		upload: async (event: RequestEvent) => uploadAction(event, claimIdOf(event)),
		autosave: async (event: RequestEvent) => autosaveAction(event, claimIdOf(event))
	};
}
