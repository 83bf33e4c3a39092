// The form's chosen values checked against what exists: a campus, unit, product or event category
// that is there, a project status the site knows, and for a unit's leader only their own unit.
import { KINDS } from '$lib/admin/content-fields';
import type { ContentKind } from '$lib/admin/nav';
import type { FormErrors } from './form-values';
import type { Columns, LooseDb } from './tables';

/** Checks the select fields' values exist; a leader may only give their own unit. */
export async function checkChoices(
	trx: LooseDb,
	kind: ContentKind,
	columns: Columns,
	errors: FormErrors,
	allowedUnits: string[] | null
) {
	const exists = async (table: string, id: string, kindOf?: string) => {
		let query = trx.selectFrom(table).select('id').where('id', '=', id);
		if (kindOf) query = query.where('kind', '=', kindOf);
		return !!(await query.executeTakeFirst());
	};
	for (const field of KINDS[kind].fields) {
		if (field.type !== 'select' || columns[field.name] === null) continue;
		// A select field's value is its option's text (form-schema.ts); null was skipped above.
		const value = columns[field.name] as string;
		const ok =
			field.options === 'projectStatus'
				? value === 'active' || value === 'completed'
				: field.options === 'eventCategories'
					? await exists('categories', value, 'event')
					: await exists(
							field.options === 'campuses'
								? 'campuses'
								: field.options === 'units'
									? 'units'
									: 'products',
							value
						);
		if (!ok) errors[field.name] = 'unknown_choice';
	}
	const unitField = KINDS[kind].unitField;
	if (allowedUnits && unitField && unitField !== 'id') {
		const unit = columns[unitField];
		if (typeof unit !== 'string' || !allowedUnits.includes(unit)) {
			errors[unitField] = 'not_your_unit';
		}
	}
}
