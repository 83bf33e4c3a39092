// The claim form's words, in the request's language, sent with the page's data: the form then
// carries no message functions (both languages of each). About 3 kB less first-visit JavaScript
// for the fixed words, 0.5 kB more for those with a value the browser puts in (what is typed, a
// picked file's name, a line's number), which come as templates for $lib/template's fill.
import { m } from '$lib/paraglide/messages';
import { formErrorText } from './errors';

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
