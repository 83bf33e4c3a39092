// The codes the shop's admin domain answers with, as text in the request's locale: field errors,
// the fields and actions of an audit trail, someone else's save, and the answers to a cancel or
// refund. The routes turn codes into text on the server, so the pages receive text and the browser
// never loads these tables (each message is JavaScript the admin's first visit would pay for).
import { audienceLabel, periodLabel } from '$lib/shop/plan-words';
import { formatList, formatPrice } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { orderNumber } from '$lib/order-number';
import { orderStatusLabel } from '$lib/shop/status-words';
import { m } from '$lib/paraglide/messages';
import type { NamedTrail } from '../audit/named';
import { trailTexts, type TrailEntry } from '../audit/trail-entry';
import { trailValue } from '../audit/trail-values';
import type { OrderEventBy } from './orders-admin';
import type { ProductUses } from './products-admin';

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
	category_unknown: m.admin_shop_error_category_unknown,
	unit_unknown: m.admin_shop_error_unit_unknown,
	months_format: m.admin_shop_error_months_format
};

/** Each field's problem in words. */
export function fieldErrorTexts(errors: Record<string, string>): Record<string, string> {
	return Object.fromEntries(
		Object.entries(errors).map(([field, code]) => [
			field,
			(Object.hasOwn(ERRORS, code) ? ERRORS[code]! : m.admin_shop_error_invalid)()
		])
	);
}

const FIELDS: Record<string, () => string> = {
	slug: m.admin_shop_field_slug,
	nameNo: () => `${m.admin_shop_field_name()} (${m.admin_language_no()})`,
	nameEn: () => `${m.admin_shop_field_name()} (${m.admin_language_en()})`,
	descriptionNo: () => `${m.admin_shop_field_description()} (${m.admin_language_no()})`,
	descriptionEn: () => `${m.admin_shop_field_description()} (${m.admin_language_en()})`,
	priceOre: m.admin_shop_field_price,
	memberPriceOre: m.admin_shop_field_member_price,
	price: m.admin_shop_field_price,
	memberPrice: m.admin_shop_field_member_price,
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
	revoked: m.admin_shop_field_revoked,
	image_alt_no: () => `${m.admin_field_image_alt()} (${m.admin_language_no()})`,
	image_alt_en: () => `${m.admin_field_image_alt()} (${m.admin_language_en()})`
};

/** A picture's stored path and file id: the action ("Picture changed") says it, a path would not. */
const UNSHOWN = new Set(['image', 'image_file_id']);

function fieldLabel(field: string): string {
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
	refunded: m.admin_shop_action_refunded,
	image: m.admin_shop_action_image
};

/**
 * A recorded value as a reader wants it: kroner for øre, yes/no, a status or code in words, a
 * unit's, category's or file's name for its id, a date in the reader's language (trail-values.ts).
 */
function fieldValue(
	field: string,
	value: unknown,
	locale: Locale,
	names: ReadonlyMap<string, string>
): string {
	if (value === null || value === undefined || value === '') return m.admin_shop_empty_value();
	if (typeof value === 'boolean') return value ? m.admin_shop_yes() : m.admin_shop_no();
	if (typeof value === 'number' && field.endsWith('Ore')) return formatPrice(value, locale);
	if (field === 'status' && typeof value === 'string') return orderStatusLabel(value);
	if (field === 'period' && typeof value === 'string') return periodLabel(value);
	if (field === 'audience' && typeof value === 'string') return audienceLabel(value);
	return trailValue(value, locale, names);
}

const sideOf = (details: Record<string, unknown>, key: 'before' | 'after') => {
	const v = details[key];
	return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
};

/** A record's audit trail in words of the request's locale. */
export function historyOf(trail: NamedTrail, locale: Locale): TrailEntry[] {
	const names = new Map(Object.entries(trail.names));
	return trail.entries.map((e) => {
		const before = sideOf(e.details, 'before');
		const after = sideOf(e.details, 'after');
		const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
		return {
			id: e.id,
			at: e.at,
			who: e.actorName,
			action: e.action,
			label: Object.hasOwn(ACTIONS, e.action) ? ACTIONS[e.action]!() : e.action,
			// Each changed field: `Price (kr): NOK 149 → NOK 159`.
			details: fields
				.filter((field) => !UNSHOWN.has(field))
				.map((field) => {
					const sides = [before, after]
						.filter((side) => side !== null)
						.map((side) => fieldValue(field, side[field], locale, names));
					return `${fieldLabel(field)}: ${sides.join(' → ')}`;
				})
		};
	});
}

/** Someone else's save, field by field: what the form's fields hold now in the store. */
export function savedMeanwhileText(
	fields: { field: string; value: string | boolean }[]
): { label: string; value: string }[] {
	return fields.map(({ field, value }) => ({
		label: fieldLabel(field),
		value:
			typeof value === 'boolean'
				? value
					? m.admin_shop_yes()
					: m.admin_shop_no()
				: value === ''
					? m.admin_shop_empty_value()
					: value
	}));
}

