// The claim form's fixed words, in the request's language, sent with the page's data: the form
// then carries no message functions (both languages of each) for its labels, only the few whose
// words depend on what is typed. About 3 kB less first-visit JavaScript (bench/expenses.mjs).
import { m } from '$lib/paraglide/messages';

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

export type ClaimFormTexts = Record<keyof typeof TEXTS, string>;

export function claimFormTexts(): ClaimFormTexts {
	const texts = {} as ClaimFormTexts;
	for (const key of Object.keys(TEXTS) as (keyof typeof TEXTS)[]) texts[key] = TEXTS[key]();
	return texts;
}
