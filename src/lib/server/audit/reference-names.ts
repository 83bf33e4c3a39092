// Names of what audit entries' fields refer to by id, in the reader's language: units
// (`unit_id`, `unitId`), campuses (`campus_id`), categories (`category`) by their field, and
// accounts and files by any value that is a UUID. A trail shows the name (trail-values.ts) instead
// of the id; a record since deleted has no name here.
import type { Locale } from '$lib/i18n';
import { pickLocalized } from '../content/localize';
import type { Db } from '../db';
import { idsIn } from './trail-values';

/** One side (before or after) of an audit entry's change. */
export type Fields = Record<string, unknown> | null | undefined;

const UNIT_FIELDS = ['unit_id', 'unitId'];

export async function referenceNames(
	db: Db,
	sides: Fields[],
	locale: Locale
): Promise<Map<string, string>> {
	const valuesOf = (keys: string[]) => [
		...new Set(
			sides.flatMap((side) =>
				keys.flatMap((key) => {
					const value = side?.[key];
					return typeof value === 'string' ? [value] : [];
				})
			)
		)
	];
	const units = valuesOf(UNIT_FIELDS);
	const campuses = valuesOf(['campus_id']);
	const categories = valuesOf(['category']);
	const ids = [...new Set(idsIn(...sides))];
	const [unitRows, campusRows, categoryRows, userRows, fileRows] = await Promise.all([
		units.length
			? db
					.selectFrom('units')
					.select(['id', 'name_no', 'name_en'])
					.where('id', 'in', units)
					.execute()
			: [],
		campuses.length
			? db.selectFrom('campuses').select(['id', 'name']).where('id', 'in', campuses).execute()
			: [],
		categories.length
			? db
					.selectFrom('categories')
					.select(['id', 'name_no', 'name_en'])
					.where('id', 'in', categories)
					.execute()
			: [],
		ids.length
			? db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()
			: [],
		ids.length
			? db.selectFrom('files').select(['id', 'original_name']).where('id', 'in', ids).execute()
			: []
	]);
	return new Map<string, string>([
		...unitRows.map((u) => [u.id, pickLocalized(u, 'name', locale).text] as const),
		...campusRows.map((c) => [c.id, c.name] as const),
		...categoryRows.map((c) => [c.id, pickLocalized(c, 'name', locale).text] as const),
		...userRows.map((u) => [u.id, u.name] as const),
		...fileRows.map((f) => [f.id, f.original_name] as const)
	]);
}
