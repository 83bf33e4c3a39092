// The claim form's words, in the request's language, sent with the page's data: the form then
// carries no message functions (both languages of each). About 3 kB less first-visit JavaScript
// for the fixed words, 0.5 kB more for those with a value the browser puts in (what is typed, a
// picked file's name, a line's number), which come as templates for $lib/template's fill. The
// texts of the codes the form's actions answer with, and the fields' names for the error summary,
// are here too: the server sends texts, so the page carries no table of every message it might
// need to show.
import { m } from '$lib/paraglide/messages';
import { limitText } from '../../files/words';

const TEXTS = {
	about: m.expense_form_about,
	account: m.expense_form_account,
	account_hint: m.expense_form_account_hint,
	add_mileage: m.expense_form_add_mileage,
	add_receipt: m.expense_form_add_receipt,
	advance: m.expense_form_advance,
	amount: m.expense_form_amount,
	autosave_hint: m.expense_form_autosave_hint,
	campus: m.expense_form_campus,
	campus_choose: m.expense_form_campus_choose,
	currency: m.expense_form_currency,
	date: m.expense_form_date,
	description: m.expense_form_description,
	error_failed: m.expense_form_error_failed,
	errors_title: m.expense_form_errors_title,
	errors_title_kept: m.expense_form_errors_title_kept,
	new_title: m.expense_form_new_title,
	edit_title: m.expense_form_edit_title,
	events: m.expense_form_events,
	file: m.expense_form_file,
	file_open: m.expense_form_file_open,
	file_replace: m.expense_form_file_replace,
	from: m.expense_form_from,
	intro: m.expense_form_intro,
	km: m.expense_form_km,
	lines: m.expense_form_lines,
	link: m.expense_form_link,
	link_none: m.expense_form_link_none,
	merchant: m.expense_form_merchant,
	original_amount: m.expense_form_original_amount,
	projects: m.expense_form_projects,
	purpose: m.expense_form_purpose,
	purpose_hint: m.expense_form_purpose_hint,
	save: m.expense_form_save,
	saved: m.expense_form_saved,
	sending: m.expense_form_sending,
	submit: m.expense_form_submit,
	suggest: m.expense_form_suggest,
	suggest_failed: m.expense_form_suggest_failed,
	to: m.expense_form_to,
	trip_purpose: m.expense_form_trip_purpose,
	unit: m.expense_form_unit,
	unit_choose: m.expense_form_unit_choose,
	upload_failed: m.expense_form_upload_failed
} satisfies Record<string, () => string>;

/** Templates: `{n}` the line's number, `{name}` a file's, `{amount}` and `{rate}` in kroner. */
const TEMPLATES = {
	autosave_failed: () => m.expense_form_autosave_failed({ reason: '{reason}' }),
	file_received: () => m.expense_form_file_received({ name: '{name}' }),
	mileage_amount: () =>
		m.expense_form_mileage_amount({ km: '{km}', rate: '{rate}', amount: '{amount}' }),
	mileage_line: () => m.expense_form_mileage_line({ n: '{n}' }),
	mileage_rate: () => m.expense_form_mileage_rate({ rate: '{rate}' }),
	preview: () => m.expense_form_preview({ name: '{name}' }),
	receipt_line: () => m.expense_form_receipt_line({ n: '{n}' }),
	remove_line: () => m.expense_form_remove_line({ n: '{n}' }),
	running_total: () => m.expense_form_running_total({ amount: '{amount}' }),
	saved_at: () => m.expense_form_saved_at({ time: '{time}' }),
	saved_without: () => m.expense_form_saved_without({ time: '{time}', fields: '{fields}' }),
	saved_total: () => m.expense_form_saved_total({ amount: '{amount}' }),
	uploading: () => m.expense_form_uploading({ name: '{name}' })
} satisfies Record<string, () => string>;

export type ClaimFormTexts = Record<keyof typeof TEXTS | keyof typeof TEMPLATES, string> & {
	/** What the browser says of a picked file over the size limit (the server says the same). */
	file_too_large: string;
};

export function claimFormTexts(limits: { maxFiles: number; maxFileBytes: number }): ClaimFormTexts {
	const texts = { file_too_large: formErrorText('file_too_large', limits) } as ClaimFormTexts;
	for (const key of Object.keys(TEXTS) as (keyof typeof TEXTS)[]) texts[key] = TEXTS[key]();
	for (const key of Object.keys(TEMPLATES) as (keyof typeof TEMPLATES)[]) {
		texts[key] = TEMPLATES[key]();
	}
	return texts;
}

