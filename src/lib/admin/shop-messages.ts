// The codes the shop's admin pages get from their forms and the domain, as text in the page's
// locale: field errors, the fields and actions of an audit trail, plan periods and audiences,
// and the answers to a cancel or refund.
import { formatPrice } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { orderStatusLabel } from '$lib/shop-messages';

const ERRORS: Record<string, () => string> = {
	required: m.admin_shop_error_required,
	too_long: m.admin_shop_error_too_long,
	slug_format: m.admin_shop_error_slug_format,
	slug_taken: m.admin_shop_error_slug_taken,
	price_format: m.admin_shop_error_price_format,
	member_price_above: m.admin_shop_error_member_price_above,
	stock_format: m.admin_shop_error_stock_format,
	stock_below_sold: m.admin_shop_error_stock_below_sold,
	max_format: m.admin_shop_error_max_format,
	category_format: m.admin_shop_error_category_format,
	category_membership: m.admin_shop_error_category_membership,
	unit_unknown: m.admin_shop_error_unit_unknown,
	months_format: m.admin_shop_error_months_format
};

export function fieldErrorText(code: string | undefined): string | undefined {
	if (!code) return undefined;
	return (Object.hasOwn(ERRORS, code) ? ERRORS[code]! : m.admin_shop_error_invalid)();
}

const FIELDS: Record<string, () => string> = {
	slug: m.admin_shop_field_slug,
	nameNo: () => `${m.admin_shop_field_name()} (${m.admin_language_no()})`,
	nameEn: () => `${m.admin_shop_field_name()} (${m.admin_language_en()})`,
	descriptionNo: () => `${m.admin_shop_field_description()} (${m.admin_language_no()})`,
	descriptionEn: () => `${m.admin_shop_field_description()} (${m.admin_language_en()})`,
	priceOre: m.admin_shop_field_price,
	memberPriceOre: m.admin_shop_field_member_price,
	stock: m.admin_shop_field_stock,
	maxPerOrder: m.admin_shop_field_max_per_order,
	category: m.admin_shop_field_category,
	unitId: m.admin_shop_field_unit,
	featured: m.admin_shop_field_featured,
	active: m.admin_shop_field_active,
	period: m.admin_shop_field_period,
	audience: m.admin_shop_field_audience,
	months: m.admin_shop_field_months,
	status: m.admin_shop_field_status,
	note: m.admin_shop_field_note,
	revoked: m.admin_shop_field_revoked
};

export function fieldLabel(field: string): string {
	return Object.hasOwn(FIELDS, field) ? FIELDS[field]!() : field;
}

const ACTIONS: Record<string, () => string> = {
	created: m.admin_shop_action_created,
	updated: m.admin_shop_action_updated,
	deleted: m.admin_shop_action_deleted,
	activated: m.admin_shop_action_activated,
	deactivated: m.admin_shop_action_deactivated,
	cancelled: m.admin_shop_action_cancelled,
	refund_started: m.admin_shop_action_refund_started,
	refunded: m.admin_shop_action_refunded
};

export function actionLabel(action: string): string {
	return Object.hasOwn(ACTIONS, action) ? ACTIONS[action]!() : action;
}

/** A recorded value as a reader wants it: kroner for øre, yes/no, a status in words. */
export function fieldValue(field: string, value: unknown, locale: Locale): string {
	if (value === null || value === undefined || value === '') return m.admin_shop_empty_value();
	if (typeof value === 'boolean') return value ? m.admin_shop_yes() : m.admin_shop_no();
	if (typeof value === 'number' && field.endsWith('Ore')) return formatPrice(value, locale);
	if (field === 'status' && typeof value === 'string') return orderStatusLabel(value);
	if (field === 'period' && typeof value === 'string') return periodLabel(value);
	if (field === 'audience' && typeof value === 'string') return audienceLabel(value);
	return String(value);
}

export function periodLabel(period: string): string {
	if (period === 'semester') return m.admin_shop_period_semester();
	if (period === 'year') return m.admin_shop_period_year();
	return period;
}

export function audienceLabel(audience: string): string {
	if (audience === 'student') return m.admin_shop_audience_student();
	if (audience === 'regular') return m.admin_shop_audience_regular();
	return audience;
}

/** The answer to a cancel or refund that did not go through. */
export function orderRefusalText(
	reason: string,
	status: string | null,
	action: 'cancel' | 'refund'
): string {
	const words = status ? orderStatusLabel(status).toLowerCase() : '';
	switch (reason) {
		case 'already':
			return m.admin_shop_order_refusal_already({ status: words });
		case 'in_progress':
			return m.admin_shop_order_refusal_in_progress();
		case 'other_provider':
			return m.admin_shop_order_refusal_other_provider();
		case 'provider_failed':
			return action === 'refund' && status === 'refunding'
				? m.admin_shop_order_refusal_refund_failed()
				: m.admin_shop_order_refusal_provider_failed();
		case 'not_found':
			return m.admin_shop_not_found();
		default:
			return m.admin_shop_order_refusal_not_allowed({
				status: status ? orderStatusLabel(status) : ''
			});
	}
}
