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
	const [unitNames, campusRows, categoryNames, userRows, fileRows] = await Promise.all([
		namesInBoth(db, 'units', units, locale),
		campuses.length
			? db.selectFrom('campuses').select(['id', 'name']).where('id', 'in', campuses).execute()
			: [],
		namesInBoth(db, 'categories', categories, locale),
		ids.length
			? db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()
			: [],
		ids.length
			? db.selectFrom('files').select(['id', 'original_name']).where('id', 'in', ids).execute()
			: []
	]);
	return new Map<string, string>([
		...unitNames,
		...campusRows.map((c) => [c.id, c.name] as const),
		...categoryNames,
		...userRows.map((u) => [u.id, u.name] as const),
		...fileRows.map((f) => [f.id, f.original_name] as const)
	]);
}

/** The names, in `locale`, of the rows of a table named in both languages. */
async function namesInBoth(
	db: Db,
	table: 'units' | 'categories',
	ids: string[],
	locale: Locale
): Promise<(readonly [string, string])[]> {
	if (ids.length === 0) return [];
	const rows = await db
		.selectFrom(table)
		.select(['id', 'name_no', 'name_en'])
		.where('id', 'in', ids)
		.execute();
	return rows.map((r) => [r.id, pickLocalized(r, 'name', locale).text] as const);
}
