// Display names of the codes stored in content rows (event categories, unit types, project
// statuses, product categories). A code without a message shows as it is stored.
import { m } from '$lib/paraglide/messages';

const EVENT_CATEGORIES: Record<string, () => string> = {
	social: m.events_category_social,
	career: m.events_category_career,
	sport: m.events_category_sport,
	politics: m.events_category_politics,
	academic: m.events_category_academic,
	culture: m.events_category_culture
};

const UNIT_TYPES: Record<string, () => string> = {
	board: m.units_type_board,
	department: m.units_type_department,
	club: m.units_type_club
};

const PROJECT_STATUSES: Record<string, () => string> = {
	active: m.projects_status_active,
	completed: m.projects_status_completed
};

const PRODUCT_CATEGORIES: Record<string, () => string> = {
	clothing: m.shop_category_clothing,
	merch: m.shop_category_merch,
	ticket: m.shop_category_ticket
};

function label(table: Record<string, () => string>, code: string): string {
	return Object.hasOwn(table, code) ? table[code]!() : code;
}

export const eventCategoryLabel = (code: string) => label(EVENT_CATEGORIES, code);
export const unitTypeLabel = (code: string) => label(UNIT_TYPES, code);
export const projectStatusLabel = (code: string) => label(PROJECT_STATUSES, code);
export const productCategoryLabel = (code: string) => label(PRODUCT_CATEGORIES, code);
