// The claim form's texts for the codes its server answers with (expenses/form-actions.ts), and
// amounts as typed read for the running total the form shows while one types (display only: the
// server computes what is claimed).
import { m } from '$lib/paraglide/messages';

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
	if (code === 'too_many_files') return m.expense_error_too_many_files({ max: limits.maxFiles });
	if (code === 'file_too_large') {
		return m.file_error_too_large({ max: `${Math.round(limits.maxFileBytes / 1048576)} MB` });
	}
	return (TEXTS[code] ?? m.expense_form_error_invalid)();
}

/** Øre of an amount as typed ("1 234,50", "12.5"), or null when it does not read as one. */
export function typedOre(text: string): number | null {
	let t = text.replace(/[\s\u00a0\u202f]/g, '');
	const comma = t.lastIndexOf(',');
	const dot = t.lastIndexOf('.');
	if (comma >= 0 && dot >= 0) {
		const mark = comma > dot ? ',' : '.';
		t = t.replaceAll(mark === ',' ? '.' : ',', '').replace(mark, '.');
	} else t = t.replace(',', '.');
	const match = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(t);
	if (!match) return null;
	return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Metres of a distance as typed ("12,5"), or null. */
export function typedMetres(text: string): number | null {
	const match = /^(\d{1,6})(?:[.,](\d))?$/.exec(text.replace(/[\s\u00a0\u202f]/g, ''));
	return match ? Number(match[1]) * 1000 + Number(match[2] ?? 0) * 100 : null;
}