// The codes the form's actions answer with, and the fields they name, in words.

const ERRORS: Record<string, () => string> = {
	account: m.expense_error_account,
	amount_invalid: m.expense_error_amount_invalid,
	amount_not_positive: m.expense_error_amount_not_positive,
	amount_too_many_decimals: m.expense_error_amount_too_many_decimals,
	amount_too_large: m.expense_error_amount_too_large,
	date_invalid: m.expense_error_date_invalid,
	date_future: m.expense_error_date_future,
	date_too_old: m.expense_error_date_too_old,
	distance: m.expense_error_distance,
	currency: m.expense_error_currency,
	too_many_lines: m.expense_error_too_many_lines,
	not_found: m.expense_error_not_found,
	wrong_status: m.expense_error_wrong_status,
	not_claimant: m.expense_error_not_claimant,
	stale: m.expense_error_stale,
	incomplete: m.expense_error_incomplete,
	invalid: m.expense_error_invalid,
	required: m.expense_form_error_required,
	too_long: m.expense_form_error_too_long,
	unknown: m.expense_form_error_unknown,
	file: m.expense_form_error_file,
	failed: m.expense_form_error_failed,
	upload_failed: m.expense_form_upload_failed,
	file_empty: m.file_error_empty,
	file_unsupported_type: m.file_error_unsupported_type,
	file_polyglot: m.file_error_polyglot,
	file_unsafe_pdf: m.file_error_unsafe_pdf,
	file_unreadable: m.file_error_unreadable,
	file_image_too_large: m.file_error_image_too_large
};

/** The text for a code; `limits` fills in the configured numbers some texts name. */
export function formErrorText(
	code: string | undefined | null,
	limits: { maxFiles: number; maxFileBytes: number }
): string {
	if (!code) return '';
	const limit = code.startsWith('file_') ? limitText(code.slice('file_'.length)) : null;
	if (limit) return limit;
	if (code === 'too_many_files') return m.expense_error_too_many_files({ max: limits.maxFiles });
	if (code === 'file_too_large') {
		return m.file_error_too_large({ max: `${Math.round(limits.maxFileBytes / 1048576)} MB` });
	}
	return (ERRORS[code] ?? m.expense_form_error_invalid)();
}

/** Every error code in superforms' nested errors replaced by its text, in place. */
export function localizeErrors(
	errors: unknown,
	limits: { maxFiles: number; maxFileBytes: number }
): void {
	if (!errors || typeof errors !== 'object') return;
	for (const [key, value] of Object.entries(errors)) {
		if (Array.isArray(value)) {
			(errors as Record<string, unknown>)[key] = value.map((code) =>
				typeof code === 'string' ? formErrorText(code, limits) : code
			);
		} else localizeErrors(value, limits);
	}
}

const FIELD_LABELS: Record<string, () => string> = {
	campusId: m.expense_form_campus,
	unitId: m.expense_form_unit,
	link: m.expense_form_link,
	purpose: m.expense_form_purpose,
	payoutAccount: m.expense_form_account,
	advance: m.expense_form_advance,
	date: m.expense_form_date,
	merchant: m.expense_form_merchant,
	description: m.expense_form_description,
	amount: m.expense_form_amount,
	currency: m.expense_form_currency,
	originalAmount: m.expense_form_original_amount,
	fileId: m.expense_form_file,
	from: m.expense_form_from,
	to: m.expense_form_to,
	km: m.expense_form_km
};

/**
 * The name of the field at `path` as the form labels it, for the error summary: "Account number",
 * "Receipt 2, amount" (a line's `kind` is the line itself); empty for the form as a whole.
 */
export function fieldLabel(path: string, kinds: string[]): string {
	const line = /^lines\[(\d+)\]\.(\w+)$/.exec(path);
	if (!line) return FIELD_LABELS[path]?.() ?? '';
	const n = Number(line[1]) + 1;
	const mileage = kinds[n - 1] === 'mileage';
	const which = mileage ? m.expense_form_mileage_line({ n }) : m.expense_form_receipt_line({ n });
	const field = line[2]!;
	const label =
		field === 'description' && mileage
			? m.expense_form_trip_purpose()
			: (FIELD_LABELS[field]?.() ?? '');
	return label ? `${which}, ${label.charAt(0).toLowerCase()}${label.slice(1)}` : which;
}
