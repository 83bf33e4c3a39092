// The claim form's texts for the codes its actions answer with, in the request's language: the
// server sends texts, so the page carries no table of every message it might need to show.
import { m } from '$lib/paraglide/messages';
import { limitText } from '../files/words';

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