/** Why a product cannot be deleted: what it is used in, each count in its own number. */
export function deleteRefusedText(uses: ProductUses, locale: Locale): string {
	const counted: [number, (input: { count: number }) => string][] = [
		[uses.orders, m.admin_shop_uses_orders],
		[uses.reservations, m.admin_shop_uses_reservations],
		[uses.memberships, m.admin_shop_uses_memberships],
		[uses.events, m.admin_shop_uses_events]
	];
	const parts = counted.filter(([count]) => count > 0).map(([count, text]) => text({ count }));
	return m.admin_shop_product_delete_refused({ uses: formatList(parts, locale) });
}

/** The answer to a cancel or refund that did not go through. */
export function orderRefusalText(
	reason: string,
	status: string | null,
	action: 'cancel' | 'refund'
): string {
	switch (reason) {
		case 'already':
			return m.admin_shop_order_refusal_already({
				status: status ? orderStatusLabel(status).toLowerCase() : ''
			});
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

/**
 * Fixed words of a page, in the request's language, sent with its data so that the page carries
 * no message functions (each with both languages) for them: the same approach as the claim form
 * (server/expenses/form/texts.ts), which keeps an admin's record page within the JavaScript budget.
 */
function wordsOf<K extends string>(messages: Record<K, () => string>): Record<K, string> {
	const words = {} as Record<K, string>;
	for (const key of Object.keys(messages) as K[]) words[key] = messages[key]();
	return words;
}

const FORM_WORDS = {
	no: m.admin_language_no,
	en: m.admin_language_en,
	name: m.admin_shop_field_name,
	description: m.admin_shop_field_description,
	slug: m.admin_shop_field_slug,
	price: m.admin_shop_field_price,
	member_price: m.admin_shop_field_member_price,
	member_price_hint: m.admin_shop_field_member_price_hint,
	stock: m.admin_shop_field_stock,
	stock_hint: m.admin_shop_field_stock_hint,
	max_per_order: m.admin_shop_field_max_per_order,
	max_per_order_hint: m.admin_shop_field_max_per_order_hint,
	category: m.admin_shop_field_category,
	category_hint: m.admin_shop_field_category_hint,
	category_choose: m.admin_shop_field_category_choose,
	unit: m.admin_shop_field_unit,
	unit_none: m.admin_shop_field_unit_none,
	period: m.admin_shop_field_period,
	period_semester: m.admin_shop_period_semester,
	period_year: m.admin_shop_period_year,
	audience: m.admin_shop_field_audience,
	audience_student: m.admin_shop_audience_student,
	audience_regular: m.admin_shop_audience_regular,
	months: m.admin_shop_field_months,
	featured: m.admin_shop_field_featured,
	active: m.admin_shop_field_active,
	missing_translation: m.admin_shop_missing_translation,
	form_invalid: m.admin_shop_form_invalid,
	saving: m.admin_shop_saving
};

export type CatalogueFormTexts = Record<keyof typeof FORM_WORDS, string> & {
	slug_hint: string;
	submit: string;
	/** What is sold, held and left of a product; null on a new one. */
	stock_now: string | null;
};

/** The product or plan form's words; `product` when the form edits a stored product. */
export function catalogueFormTexts(
	kind: 'product' | 'plan',
	product?: { sold: number; reserved: number; available: number | null }
): CatalogueFormTexts {
	const isNew = product === undefined;
	return {
		...wordsOf(FORM_WORDS),
		slug_hint: isNew ? m.admin_shop_field_slug_hint_new() : m.admin_shop_field_slug_hint_edit(),
		submit: !isNew
			? m.admin_shop_save()
			: kind === 'product'
				? m.admin_shop_product_create()
				: m.admin_shop_plan_create(),
		stock_now: !product
			? null
			: product.available === null
				? m.admin_shop_field_stock_now_unlimited(product)
				: m.admin_shop_field_stock_now({ ...product, available: product.available })
	};
}

/** The history's heading and its table's words. */
export const historyTexts = () => ({
	heading: m.admin_shop_history(),
	table: trailTexts(m.admin_shop_history(), m.admin_shop_history_empty())
});

export type HistoryTexts = ReturnType<typeof historyTexts>;

const RECORD_WORDS = {
	open_in_shop: m.admin_shop_open_in_shop,
	delete_heading: m.admin_shop_product_delete_heading,
	delete_text: m.admin_shop_product_delete_text,
	delete: m.admin_shop_product_delete,
	deactivate: m.admin_shop_product_deactivate,
	activate: m.admin_shop_product_activate,
	conflict_list: m.admin_shop_conflict_list
};

export type RecordTexts = Record<keyof typeof RECORD_WORDS, string>;

export const recordTexts = (): RecordTexts => wordsOf(RECORD_WORDS);

const ORDER_WORDS = {
	back: m.admin_shop_order_back,
	status: m.admin_shop_status,
	placed: m.admin_shop_order_placed,
	updated: m.admin_shop_order_updated,
	buyer: m.admin_shop_order_buyer,
	email: m.admin_shop_order_email,
	phone: m.admin_shop_order_phone,
	language: m.admin_shop_order_language,
	provider: m.admin_shop_order_provider,
	session: m.admin_shop_order_session,
	provider_state: m.admin_shop_order_provider_state,
	lines: m.admin_shop_order_lines,
	events: m.admin_shop_order_events,
	when: m.admin_shop_history_when,
	from: m.admin_shop_order_event_from,
	to: m.admin_shop_order_event_to,
	by: m.admin_shop_order_event_by,
	note: m.admin_shop_field_note,
	cancel_heading: m.admin_shop_order_cancel_heading,
	cancel: m.admin_shop_order_cancel,
	refund_heading: m.admin_shop_order_refund_heading,
	none: m.admin_shop_empty_value
};

export type OrderPageTexts = Record<keyof typeof ORDER_WORDS, string> & {
	title: string;
	status_word: string;
	language_word: string;
	provider_word: string;
	provider_state_word: string;
	cancel_text: string;
	refund_text: string;
	refund_button: string;
	/** Each event's from, to and by in words, in the order of the event log. */
	events_words: { from: string; to: string; by: string }[];
};

const PROVIDERS: Record<string, () => string> = {
	vipps: m.admin_shop_provider_vipps,
	simulator: m.admin_shop_provider_simulator
};

/** A payment provider by name ("Vipps", "the payment simulator"); an unknown one by its code. */
function providerName(provider: string): string {
	return Object.hasOwn(PROVIDERS, provider) ? PROVIDERS[provider]!() : provider;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const PROVIDER_STATES: Record<string, () => string> = {
	CREATED: m.admin_shop_provider_state_created,
	AUTHORIZED: m.admin_shop_provider_state_authorized,
	ABORTED: m.admin_shop_provider_state_aborted,
	EXPIRED: m.admin_shop_provider_state_expired,
	TERMINATED: m.admin_shop_provider_state_terminated
};

function orderEventByText(by: OrderEventBy): string {
	switch (by.kind) {
		case 'buyer':
			return m.admin_shop_order_by_buyer();
		case 'provider':
			return capitalised(providerName(by.provider));
		case 'reconcile':
			return m.admin_shop_order_by_reconcile();
		case 'admin':
			return by.name ?? m.admin_shop_order_by_admin();
		case 'system':
			return m.admin_shop_order_by_system();
	}
}

/** The admin's order page in words of the request's language (the order's own data aside). */
export function orderPageTexts(
	order: {
		id: string;
		status: string;
		locale: string | null;
		provider: string;
		providerState: string | null;
		totalOre: number;
		events: { from: string | null; to: string; by: OrderEventBy }[];
	},
	locale: Locale
): OrderPageTexts {
	const languages: Record<string, () => string> = {
		no: m.admin_language_no,
		en: m.admin_language_en
	};
	const refunding = order.status === 'refunding';
	return {
		...wordsOf(ORDER_WORDS),
		title: m.admin_shop_order_title({ id: orderNumber(order.id) }),
		status_word: orderStatusLabel(order.status),
		language_word:
			order.locale && Object.hasOwn(languages, order.locale)
				? languages[order.locale]!()
				: m.admin_shop_empty_value(),
		provider_word: capitalised(providerName(order.provider)),
		provider_state_word:
			order.providerState === null
				? m.admin_shop_order_provider_state_unknown()
				: Object.hasOwn(PROVIDER_STATES, order.providerState)
					? PROVIDER_STATES[order.providerState]!()
					: order.providerState,
		cancel_text: m.admin_shop_order_cancel_text({ provider: providerName(order.provider) }),
		refund_text: refunding
			? m.admin_shop_order_refund_retry_text()
			: m.admin_shop_order_refund_text({
					total: formatPrice(order.totalOre, locale),
					provider: providerName(order.provider)
				}),
		refund_button: refunding ? m.admin_shop_order_refund_retry() : m.admin_shop_order_refund(),
		events_words: order.events.map((e) => ({
			from: e.from ? orderStatusLabel(e.from) : m.admin_shop_order_event_new(),
			to: orderStatusLabel(e.to),
			by: orderEventByText(e.by)
		}))
	};
}

/** What a cancel or refund that went through did, in words. */
export function orderDoneText(action: 'cancel' | 'refund'): string {
	return action === 'cancel' ? m.admin_shop_order_cancelled() : m.admin_shop_order_refunded();
}
