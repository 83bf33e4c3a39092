// Display names of the codes stored in content rows (unit types, project statuses). A code
// without a message shows as it is stored. Categories are named in the database (migration 021).
import { m } from '$lib/paraglide/messages';

const UNIT_TYPES: Record<string, () => string> = {
	board: m.units_type_board,
	department: m.units_type_department,
	club: m.units_type_club
};

const PROJECT_STATUSES: Record<string, () => string> = {
	active: m.projects_status_active,
	completed: m.projects_status_completed
};

function label(table: Record<string, () => string>, code: string): string {
	return Object.hasOwn(table, code) ? table[code]!() : code;
}

export const unitTypeLabel = (code: string) => label(UNIT_TYPES, code);
export const projectStatusLabel = (code: string) => label(PROJECT_STATUSES, code);
