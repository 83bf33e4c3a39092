// A record's audit trail as the admin pages show it (components/expenses/AuditTrail.svelte):
// who by name, what in words, and each changed field as "field: before → after", cut short.
// Texts in the request's language.
import { m } from '$lib/paraglide/messages';
import type { AuditRecord } from '../audit';
import { actorNames, type TrailEntry } from '../audit/trail-entry';
import type { Db } from '../db';

const ACTIONS: Record<string, () => string> = {
	create: m.admin_trail_create,
	update: m.admin_trail_update,
	delete: m.admin_trail_delete
};
const SHOWN = 80;

function shown(value: unknown): string {
	if (value === null || value === undefined || value === '') return '–';
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > SHOWN ? `${line.slice(0, SHOWN - 1)}…` : line;
}

export async function changeTrail(
	db: Db,
	records: AuditRecord[],
	fieldLabel: (field: string) => string
): Promise<TrailEntry[]> {
	const names = await actorNames(
		db,
		records.map((r) => r.actor)
	);
	return records.map((r) => {
		const before = (r.details.before ?? null) as Record<string, unknown> | null;
		const after = (r.details.after ?? null) as Record<string, unknown> | null;
		const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
		return {
			id: r.id,
			at: r.at,
			who: names.get(r.actor) ?? r.actor,
			action: r.action,
			label: ACTIONS[r.action]?.() ?? r.action,
			// A record created or deleted is listed whole elsewhere; a change shows what changed.
			details:
				before && after
					? fields.map((f) => `${fieldLabel(f)}: ${shown(before[f])} → ${shown(after[f])}`)
					: []
		};
	});
}
