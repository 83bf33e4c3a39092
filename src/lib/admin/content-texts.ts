// The words of the content form: field labels, hints and what an error code means.
import type { FieldDef } from '$lib/admin/content-fields';
import { m } from '$lib/paraglide/messages';

const LABELS: Record<string, () => string> = {
	title: m.admin_field_title,
	summary: m.admin_field_summary,
	body: m.admin_field_body,
	name: m.admin_field_name,
	role: m.admin_field_role,
	starts_at: m.admin_field_starts_at,
	ends_at: m.admin_field_ends_at,
	location: m.admin_field_location,
	category: m.admin_field_category,
	campus_id: m.admin_field_campus,
	unit_id: m.admin_field_unit,
	price_ore: m.admin_field_price,
	capacity: m.admin_field_capacity,
	product_id: m.admin_field_product,
	slug: m.admin_field_slug,
	deadline: m.admin_field_deadline,
	apply_url: m.admin_field_apply_url,
	status: m.admin_field_status,
	started_at: m.admin_field_started_at,
	sort: m.admin_field_sort,
	type: m.admin_field_type,
	email: m.admin_field_email,
	keywords: m.admin_field_keywords,
	publish_at: m.admin_content_publish_at,
	image_alt: m.admin_field_image_alt,
	image_file_id: m.admin_field_image
};

const ERRORS: Record<string, () => string> = {
	required: m.admin_error_required,
	required_one_locale: m.admin_error_required_one_locale,
	too_long: m.admin_error_too_long,
	datetime: m.admin_error_datetime,
	date: m.admin_error_date,
	money: m.admin_error_money,
	int: m.admin_error_int,
	url: m.admin_error_url,
	email: m.admin_error_email,
	slug: m.admin_error_slug,
	slug_taken: m.admin_error_slug_taken,
	unknown_choice: m.admin_error_unknown_choice,
	not_your_unit: m.admin_error_not_your_unit,
	ends_before_start: m.admin_error_ends_before_start,
	in_the_past: m.admin_error_in_the_past,
	alt_required: m.admin_error_alt_required,
	file_empty: m.file_error_empty,
	file_unsupported_type: m.admin_error_image_type,
	file_polyglot: m.file_error_polyglot,
	file_unreadable: m.admin_error_image_unreadable,
	file_image_too_large: m.file_error_image_too_large,
	file_too_large: m.admin_error_image_too_large
};

export const fieldLabel = (name: string) => (LABELS[name] ?? (() => name))();
export const errorText = (code: string | undefined) =>
	(ERRORS[code ?? ''] ?? m.admin_error_invalid)();

export function fieldHint(field: FieldDef): string | null {
	if (field.type === 'markdown') return m.admin_hint_markdown();
	if (field.type === 'money') return m.admin_hint_money();
	if (field.type === 'slug') return m.admin_hint_slug();
	if (field.type === 'datetime') return m.admin_hint_datetime();
	if (field.name === 'image_alt') return m.admin_hint_image_alt();
	if (field.name === 'keywords') return m.admin_hint_keywords();
	return null;
}

/** The picture fields' words (ImageFields.svelte). */
export const imageTexts = () => ({
	legend: m.admin_field_image(),
	current: m.admin_image_current(),
	remove: m.admin_image_remove(),
	replace: m.admin_image_replace(),
	upload: m.admin_image_upload(),
	hint: m.admin_hint_image(),
	alt: m.admin_field_image_alt(),
	altHint: m.admin_hint_image_alt(),
	languages: { no: m.admin_language_no(), en: m.admin_language_en() }
});
