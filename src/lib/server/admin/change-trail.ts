// A record's audit trail as the admin pages show it (components/AuditTrail.svelte): who by name,
// what in words, and each changed field as "field: before → after" in the reader's words — the
// field's label, a date in their language, the name of the unit, campus, person or file a field
// names by id — cut short. Texts in the request's language.
import type { Locale } from '$lib/i18n';
import { getLocale } from '$lib/paraglide/runtime';
import type { AuditRecord } from '../audit';
import { actorNames, type TrailEntry } from '../audit/trail-entry';
import { referenceNames } from '../audit/reference-names';
import { trailValue } from '../audit/trail-values';
import type { Db } from '../db';
import { changeActionWord } from './words';

type Fields = Record<string, unknown> | null;
const sides = (r: AuditRecord) =>
	[r.details.before ?? null, r.details.after ?? null] as [Fields, Fields];

export async function changeTrail(
	db: Db,
	records: AuditRecord[],
	fieldLabel: (field: string) => string,
	locale: Locale = getLocale()
): Promise<TrailEntry[]> {
	const [names, references] = await Promise.all([
		actorNames(
			db,
			records.map((r) => r.actor)
		),
		referenceNames(db, records.flatMap(sides), locale)
	]);
	return records.map((r) => {
		const [before, after] = sides(r);
		const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
		const shown = (value: unknown) => trailValue(value, locale, references);
		return {
			id: r.id,
			at: r.at,
			who: names.get(r.actor) ?? r.actor,
			action: r.action,
			label: changeActionWord(r.action) ?? r.action,
			// A record created or deleted is listed whole elsewhere; a change shows what changed.
			details:
				before && after
					? fields.map((f) => `${fieldLabel(f)}: ${shown(before[f])} → ${shown(after[f])}`)
					: []
		};
	});
}
