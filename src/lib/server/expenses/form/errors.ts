// The claim form's texts for the codes its actions answer with, in the request's language: the
// server sends texts, so the page carries no table of every message it might need to show.
import { m } from '$lib/paraglide/messages';
import { limitText } from '../../files/words';

const TEXTS: Record<string, () => string> = {
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
	return (TEXTS[code] ?? m.expense_form_error_invalid)();
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
